/// A set of grams (`SearchGrams`; never 0) in one flat open-addressing table (linear probing,
/// Fibonacci hashing): a page's grams are deduplicated here, several times faster than sorting
/// them or a `Set<UInt32>`.
struct GramSet {
    private var table: [UInt32]
    private var shift: UInt32
    private(set) var count = 0

    /// A set that holds `capacity` grams without growing.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        table = [UInt32](repeating: 0, count: size)
        shift = UInt32(32 - size.trailingZeroBitCount)
    }

    mutating func insert(_ gram: UInt32) {
        if (count + 1) * 2 > table.count { grow() }
        let mask = table.count - 1
        var slot = Int((gram &* 2_654_435_769) >> shift)
        while true {
            let held = table[slot]
            if held == gram { return }
            if held == 0 {
                table[slot] = gram
                count += 1
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// The grams, in no order.
    var elements: [UInt32] { table.filter { $0 != 0 } }

    private mutating func grow() {
        let old = table
        self = GramSet(capacity: old.count)
        for gram in old where gram != 0 { insert(gram) }
    }
}
