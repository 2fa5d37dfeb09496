import LectureSupport

/// The grams of the search index: every single UTF-16 code unit and every pair of adjacent ones in
/// a field's "compact" text, the text `search.js` matches its queries against: NFC, lowercased
/// (ASCII letters; `search.js` never asks for a gram holding another cased letter, whose
/// lowercasing JavaScript and Swift may do differently), with every white-space character of
/// JavaScript's `\s` removed. Grams holding half of a surrogate pair are left out on both sides.
///
/// A gram is a `UInt32`: the first code unit in the high 16 bits, the second (0 for a one-unit
/// gram) in the low ones.
enum SearchGrams {
    /// Adds the grams of one field to `set`.
    static func add(_ field: String, to set: inout GramSet) {
        var previous: UInt32 = 0
        // By scalar (a native string's UTF-16 view is much slower to walk); a scalar beyond the
        // BMP is a surrogate pair in JavaScript, so it ends the run of grams like one.
        for scalar in (mayNeedNFC(field) ? NFC.normalized(field) : field).unicodeScalars {
            var unit = scalar.value
            if unit < 0x10000 && isSpace(UInt16(unit)) { continue }
            if unit >= 0x41 && unit <= 0x5A { unit += 0x20 }
            if unit == 0 || unit >= 0x10000 {
                previous = 0
                continue
            }
            set.insert(unit << 16)
            if previous != 0 { set.insert(previous << 16 | unit) }
            previous = unit
        }
    }

    /// The distinct grams of one field, in no order.
    static func grams(of field: String) -> [UInt32] {
        var set = GramSet(capacity: field.utf8.count * 2)
        add(field, to: &set)
        return set.elements
    }

    /// Whether `text` may not be in NFC: it holds a code unit outside the ranges where every
    /// character is its own NFC and composes with nothing after it (below U+0300, Hangul
    /// syllables, general punctuation, CJK symbols before the combining tone marks). Saves
    /// `NFC.normalized`'s look-up of every scalar's properties, the index's largest cost.
    static func mayNeedNFC(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let unit = scalar.value
            return unit >= 0x300 && !(0xAC00...0xD7A3).contains(unit) && !(0x2010...0x205F).contains(unit)
                && !(0x3000...0x3029).contains(unit)
        }
    }

    /// The gram as a string of one or two code units.
    static func string(_ gram: UInt32) -> String {
        let units = gram & 0xFFFF == 0 ? [UInt16(gram >> 16)] : [UInt16(gram >> 16), UInt16(gram & 0xFFFF)]
        return String(decoding: units, as: UTF16.self)
    }

    /// FNV-1a (32 bits) over the gram's code units: the shard a gram lives in is this modulo the
    /// shard count. `search.js` computes the same.
    static func hash(_ gram: UInt32) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for unit in gram & 0xFFFF == 0 ? [gram >> 16] : [gram >> 16, gram & 0xFFFF] {
            hash ^= unit
            hash = hash &* 16_777_619
        }
        return hash
    }

    /// JavaScript's `\s` (ECMA-262 WhiteSpace and LineTerminator).
    static func isSpace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }
}
