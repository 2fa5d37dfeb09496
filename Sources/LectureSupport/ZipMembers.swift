#if canImport(Glibc)
    import Glibc
#endif

/// The members of a zip archive (PKWARE's APPNOTE: the end of central directory record, then the
/// central directory's headers, then each member's local header), for the secret scan: a
/// deflated member's bytes are no text until inflated (`InflatedBytes`). Read from the archive's
/// end, as unzip does, and, as unzip does, wherever the archive starts in the file: bytes before
/// it (a self-extracting archive's program, `cat a b.zip`) shift every offset by their count. A
/// ZIP64 archive (past 4 GiB or 65,535 members) and a damaged one are not read, and said so
/// (code review 40 #4). Nor is one whose members overlap one another or its central directory,
/// as unzip 6.0 refuses them since CVE-2019-13232: D. Fifield's non-recursive zip bomb points
/// 65,535 central entries at one member's data, so a 5 MB archive made the scan read 128 GiB
/// (code review 41 #1). No tool writes such an archive.
struct ZipMembers {
    struct Member {
        /// Its name in the archive, as written (`docs/.env`).
        var name: String
        /// 0 stored, 8 deflated; anything else is not read (`methodName`).
        var method: Int
        /// Whether it is encrypted (general purpose flag bit 0): no one reads it without the password.
        var encrypted: Bool
        /// Where its local header lies in the archive: its span is `header..<end`.
        var header: Int
        /// Where its data lies in the archive.
        var start: Int
        var end: Int
    }

    /// What reading an archive's directory gave.
    enum Listing {
        case members([Member])
        /// The archive is not read: why, as the scan's warning says it ("it is a ZIP64 archive").
        case unreadable(String)
    }

    /// A compression method's name (APPNOTE 4.4.5), for a member the scan cannot inflate.
    static func methodName(_ method: Int) -> String {
        switch method {
        case 1: "Shrink"
        case 6: "Implode"
        case 9: "Deflate64"
        case 12: "bzip2"
        case 14: "LZMA"
        case 93: "zstd"
        case 95: "xz"
        case 98: "PPMd"
        default: "method \(method)"
        }
    }

    /// The members of the archive open at `fd` (`size` bytes long), or why they cannot be read.
    static func of(_ fd: Int32, size: Int) -> Listing {
        let damaged = Listing.unreadable("its directory is damaged")
        // The end record: 22 bytes and a comment of at most 65,535.
        let tailLength = min(size, 22 + 65_535)
        let tail = read(fd, at: size - tailLength, count: tailLength)
        guard tail.count == tailLength, tail.count >= 22,
            let record = stride(from: tail.count - 22, through: 0, by: -1).first(where: {
                word(tail, $0) == 0x0605_4B50
            })
        else { return .unreadable("it has no end of central directory record (damaged, or cut short)") }
        let count = half(tail, record + 10)
        let directorySize = word(tail, record + 12)
        let directoryStart = word(tail, record + 16)
        // ZIP64 marks its counts, sizes and places 0xFFFF or 0xFFFFFFFF, and puts its own
        // locator right before the end record.
        let zip64Locator = record >= 20 && word(tail, record - 20) == 0x0706_4B50
        if zip64Locator || count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryStart == 0xFFFF_FFFF {
            return .unreadable("it is a ZIP64 archive")
        }
        // The directory ends where the end record starts: what lies before the archive moves both.
        let shift = (size - tailLength + record) - (directoryStart + directorySize)
        guard shift >= 0, directorySize <= 16 << 20 else { return damaged }
        let directory = read(fd, at: directoryStart + shift, count: directorySize)
        guard directory.count == directorySize else { return damaged }
        var members: [Member] = []
        var cursor = 0
        for _ in 0..<count {
            guard cursor + 46 <= directory.count, word(directory, cursor) == 0x0201_4B50 else { return damaged }
            let flags = half(directory, cursor + 8)
            let method = half(directory, cursor + 10)
            let compressed = word(directory, cursor + 20)
            let nameLength = half(directory, cursor + 28)
            let extraLength = half(directory, cursor + 30)
            let commentLength = half(directory, cursor + 32)
            let local = word(directory, cursor + 42) + shift
            let nameEnd = min(directory.count, cursor + 46 + nameLength)
            let name = String(decoding: directory[(cursor + 46)..<nameEnd], as: UTF8.self)
            cursor += 46 + nameLength + extraLength + commentLength
            guard compressed != 0xFFFF_FFFF, local - shift != 0xFFFF_FFFF else {
                return .unreadable("it is a ZIP64 archive")
            }
            let header = read(fd, at: local, count: 30)
            guard header.count == 30, word(header, 0) == 0x0403_4B50 else { return damaged }
            if let refusal = differing(local: header, method: method, flags: flags, name: name) { return refusal }
            let start = local + 30 + half(header, 26) + half(header, 28)
            guard start + compressed <= size else { return damaged }
            members.append(
                Member(
                    name: name, method: method, encrypted: flags & 1 == 1, header: local, start: start,
                    end: start + compressed))
        }
        let directoryAt = directoryStart + shift
        guard !overlap(members, directory: directoryAt..<(directoryAt + directorySize)) else {
            return .unreadable("its members overlap, as a zip bomb's do")
        }
        if let refusal = uncounted(read: cursor, of: directory.count) { return refusal }
        return .members(members)
    }

    /// Whether two members' spans (local header to data's end) share a byte, or one shares a
    /// byte with the central directory: unzip's test (CVE-2019-13232), sorted by local header,
    /// so two entries naming the same member overlap too.
    static func overlap(_ members: [Member], directory: Range<Int>) -> Bool {
        let spans = members.map { $0.header..<$0.end }.sorted { $0.lowerBound < $1.lowerBound }
        if spans.contains(where: { $0.overlaps(directory) }) { return true }
        return zip(spans, spans.dropFirst()).contains { $0.upperBound > $1.lowerBound }
    }

    /// Why an archive whose end record counts fewer members than its directory holds is not read:
    /// the scan stopped at the count, and Python's `zipfile` (which walks the directory by its
    /// size), Java's `jar` and unzip (which warns) read the members after it (attack 21, F2). Old
    /// writers store the count modulo 65,536 past 65,535 members: such an archive is said too.
    static func uncounted(read: Int, of directorySize: Int) -> Listing? {
        read < directorySize ? .unreadable("its end record counts fewer members than its directory holds") : nil
    }

    /// Why a member whose local header says another method, or another encryption, than its
    /// directory entry is not read: the scan took the directory's word, and unzip inflates by the
    /// local header's, so a deflated member the directory calls stored was read as its packed
    /// bytes and published (attack 21, F2). nil when they agree.
    static func differing(local header: [UInt8], method: Int, flags: Int, name: String) -> Listing? {
        guard half(header, 8) != method || half(header, 6) & 1 != flags & 1 else { return nil }
        return .unreadable(
            "its member \(quoted: name) is packed otherwise in its local header than in its directory entry")
    }

    private static func read(_ fd: Int32, at offset: Int, count: Int) -> [UInt8] {
        FileDescriptorIO.bytes(fd, at: offset, count: count)
    }

    private static func half(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }

    private static func word(_ bytes: [UInt8], _ at: Int) -> Int { half(bytes, at) | half(bytes, at + 2) << 16 }
}
