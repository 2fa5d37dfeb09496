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
///   own, scanned already), each read as the first two are; an encrypted member is no one's to
///   read without its password, and an archive inside the archive (a `.jar` in a zip of sample
///   code) is not opened: both are left alone, as a warning on every such book would be noise.
/// What the scan cannot read is said, once per file, as `unread`: a file compressed as xz,
/// bzip2, zstd, 7-Zip or RAR (rare in a book, so the warning is no noise), and what unpacks past
/// `InflatedBytes.limit`.
extension SecretScan {
    /// A file's scan: its secrets, and what of it the scan could not read ("xz-compressed").
    package struct FileScan: Sendable {
        package var findings: [FileFinding] = []
        package var unread: String?
    }

    /// As `all(inDescriptor:wholePaths:)`, with what the file encodes (`wholePaths` are looked
    /// for in its own bytes only).
    package static func scan(descriptor fd: Int32, wholePaths: [(bytes: [UInt8], kind: String)] = []) -> FileScan {
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return FileScan() }
        let size = Int(status.st_size)
        var result = FileScan(findings: all(in: ScanSource.file(fd), wholePaths: wholePaths))
        let head = ScanSource.head { ScanSource.file(fd) }
        if let (encoding, mark) = WideText.of(head) {
            result.findings += all(in: encoding.narrowing(ScanSource.file(fd), mark: mark))
        } else if head.starts(with: [0x1F, 0x8B]) {
            let read = decoded(inside: "its gzip-compressed text", budget: InflatedBytes.limit) {
                InflatedBytes(fd, from: 0, to: size, format: .gzip, limit: $0)
            }
            result.findings += read.findings
            if read.cut { result.unread = "past the first \(InflatedBytes.limit >> 20) MiB it unpacks to" }
        } else if head.starts(with: [0x50, 0x4B, 0x03, 0x04]), let members = ZipMembers.of(fd, size: size) {
            var budget = InflatedBytes.limit
            var cut = false
            for member in members where !member.encrypted {
                let inside = "its zip member \(quoted: member.name)"
                if member.method == 8 {
                    let read = decoded(inside: inside, budget: budget) {
                        InflatedBytes(fd, from: member.start, to: member.end, format: .deflate, limit: $0)
                    }
                    result.findings += read.findings
                    budget -= read.given
                    cut = cut || read.cut
                } else if member.method == 0 {
                    // Its bytes were scanned as the archive's; wide text is read narrowed.
                    let stored = { ScanSource.file(fd, from: member.start, to: member.end) }
                    if let (encoding, mark) = WideText.of(ScanSource.head(of: stored)) {
                        result.findings += all(in: encoding.narrowing(stored(), mark: mark)).map {
                            var finding = $0
                            finding.inside = inside
                            return finding
                        }
                    }
                }
            }
            if cut { result.unread = "past the first \(InflatedBytes.limit >> 20) MiB its members unpack to" }
        } else if let format = unreadableFormat(head) {
            result.unread = "inside this \(format) file"
        }
        return result
    }

    /// What `make` unpacks to (given the bytes it may give), scanned as text or wide text, each
    /// finding marked `inside`; how many bytes it gave and whether it was cut at the budget.
    private static func decoded(inside: String, budget: Int, _ make: (Int) -> InflatedBytes?)
        -> (findings: [FileFinding], given: Int, cut: Bool)
    {
        guard budget > 0 else { return ([], 0, true) }
        let head = ScanSource.head { make(budget)?.source }
        guard let bytes = make(budget) else { return ([], 0, false) }
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
