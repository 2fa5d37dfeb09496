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
    private let file: BlessedPageFile

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
                summary: "the page is a link to \(quoted: real), outside the book's folder",
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
        // Read and later replaced through a descriptor of its folder (`BlessedPageFile`).
        file = try BlessedPageFile(real)
        guard let read = file.read() else {
            throw Refusal(summary: "the page cannot be read again", fix: "run 'lecture check --bless' again")
        }
        guard read.mode & S_IWUSR != 0, file.isWritable else {
            throw Refusal(
                summary: "the file is read-only",
                fix: "make it writable (chmod u+w) and run 'lecture check --bless' again"
            )
        }
        mode = read.mode
        let bytes = read.bytes
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

    static let moved = Refusal(
        summary:
            "the page's folder moved while it was checked (a folder on the way is now a link); nothing was written",
        fix: "run 'lecture check --bless' again")

    static let changed = Refusal(
        summary: "the page changed while it was checked; nothing was written to it",
        fix: "run 'lecture check --bless' again")

    /// Puts `updated` in the page's place: written to a new file beside it, which is renamed
    /// over the page only if the page is still the file read and holds the bytes read
    /// (`BlessedPageFile`; `beforeRename` is a test's hook).
    func replace(with updated: String, beforeRename: (() -> Void)? = nil) throws(Refusal) {
        try file.replace(
            original, with: (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(updated.utf8), mode: mode,
            beforeRename: beforeRename)
    }
}
