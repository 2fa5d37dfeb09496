#if canImport(Glibc)
    import Glibc
#endif

/// The secret scan's reach past a file's own bytes (attack 19 F4): what a copied file encodes is
/// published too, and a reader decodes it in a click. So a file is scanned as it is and, when its
/// head says so, as what it holds:
/// - wide text (`WideText`: UTF-16 or UTF-32, with a byte order mark or without);
/// - a gzip file (`.gz`, `.tgz`: a tar archive holds its files' bytes as they are, so a
///   `.tar.gz` is read through), inflated (`InflatedBytes`);
/// - a zip archive's deflated members (`ZipMembers`; a stored member's bytes are the archive's
///   own, scanned already, and read again only as wide text, taken from the budget), each read
///   as the first two are, the archive found by its head or, with
///   bytes before it (a self-extracting archive, `cat a b.zip`), by its end record; an encrypted
///   member is no one's to read without its password, and an archive inside the archive (a `.jar`
///   in a zip of sample code) is not opened: both are left alone, as a warning on every such
///   book would be noise;
/// - the zlib streams of a PNG's compressed text chunks and of a PDF (`CompressedStreams`),
///   read as a zip's deflated members are.
/// What the scan cannot read is said, once per file, as `unread` (code review 40 #4): a file
/// compressed as xz, bzip2, zstd, 7-Zip or RAR (rare in a book, so the warning is no noise), a
/// zip archive it cannot list (ZIP64, damaged, members that overlap), a zip member packed with another method than
/// stored or deflated (Deflate64, bzip2, LZMA, zstd, xz), a damaged deflate stream, and what
/// unpacks past a bound (`InflatedBytes.Cut`: the stream's limit, the ratio of a bomb, the
/// pass's `DecompressionBudget`).
extension SecretScan {
    /// A file's scan: its secrets, and what of it the scan could not read ("xz-compressed").
    package struct FileScan: Sendable {
        package var findings: [FileFinding] = []
        package var unread: String?
        /// Whether the pass's budget cut it: then what it says depends on the files scanned
        /// before it, and is not kept for another build (code review 41 #6).
        package var cutByBudget = false

        mutating func add(_ scanned: (findings: [FileFinding], unread: String?, cutByBudget: Bool)) {
            findings += scanned.findings
            unread = scanned.unread
            cutByBudget = scanned.cutByBudget
        }
    }

    /// As `all(inDescriptor:wholePaths:)`, with what the file encodes (`wholePaths` are looked
    /// for in its own bytes only), unpacked within `budget` (the pass's, shared by its files).
    package static func scan(
        descriptor fd: Int32, wholePaths: [(bytes: [UInt8], kind: String)] = [], budget: DecompressionBudget
    ) -> FileScan {
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return FileScan() }
        let size = Int(status.st_size)
        var result = FileScan(findings: all(in: ScanSource.file(fd), wholePaths: wholePaths))
        let head = ScanSource.head { ScanSource.file(fd) }
        if let (encoding, mark) = WideText.of(head) {
            result.findings += all(in: encoding.narrowing(ScanSource.file(fd), mark: mark))
        } else if head.starts(with: [0x1F, 0x8B]) {
            let read = decoded(inside: Packed.gzip.inside, budget: budget, limit: InflatedBytes.limit) {
                InflatedBytes(fd, from: 0, to: size, format: .gzip, limit: $0, budget: budget)
            }
            result.findings += read.findings
            result.unread = read.cut.map { unread(.gzip, $0, budget: budget) }
            result.cutByBudget = read.cut == .budget
        } else if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || endsAsZip(fd, size: size) {
            result.add(zipMembers(fd, size: size, budget: budget))
        } else if head.starts(with: CompressedStreams.pngSignature) {
            result.add(streams(fd, CompressedStreams.png(fd, size: size), budget: budget))
        } else if CompressedStreams.isPDF(head) {
            result.add(streams(fd, CompressedStreams.pdf(fd, size: size), budget: budget))
        } else if let format = unreadableFormat(head) {
            result.unread = "inside this \(format) file"
        }
        return result
    }

    /// Whether the file ends in a zip archive's end record without a comment: an archive with
    /// bytes before it, whose head is not a zip member's.
    private static func endsAsZip(_ fd: Int32, size: Int) -> Bool {
        guard size >= 22 else { return false }
        var bytes = [UInt8](repeating: 0, count: 4)
        let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, 4, off_t(size - 22)) }
        return got == 4 && bytes == [0x50, 0x4B, 0x05, 0x06]
    }

    /// What a file's packed streams held, gathered stream by stream (a zip archive's members, a
    /// PNG's or PDF's zlib streams): their findings, what went unread, and the bytes the file may
    /// still unpack to (`InflatedBytes.limit` for all of them together).
    private struct Gathered {
        var findings: [FileFinding] = []
        var left = InflatedBytes.limit
        var unread: [String] = []
        var cutByBudget = false

        /// Reads one stream, `packed`, from `start` to `end` of the file, inflated as `format`;
        /// why it stopped short, if it did.
        @discardableResult
        mutating func inflate(
            _ fd: Int32, from start: Int, to end: Int, format: InflatedBytes.Format, packed: Packed,
            budget: DecompressionBudget
        ) -> InflatedBytes.Cut? {
            let read = SecretScan.decoded(inside: packed.inside, budget: budget, limit: left) {
                InflatedBytes(fd, from: start, to: end, format: format, limit: $0, budget: budget)
            }
            findings += read.findings
            left -= read.given
            if let cut = read.cut { unread.append(SecretScan.unread(packed, cut, budget: budget)) }
            cutByBudget = cutByBudget || read.cut == .budget
            return read.cut
        }

        /// The file's scan: the first thing unread, and how many more (`noun`s: "member").
        func result(_ noun: String) -> (findings: [FileFinding], unread: String?, cutByBudget: Bool) {
            guard let first = unread.first else { return (findings, nil, cutByBudget) }
            let more = unread.count - 1
            return (
                findings, first + (more > 0 ? " (and \(more) more \(noun)\(more == 1 ? "" : "s"))" : ""), cutByBudget
            )
        }
    }

    /// The findings in a zip archive's members, and what of them went unread.
    private static func zipMembers(_ fd: Int32, size: Int, budget: DecompressionBudget)
        -> (findings: [FileFinding], unread: String?, cutByBudget: Bool)
    {
        let members: [ZipMembers.Member]
        switch ZipMembers.of(fd, size: size) {
        case .unreadable(let why): return ([], "inside this zip archive: \(why)", false)
        case .members(let listed): members = listed
        }
        var gathered = Gathered()
        for member in members where !member.encrypted {
            switch member.method {
            case 8:
                gathered.inflate(
                    fd, from: member.start, to: member.end, format: .deflate, packed: .zipMember(member.name),
                    budget: budget)
            case 0:
                // Its bytes were scanned as the archive's; wide text is read narrowed, a second
                // read of its bytes taken from the budget as an unpacked stream's are.
                let stored = { ScanSource.file(fd, from: member.start, to: member.end) }
                if let (encoding, mark) = WideText.of(ScanSource.head(of: stored)) {
                    let size = member.end - member.start
                    let granted = budget.take(size)
                    guard granted == size else {
                        budget.giveBack(granted)
                        gathered.unread.append(Self.unread(.zipMember(member.name), .budget, budget: budget))
                        gathered.cutByBudget = true
                        continue
                    }
                    gathered.findings += all(in: encoding.narrowing(stored(), mark: mark)).map {
                        var finding = $0
                        finding.inside = Packed.zipMember(member.name).inside
                        return finding
                    }
                }
            default:
                gathered.unread.append(
                    "\(Packed.zipMember(member.name).inside), compressed with \(ZipMembers.methodName(member.method))")
            }
        }
        return gathered.result("member")
    }

    /// The findings in a file's zlib streams (`CompressedStreams`: a PNG's text chunks, a PDF's
    /// streams), read as a zip archive's members are, and what of them went unread.
    private static func streams(_ fd: Int32, _ streams: [CompressedStreams.Stream], budget: DecompressionBudget)
        -> (findings: [FileFinding], unread: String?, cutByBudget: Bool)
    {
        var gathered = Gathered()
        for stream in streams {
            let cut = gathered.inflate(
                fd, from: stream.start, to: stream.end, format: .zlib, packed: .stream(stream.name), budget: budget)
            if cut == .budget || cut == .limit { break }
        }
        return gathered.result("stream")
    }

    /// What was read through `InflatedBytes`: a gzip file's text, a zip member, or a stream of a
    /// PNG or PDF.
    private enum Packed {
        case gzip
        case zipMember(String)
        case stream(String)

        /// Where in the file a finding's line and column count.
        var inside: String {
            switch self {
            case .gzip: "its gzip-compressed text"
            case .zipMember(let name): "its zip member \(quoted: name)"
            case .stream(let name): name
            }
        }
    }

    /// What went unread of `packed`, cut for `cut` (within `budget`), as the warning says it
    /// ("the secret scan could not read …").
    private static func unread(_ packed: Packed, _ cut: InflatedBytes.Cut, budget: DecompressionBudget) -> String {
        let what = packed.inside
        return switch cut {
        case .limit:
            switch packed {
            case .gzip: "\(what) past the first \(InflatedBytes.limit >> 20) MiB it unpacks to"
            case .zipMember: "\(what), past the first \(InflatedBytes.limit >> 20) MiB the archive's members unpack to"
            case .stream: "\(what), past the first \(InflatedBytes.limit >> 20) MiB the file's streams unpack to"
            }
        case .ratio:
            "\(what) past the first \(InflatedBytes.ratioFloor >> 20) MiB it unpacks to: it unpacks to more than \(InflatedBytes.ratio) times its size, as a decompression bomb does"
        case .budget:
            "\(what) past the build's decompression budget (\(budget.total >> 20) MiB unpacked over all the book's files)"
        case .damaged: "\(what) past a damaged deflate stream"
        }
    }

    /// What `make` unpacks to (given the bytes it may give, at most `limit`), scanned as text or
    /// wide text, each finding marked `inside`; how many bytes it gave and why it was cut, if it was.
    private static func decoded(
        inside: String, budget: DecompressionBudget, limit: Int, _ make: (Int) -> InflatedBytes?
    ) -> (findings: [FileFinding], given: Int, cut: InflatedBytes.Cut?) {
        guard limit > 0 else { return ([], 0, .limit) }
        guard !budget.isSpent else { return ([], 0, .budget) }
        let head = ScanSource.head { make(limit)?.source }
        guard let bytes = make(limit) else { return ([], 0, nil) }
        let findings: [FileFinding]
        if let (encoding, mark) = WideText.of(head) {
            findings = all(in: encoding.narrowing(bytes.source, mark: mark))
        } else {
            findings = all(in: bytes.source)
        }
        return (
            findings.map {
                var finding = $0
                finding.inside = inside
                return finding
            }, bytes.given, bytes.cut
        )
    }

    /// Compressed formats the scan cannot unpack, by their magic numbers.
    static func unreadableFormat(_ head: [UInt8]) -> String? {
        let formats: [(magic: [UInt8], name: String)] = [
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz-compressed"),
            ([0x42, 0x5A, 0x68], "bzip2-compressed"),  // "BZh" and a block size, 1 to 9
            ([0x28, 0xB5, 0x2F, 0xFD], "zstd-compressed"),
            ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], "7-Zip"),
            ([0x52, 0x61, 0x72, 0x21, 0x1A, 0x07], "RAR"),
            ([0x4C, 0x5A, 0x49, 0x50, 0x01], "lzip-compressed"),
        ]
        guard let format = formats.first(where: { head.starts(with: $0.magic) }) else { return nil }
        if format.magic.count == 3 {
            guard head.count > 3, (0x31...0x39).contains(head[3]) else { return nil }
        }
        return format.name
    }
}
