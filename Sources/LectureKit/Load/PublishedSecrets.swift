import CommonMark
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Nothing secret is published: a page (with the text it includes) or a file
/// copied into the site that holds a private key or a well-known token (`SecretScan`) is an error
/// at the line that holds it, so the build stops before `Write` and nothing is written. The
/// message names what was found, never the secret. A copied file's machine paths are found in the
/// same read (`MachinePaths.inCopiedFile`). Each file is read through the one judged handle
/// (`BookFile`), and the copy written into the site is scanned again as it is written (`inCopy`):
/// the bytes published are the bytes scanned, whatever the file's name leads to in between.
enum PublishedSecrets {
    /// An error for each secret in a page of `files`, at the expanded text's line and column
    /// (moved to the included file's by `IncludedLocations`).
    static func inPages(_ files: [SourceFile]) -> [Diagnostic] {
        files.flatMap { file -> [Diagnostic] in
            let found = SecretScan.all(in: file.text)
            guard !found.isEmpty else { return [] }
            let lines = LineStarts(file.text.utf8)
            return found.map { error($0, path: file.displayPath, location: lines.location(ofByte: $0.offset)) }
        }
    }

    /// A copied file's scan: its `stat` signature before it was read, and its errors; the bytes
    /// it took from the build's `DecompressionBudget`, and whether the budget cut it.
    struct AssetScan: Sendable {
        var signature: FileSignature
        var problems: [Diagnostic]
        var unpacked = 0
        var cutByBudget = false
    }

    /// An error for each secret in a file of `assets` (relative to `contentDirectory`), a
    /// warning for the first place of each of `needles` (the machine's paths, `MachinePaths`) in
    /// it, and each file's scan: the file is read once for both. A file whose signature (device,
    /// inode, size, modification time, as `Load` keys pages) equals its scan in `earlier` (the
    /// session's last build) is not read again: its verdict is the earlier one, and what it
    /// unpacked then is taken from `budget` now, in the listing's order, as a clean build takes it
    /// (code review 41 #6: reused scans took nothing, so a file added later was read with a whole
    /// budget a clean build would have cut). A scan the budget cut depends on the files before
    /// it, and one the budget cannot pay for again would be cut now: both are read again. The signature is
    /// taken before the read, so a file changed while it is read differs next time and is read
    /// again. A file is read as the site copies it (`CopiedFile`): from `roots` (canonical;
    /// default `contentDirectory`), a link of its own followed only when `followingLink`; one the
    /// rule refuses is not read here, and not copied either. What the files pack is unpacked
    /// within `budget`, the build's (`BuildContext.decompression`), shared by all of them.
    static func inAssets(
        _ assets: [String], contentDirectory: String, roots: [String]? = nil, followingLink: Bool = false,
        needles: [MachinePaths.Needle] = [], earlier: [String: AssetScan] = [:], budget: DecompressionBudget
    ) -> (problems: [Diagnostic], scans: [String: AssetScan], read: Int) {
        let roots = roots ?? [CanonicalPath.of(contentDirectory)]
        let paths = needles.map { (bytes: Array($0.path.utf8), kind: MachinePaths.described($0)) }
        let pathKinds = Set(paths.map(\.kind))
        var scans: [String: AssetScan] = [:]
        var problems: [Diagnostic] = []
        var read = 0
        for asset in assets {
            let path = FileSystem.join(contentDirectory, asset)
            let signature = FileSignature(path: path)
            if let signature, let known = earlier[asset], known.signature == signature, !known.cutByBudget {
                let granted = budget.take(known.unpacked)
                if granted == known.unpacked {
                    scans[asset] = known
                    problems += known.problems
                    continue
                }
                budget.giveBack(granted)
            }
            read += 1
            guard case .success(let file) = BookFile.open(path, roots: roots, followingLink: followingLink) else {
                continue
            }
            let spent = budget.spent
            let scan = SecretScan.scan(descriptor: file.descriptor, wholePaths: paths, budget: budget)
            let findings = scan.findings
            let found =
                findings.filter { !pathKinds.contains($0.finding.kind) }.map { error($0, path: path) }
                + (scan.unread.map { [unread($0, path: path)] } ?? [])
                + MachinePaths.inCopiedFile(
                    findings.filter { pathKinds.contains($0.finding.kind) }, needles: needles, path: path,
                    siteName: asset)
            if let signature {
                scans[asset] = AssetScan(
                    signature: signature, problems: found, unpacked: budget.spent - spent,
                    cutByBudget: scan.cutByBudget)
            }
            problems += found
        }
        return (problems, scans, read)
    }

    /// An error for each secret in the copy of `source` just written at `relative` in `site` (the
    /// site's staging folder): the bytes that would be published, whatever `source` held when
    /// `inAssets` read it. A copy that cannot be read back is an error too: it is not published
    /// unscanned.
    static func inCopy(_ relative: String, in site: DirectoryHandle, source: String, budget: DecompressionBudget)
        -> [Diagnostic]
    {
        let fd = openat(site.descriptor, relative, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            return [
                .error(
                    .fileSystem, source, nil,
                    "the copy of the file in the site cannot be read back to be scanned for secrets: \(String(cString: strerror(errno)))"
                )
            ]
        }
        defer { close(fd) }
        return SecretScan.all(inDescriptor: fd, budget: budget).map { error($0, path: source) }
    }

    /// The error for a secret found in a file: at its line and column, or, found in what the file
    /// encodes (a gzip file's text, a zip member), at the file, the place said in the summary.
    static func error(_ found: SecretScan.FileFinding, path: String) -> Diagnostic {
        guard let inside = found.inside else {
            return error(found.finding, path: path, location: SourceLocation(line: found.line, column: found.column))
        }
        var problem = error(found.finding, path: path, location: nil)
        problem.summary =
            "\(found.finding.kind) would be published, in \(inside) at line \(found.line), column \(found.column); nothing is written"
        return problem
    }

    /// The warning for a copied file the scan could not read all of (`SecretScan.FileScan.unread`).
    static func unread(_ what: String, path: String) -> Diagnostic {
        .warning(
            .secretUnscanned, path, nil, "the secret scan could not read \(what); it is published unscanned",
            notes: [
                "unpack it into the book's folder, so that its files are scanned, or make sure it holds no key or token; lecture reads gzip files, zip archives and UTF-16 and UTF-32 text"
            ])
    }

    private static func error(_ found: SecretScan.Finding, path: String, location: SourceLocation?) -> Diagnostic {
        error(kind: found.kind, path: path, location: location)
    }

    /// The error for a secret of `kind` ("a GitHub token") at `path`, `location`.
    static func error(kind: String, path: String, location: SourceLocation?) -> Diagnostic {
        .error(
            .secretPublished, path, location,
            "\(kind) would be published; nothing is written",
            notes: [
                "remove it from the book, and revoke it if it was ever committed or pushed; keys and tokens are never published"
            ])
    }
}
