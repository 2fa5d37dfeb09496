import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A page `lecture check --bless` rewrites: read again when the check is done, and replaced
/// only if it still holds the text the check read, by a new file renamed over it (never
/// written in place), so an edit made while the samples ran is neither lost nor corrupted by
/// output blocks placed at line numbers of the text before it.
///
/// Only a page inside the book's folder is written, after resolving links: a page that is a
/// link to a file elsewhere is left for a person to edit. The new file keeps the page's
/// permissions; a read-only page is left alone.
struct BlessedPage {
    /// Why a page is not blessed, and what to do.
    struct Refusal: Error {
        var summary: String
        var fix: String
    }

    /// The page's real path (links resolved).
    let path: String
    /// Its text with its own line endings, without a byte order mark.
    let text: String
    private let original: [UInt8]
    private let byteOrderMark: Bool
    private let mode: mode_t

    /// Reads the page at `displayPath`, which must still read as `checked` (the normalised text
    /// the check verified, escaped directives shown less their backslash) and, when a symbolic link leads to it, lie in one of `folders` (the
    /// book's, the pages'). A page whose directives were expanded is checked by `stillHolds`
    /// instead, given the page's text (`IncludedPageBless.stillHolds`).
    init(
        _ displayPath: String, within folders: [String], checked: String,
        stillHolds: ((String) -> Bool)? = nil
    ) throws(Refusal) {
        let real = CanonicalPath.of(displayPath)
        path = real
        let linked = real != CanonicalPath.lexical(displayPath)
        guard !linked || folders.contains(where: { CanonicalPath.isWithin(real, CanonicalPath.of($0)) }) else {
            throw Refusal(
                summary: "the page is a link to '\(real)', outside the book's folder",
                fix: "copy the actual output into its output block by hand")
        }
        // The rule of every path the tool writes: never a file of the system's folders
        // (`/etc/motd.md` named on the command line), whatever the command line says.
        if let refusal = WrittenPath(real, option: "--bless", what: "page", kind: .file).refusal(
            protecting: [], isOwn: { _ in true })
        {
            throw Refusal(
                summary: "the page is not written: " + (refusal.diagnostics.first?.summary ?? "it may not be written"),
                fix: "copy the actual output into its output block by hand")
        }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            if fd >= 0 { close(fd) }
            throw Refusal(summary: "the page cannot be read again", fix: "run 'lecture check --bless' again")
        }
        close(fd)
        guard info.st_mode & S_IWUSR != 0, access(path, W_OK) == 0 else {
            throw Refusal(
                summary: "the file is read-only",
                fix: "make it writable (chmod u+w) and run 'lecture check --bless' again"
            )
        }
        mode = info.st_mode & 0o7777
        guard let bytes = try? FileSystem.read(path) else {
            throw Refusal(summary: "the page cannot be read again", fix: "run 'lecture check --bless' again")
        }
        original = bytes
        let reread = try? SourceFileReader.decode(bytes, displayPath: displayPath, relativePath: displayPath)
        // The check read the page with its escaped directives shown (`\{{#…}}` less the backslash).
        byteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        text = String(decoding: byteOrderMark ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
        if let stillHolds {
            guard reread != nil, stillHolds(text) else { throw Self.changed }
        } else {
            guard let reread, DirectiveEscapes.shown(reread.text) == checked else { throw Self.changed }
        }
    }

    private static let changed = Refusal(
        summary: "the page changed while it was checked; nothing was written to it",
        fix: "run 'lecture check --bless' again")

    /// Puts `updated` in the page's place: written to a new file beside it, which is renamed
    /// over the page only if the page still holds the bytes read.
    func replace(with updated: String) throws(Refusal) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = "\(folder)/.\(name).bless-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let bytes = (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(updated.utf8)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else {
            throw Refusal(
                summary: "cannot write beside the page: \(String(cString: strerror(errno)))",
                fix: "make its folder writable and run 'lecture check --bless' again")
        }
        _ = fchmod(fd, mode)
        guard FileDescriptorIO.writeAll(bytes, to: fd) else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Refusal(summary: "cannot write the page: \(reason)", fix: "run 'lecture check --bless' again")
        }
        guard (try? FileSystem.read(path)) == original else {
            unlink(temporary)
            throw Self.changed
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Refusal(summary: "cannot replace the page: \(reason)", fix: "run 'lecture check --bless' again")
        }
    }
}
