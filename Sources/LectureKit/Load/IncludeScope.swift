import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The files `{{#include}}` may read: regular files inside the book's folder (the folder of
/// `book.toml`, or of `SUMMARY.md` without one), the pages' folder, and the folders the book
/// lists in `[preprocessor.lecture] include-from`, after every symbolic link is resolved. Anything else — a
/// file outside them (`../../../../proc/self/environ`, `~/.ssh/id_ed25519`), a link leading
/// out, a folder, a named pipe, a device, a file of the kernel's (`/proc`, `/sys`) — is an
/// error at the directive, so a page can never publish what the book does not hold.
struct IncludeScope: Sendable {
    /// The folders files may be read from, canonical.
    let roots: [String]
    /// The folders inside them no file may be read from: the output folder and the cache.
    var replaced = ReplacedFolders.none

    /// - Parameters:
    ///   - bookDirectory: the folder of `book.toml` (nil: none was found).
    ///   - contentDirectory: the pages' folder; the folder holding it counts as the book's too,
    ///     as mdBook's book root holds `src/`.
    ///   - includeFrom: `[preprocessor.lecture] include-from`, relative to the book's folder.
    ///   - files: pages named on the command line (`lecture check FILE`), whose folders count too.
    ///   - replaced: the output folder and the cache, which nothing is read from.
    init(
        bookDirectory: String?, contentDirectory: String, includeFrom: [String] = [], files: [String] = [],
        replaced: ReplacedFolders = .none
    ) {
        let book = bookDirectory ?? FileSystem.join(contentDirectory, "..")
        let folders =
            [book, contentDirectory, FileSystem.join(contentDirectory, "..")]
            + includeFrom.map { FileSystem.resolve($0, against: book) }
            + files.map { FileSystem.join(IncludeExpander.folder(of: $0), ".") }
        roots = folders.map { CanonicalPath.of($0) }
        self.replaced = replaced
    }

    /// The bytes of the file at `path` (as the directive spelled it, relative to the working
    /// directory), or why it may not be read.
    /// At most `limit` + 1 bytes are read: a bigger file is an error naming its size and the limit,
    /// never read whole (a 2 GiB file would take 4 GB before the limit was checked).
    /// `selector`: the directive's lines or anchor (`file:2:5`), which the whole file is read to
    /// find: a note for a big file then offers a smaller file, not a range (attack 14, kind 30).
    func read(
        _ path: String, spelled relative: String, directive: String = "include",
        limit: Int = IncludeBudget.defaultBytes,
        selector: String? = nil
    ) throws(IncludeExpander.Problem) -> [UInt8] {
        let real = CanonicalPath.of(path)
        let outside = IncludeExpander.Problem(
            summary: relative.hasPrefix("/")
                ? "{{#\(directive)}} names \(quoted: relative), an absolute path outside the book's folder"
                : "{{#\(directive)}} names \(quoted: relative), which lies outside the book's folder (\(quoted: real))",
            notes: [
                "includes read files inside the book only: move the file into the book and name it relative to the including file's folder, or list its folder in 'include-from' under [preprocessor.lecture] in book.toml"
            ])
        // An absolute path is refused for lying outside, whether or not the machine holds it.
        if relative.hasPrefix("/"), !roots.contains(where: { CanonicalPath.isWithin(real, $0) }) { throw outside }
        // The one rule of every file the book reads (`BookFileRule`).
        switch BookFileRule.refusal(real: real, roots: roots) {
        case .missing:
            throw IncludeExpander.Problem(
                summary: "{{#\(directive)}} names \(quoted: relative), which does not exist",
                notes: [Self.unexpanded(relative) ?? "the path is relative to the including file's folder"])
        case .outside: throw outside
        case let refusal?
        where refusal != .folder && refusal != .special && refusal != .kernel && replaced.holding(real) == nil:
            throw IncludeExpander.Problem(
                summary: "{{#\(directive)}} names \(quoted: relative), which \(refusal.phrase)", notes: [refusal.note])
        case let refusal:
            if let folder = replaced.holding(real) {
                throw IncludeExpander.Problem(
                    summary:
                        "{{#\(directive)}} names \(quoted: relative), which lies in \(folder.role) (\(quoted: folder.path))",
                    notes: [folder.why])
            }
            switch refusal {
            case .folder?:
                throw IncludeExpander.Problem(
                    summary: "{{#\(directive)}} names \(quoted: relative), which is a folder",
                    notes: ["name a file in it"])
            case .special?:
                throw IncludeExpander.Problem(
                    summary:
                        "{{#\(directive)}} names \(quoted: relative), which is not a regular file (a named pipe, a socket or a device)",
                    notes: ["include a regular file"])
            case .kernel?:
                // /proc and /sys show their files as regular files of size 0.
                throw IncludeExpander.Problem(
                    summary: "{{#\(directive)}} names \(quoted: relative), which is not a regular file of the book",
                    notes: ["include a regular file"])
            default: break
            }
        }
        // Read from the file judged again on its descriptor (`BookFile`): a component swapped
        // for a link since the judgement above is not followed.
        let read: (bytes: [UInt8], size: Int)
        do {
            let opened = try BookFile.open(real, roots: roots).get()
            guard replaced.holding(opened.real) == nil else {
                throw IncludeExpander.Problem(
                    summary: "{{#\(directive)}} names \(quoted: relative), which cannot be read")
            }
            read = try opened.bytes(atMost: limit)
        } catch {
            throw IncludeExpander.Problem(summary: "{{#\(directive)}} names \(quoted: relative), which cannot be read")
        }
        guard read.bytes.count <= limit else {
            throw IncludeExpander.Problem(
                summary:
                    "{{#\(directive)}} names \(quoted: relative), which is \(max(read.size, read.bytes.count)) bytes, more than the \(limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes") a page's includes may add up to",
                notes: [
                    selector.map {
                        "the whole file is read to find \(quoted: $0), so naming lines or an anchor does not make the include smaller: include a smaller file (the part the page shows, in a file of its own), or keep the file out of the page"
                    } ?? "include a part of it (file:START:END, or an anchor), or keep the file out of the page"
                ])
        }
        return read.bytes
    }

    /// What a shell would have expanded in `relative` and an include does not (`~/x`, `$HOME/x`).
    /// (`UnexpandedPath`, the one rule of what a shell would have expanded).
    static func unexpanded(_ relative: String) -> String? {
        guard let word = UnexpandedPath.shellWord(in: relative) else { return nil }
        if word.hasPrefix("~") {
            return
                "\(quoted: word) is not expanded: the path is relative to the including file's folder, and a file of the home folder lies outside the book"
        }
        return "\(quoted: word) is not expanded: the path is relative to the including file's folder, as written"
    }
}
