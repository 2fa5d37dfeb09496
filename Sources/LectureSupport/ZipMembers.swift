#if canImport(Glibc)
    import Glibc
#endif

/// The members of a zip archive (PKWARE's APPNOTE: the end of central directory record, then the
/// central directory's headers, then each member's local header), for the secret scan: a
/// deflated member's bytes are no text until inflated (`InflatedBytes`). Read from the archive's
/// end, as unzip does; a ZIP64 archive (past 4 GiB or 65,535 members) is not read.
struct ZipMembers {
    struct Member {
        /// Its name in the archive, as written (`docs/.env`).
        var name: String
        /// 0 stored, 8 deflated; anything else is not read.
        var method: Int
        /// Whether it is encrypted (general purpose flag bit 0): no one reads it without the password.
        var encrypted: Bool
        /// Where its data lies in the archive.
        var start: Int
        var end: Int
    }

    /// The members of the archive open at `fd` (`size` bytes long); nil when it is no zip archive
    /// this reader knows.
    static func of(_ fd: Int32, size: Int) -> [Member]? {
        // The end record: 22 bytes and a comment of at most 65,535.
        let tailLength = min(size, 22 + 65_535)
        let tail = read(fd, at: size - tailLength, count: tailLength)
        guard tail.count == tailLength, tail.count >= 22,
            let record = stride(from: tail.count - 22, through: 0, by: -1).first(where: {
                word(tail, $0) == 0x0605_4B50
            })
        else { return nil }
        let count = half(tail, record + 10)
        let directorySize = word(tail, record + 12)
        let directoryStart = word(tail, record + 16)
        guard directorySize <= 16 << 20, directoryStart + directorySize <= size else { return nil }
        let directory = read(fd, at: directoryStart, count: directorySize)
        guard directory.count == directorySize else { return nil }
        var members: [Member] = []
        var cursor = 0
        for _ in 0..<count {
            guard cursor + 46 <= directory.count, word(directory, cursor) == 0x0201_4B50 else { return nil }
            let flags = half(directory, cursor + 8)
            let method = half(directory, cursor + 10)
            let compressed = word(directory, cursor + 20)
            let nameLength = half(directory, cursor + 28)
            let extraLength = half(directory, cursor + 30)
            let commentLength = half(directory, cursor + 32)
            let local = word(directory, cursor + 42)
            let nameEnd = min(directory.count, cursor + 46 + nameLength)
            let name = String(decoding: directory[(cursor + 46)..<nameEnd], as: UTF8.self)
            cursor += 46 + nameLength + extraLength + commentLength
            // ZIP64 marks its sizes and places 0xFFFFFFFF.
            guard compressed != 0xFFFF_FFFF, local != 0xFFFF_FFFF else { return nil }
            let header = read(fd, at: local, count: 30)
            guard header.count == 30, word(header, 0) == 0x0403_4B50 else { return nil }
            let start = local + 30 + half(header, 26) + half(header, 28)
            guard start + compressed <= size else { return nil }
            members.append(
                Member(name: name, method: method, encrypted: flags & 1 == 1, start: start, end: start + compressed))
        }
        return members
    }

    private static func read(_ fd: Int32, at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        return Array(bytes[0..<filled])
    }

    private static func half(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }

    private static func word(_ bytes: [UInt8], _ at: Int) -> Int { half(bytes, at) | half(bytes, at + 2) << 16 }
}
