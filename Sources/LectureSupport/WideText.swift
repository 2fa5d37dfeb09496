/// Text in UTF-16 or UTF-32 (attack 19 F4): Windows PowerShell 5.1's `>` writes UTF-16LE, so
/// `gh auth token > token.txt` puts a token in a file whose bytes hold a NUL after each of its
/// letters, which no byte check of `SecretFormats` matches. Known by a byte order mark, or, without
/// one, by the NULs of its ASCII letters: at least half of the first units are a letter or other
/// ASCII character in the order's low byte with every other byte NUL.
///
/// Every format the scan knows is ASCII, so the text is scanned narrowed, one byte a unit: an
/// ASCII unit as its byte, any other as 0x80 (which no check takes for part of a secret). Lines
/// and columns then count units: a character's column in the BMP, where almost all text lies.
enum WideText: Equatable {
    case utf16LittleEndian, utf16BigEndian, utf32LittleEndian, utf32BigEndian

    /// Bytes a unit.
    var width: Int {
        switch self {
        case .utf16LittleEndian, .utf16BigEndian: 2
        case .utf32LittleEndian, .utf32BigEndian: 4
        }
    }

    var isLittleEndian: Bool { self == .utf16LittleEndian || self == .utf32LittleEndian }

    /// The encoding of text starting with `head`, and the length of its byte order mark; nil for
    /// bytes that are no wide text (UTF-8, a picture, an archive).
    static func of(_ head: [UInt8]) -> (encoding: WideText, mark: Int)? {
        func starts(_ prefix: [UInt8]) -> Bool { head.starts(with: prefix) }
        if starts([0xFF, 0xFE, 0, 0]) { return (.utf32LittleEndian, 4) }
        if starts([0, 0, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
        if starts([0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if starts([0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        for encoding in [WideText.utf32LittleEndian, .utf32BigEndian, .utf16LittleEndian, .utf16BigEndian] {
            let units = head.count / encoding.width
            guard units >= 8 else { continue }
            let ascii = (0..<units).count { encoding.isASCII(head, unit: $0) }
            if ascii * 2 >= units { return (encoding, 0) }
        }
        return nil
    }

    /// Whether unit `index` of `bytes` is an ASCII character other than NUL.
    private func isASCII(_ bytes: [UInt8], unit index: Int) -> Bool {
        let start = index * width
        let low = isLittleEndian ? start : start + width - 1
        guard bytes[low] != 0, bytes[low] < 0x80 else { return false }
        return (start..<(start + width)).allSatisfy { $0 == low || bytes[$0] == 0 }
    }

    /// The narrowed text of `source` (past its byte order mark, `mark` bytes): one byte a unit.
    func narrowing(_ source: ScanSource, mark: Int) -> ScanSource {
        var skip = mark
        let width = self.width
        let little = isLittleEndian
        // Bytes read but short of a whole unit, kept for the next read.
        var pending: [UInt8] = []
        return ScanSource { pointer, count in
            var wide = [UInt8](repeating: 0, count: count * width + width)
            var filled = pending.count
            for (index, byte) in pending.enumerated() { wide[index] = byte }
            while filled < count * width {
                let got = wide.withUnsafeMutableBytes { source.read($0.baseAddress! + filled, count * width - filled) }
                guard got > 0 else { break }
                filled += got
            }
            var from = 0
            if skip > 0 {
                from = min(skip, filled)
                skip -= from
            }
            let units = (filled - from) / width
            pending = Array(wide[(from + units * width)..<filled])
            let out = pointer.assumingMemoryBound(to: UInt8.self)
            for unit in 0..<units {
                let start = from + unit * width
                let low = little ? start : start + width - 1
                var ascii = wide[low] < 0x80
                for index in start..<(start + width) where index != low && wide[index] != 0 { ascii = false }
                out[unit] = ascii ? wide[low] : 0x80
            }
            return units
        }
    }
}
