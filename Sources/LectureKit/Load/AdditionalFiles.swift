import CommonMark
import LectureSupport

/// One file of `[output.html] additional-css` or `additional-js`: where the site holds it and
/// where it is read from.
struct AdditionalFile: Hashable, Sendable {
    /// Its path in the site, as book.toml names it from the book's folder (`theme/custom.css`).
    var sitePath: String
    /// The file read, the book's folder joined with the path.
    var source: String
}

/// `[output.html] additional-css` and `additional-js` as mdBook 0.5.4 takes them (run on such
/// books): each path is relative to the folder holding `book.toml`; the file is copied into the
/// site at that path and every page (`print.html` and `404.html` too) links it after the theme's
/// own styles or scripts, in the listed order. A missing file or a folder stops mdBook (exit
/// 101: "failed to open `x.css` for hashing", "the source path is neither a regular file nor a
/// symlink to a regular file"): an error here too, at the path's line. So is a name too long
/// for its hashed copy (`ContentNames.tooLongToHash`: 247 bytes or more, with `hash-files` on),
/// which mdBook fails to write ("File name too long") and lecture failed in `Write` at the
/// site's file (attack 20, F6).
///
/// A path that leaves the book's folder is where lecture parts from mdBook: mdBook reads the
/// file and writes its copy outside the site (`../x.css` into `book/../x.css`, the book's own
/// folder) and links it there, and for an absolute path writes a hashed copy beside the file
/// and links the machine's path. lecture never
/// reads nor publishes a file outside the book's folder (a book from a pull request could
/// otherwise publish any file of the machine, or write beside it): such a path, a symbolic link
/// out of the book included, is a warning, and the file is neither copied nor linked.
enum AdditionalFiles {
    /// The files of `settings`' `key` kept, and a problem for each left out.
    static func check(
        _ settings: BookSettings, key: String, files: KeyPath<BookSettings, [String]>, root: String, bookTOML: String
    ) -> (kept: [AdditionalFile], problems: [Diagnostic]) {
        var kept: [AdditionalFile] = []
        var problems: [Diagnostic] = []
        let book = CanonicalPath.of(root)
        for (index, written) in settings[keyPath: files].enumerated() {
            let location = settings.locations["\(key).\(index)"]
            let relative = inside(written)
            let source = FileSystem.join(root, relative ?? written)
            if let relative, !relative.isEmpty, FileSystem.isDirectory(source) {
                problems.append(
                    .error(
                        .bookTOMLValue, bookTOML, location,
                        "\(quoted: key) names the folder \(quoted: written), not a file",
                        notes: [
                            "mdBook stops on it too ('the source path is neither a regular file nor a symlink to a regular file')",
                            "name each file of the folder",
                        ]))
            } else if relative == nil || relative == "" || !CanonicalPath.isWithin(CanonicalPath.of(source), book) {
                problems.append(
                    .warning(
                        .bookTOMLValue, bookTOML, location,
                        "\(quoted: key) file \(quoted: written) lies outside the book's folder; it is neither copied nor linked",
                        notes: [
                            "lecture never reads or publishes a file outside the book's folder: a book from a pull request could otherwise publish any file of the machine (mdBook reads it and writes its copy outside the site: '../x.css' into the book's folder, an absolute path's beside the file)",
                            "move the file into the book's folder and name it from there, such as \"theme/custom.css\"",
                        ]))
            } else if let refusal = BookFileRule.refusal(of: source, roots: [book]).refusal, refusal != .missing {
                // The rule of every file the book reads (`BookFileRule`): `.git/config`, `.env`, a
                // named pipe or a link to one of them is no file of the site.
                problems.append(
                    .error(
                        .bookTOMLValue, bookTOML, location,
                        "\(quoted: key) file \(quoted: written) \(refusal.phrase); it is neither copied nor linked",
                        notes: [refusal.note]))
            } else if !FileSystem.exists(source) {
                problems.append(
                    .error(
                        .bookTOMLValue, bookTOML, location, "\(quoted: key) file \(quoted: written) does not exist",
                        notes: [
                            "the path is relative to the folder holding book.toml; mdBook stops on it too ('failed to open `\(written)` for hashing')",
                            "fix the path, or remove it from the list",
                        ]))
            } else if let relative, settings.hashFiles != false, ContentNames.tooLongToHash(relative) {
                // Its copy's name, hashed, would fail the Write step at the site's file (attack 20, F6).
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                problems.append(
                    .error(
                        .bookTOMLValue, bookTOML, location,
                        "\(quoted: key) file \(quoted: PathLimits.shortened(written)) would be published under a name of \(name.utf8.count + 1 + ContentNames.hashLength) bytes, more than the \(OutputCollisions.maximumNameBytes) a file system allows",
                        notes: [ContentNames.hashNote]))
            } else if let relative, !kept.contains(where: { $0.sitePath == relative }) {
                kept.append(AdditionalFile(sitePath: relative, source: source))
            }
        }
        return (kept, problems)
    }

    /// `written` with `.` dropped and `..` taken up, relative to the book's folder; `nil` when it
    /// is absolute or goes above the book's folder.
    static func inside(_ written: String) -> String? {
        guard !written.hasPrefix("/") else { return nil }
        var parts: [Substring] = []
        for part in written.split(separator: "/") where part != "." {
            if part == ".." {
                guard parts.popLast() != nil else { return nil }
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
