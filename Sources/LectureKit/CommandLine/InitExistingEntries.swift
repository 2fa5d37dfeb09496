import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What `lecture init` says of a folder that is not empty: as `cargo init` and `mdbook init`, it
/// makes the book there (exit status 0) and overwrites nothing; unlike them, it names what it
/// found, so a book made in the wrong folder (the working one, full of other things) is seen at
/// once, and it names every file of a book that is there already when it refuses.
extension InitCommand {
    /// The folder's entries before the book is written (a folder with `/` after its name),
    /// sorted; empty for a folder that does not exist yet.
    static func existingEntries(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.sorted().map { FileSystem.isDirectory(FileSystem.join(directory, $0)) ? $0 + "/" : $0 }
    }

    /// The line printed after the book is made in a folder that held `entries`; `nil` when it
    /// was empty. At most `shown` names, then how many more.
    static func existingNote(_ entries: [String], shown: Int = 8) -> String? {
        guard !entries.isEmpty else { return nil }
        let names = entries.prefix(shown).joined(separator: ", ")
        let more = entries.count > shown ? " and \(entries.count - shown) more" : ""
        let what = entries.count == 1 ? "1 entry" : "\(entries.count) entries"
        return
            "The folder already held \(what), left as \(entries.count == 1 ? "it was" : "they were"): \(names)\(more)"
    }

    /// The refusal when something stands where the book's files go, found before anything is
    /// written (mdBook 0.5.4 writes book.toml, then fails on a file named `src`): a file where a
    /// folder goes (`src`), a folder where a file goes (`book.toml/`), a symbolic link that leads
    /// nowhere (writing would replace the link, or follow it out of the folder, as mdBook does),
    /// a folder that cannot be written. `ways` are the folders on the way (`src`).
    static func blocked(in directory: String, ways: Set<String>) -> LectureError? {
        for way in ways.sorted() {
            let spelled = FileSystem.join(directory, way)
            if let kind = WrittenPath.entry(spelled), kind != .directory, kind != .symbolicLink {
                return LectureError(
                    .initRefused,
                    "\(spelled) is a file, where 'lecture init' makes the folder '\(way)/' of the book's pages; nothing was written",
                    notes: ["move or remove the file, or run 'lecture init' in a new folder"])
            }
        }
        // Every link that leads nowhere, named in one error: one per run took four runs to learn
        // of four (attack 15, c02).
        let dangling = files.keys.sorted().compactMap { file -> String? in
            let spelled = FileSystem.join(directory, file)
            guard WrittenPath.entry(spelled) == .symbolicLink, !FileSystem.exists(spelled) else { return nil }
            let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: spelled)) ?? "?"
            return "\(spelled) is a symbolic link to \(quoted: link)"
        }
        if !dangling.isEmpty {
            let which = dangling.count == 1 ? "which does not exist" : "none of which exists"
            return LectureError(
                .initRefused,
                "\(dangling.joined(separator: ", ")), \(which); 'lecture init' writes no file through a link, nor replaces it; nothing was written",
                notes: [
                    (dangling.count == 1
                        ? "remove the link, or create the file it leads to"
                        : "remove the links, or create the files they lead to") + ", then run 'lecture init' again"
                ])
        }
        for file in files.keys.sorted() {
            let spelled = FileSystem.join(directory, file)
            switch WrittenPath.entry(spelled) {
            case .directory where file != ".gitignore":
                return LectureError(
                    .initRefused,
                    "\(spelled) is a folder, where 'lecture init' writes the file \(quoted: file); nothing was written",
                    notes: ["move or remove the folder, or run 'lecture init' in a new folder"])
            default:
                break
            }
        }
        // The folder each file goes into, or the nearest one that exists: writable (root passes
        // mode bits, not a read-only mount).
        for file in files.keys.sorted() {
            var folder = FileSystem.parent(FileSystem.join(directory, file))
            while !folder.isEmpty && folder != "/" && !FileSystem.exists(folder) { folder = FileSystem.parent(folder) }
            let checked = folder.isEmpty ? (directory.hasPrefix("/") ? "/" : ".") : folder
            if access(checked, W_OK | X_OK) != 0 {
                let reason = String(cString: strerror(errno))
                return LectureError(
                    .initRefused,
                    "\(checked) cannot be written (\(reason)), where 'lecture init' writes \(quoted: file); nothing was written",
                    notes: ["make the folder writable, or run 'lecture init' in a folder of yours"])
            }
        }
        return nil
    }

    /// The refusal when some of the book's files exist: every one of them named.
    /// `directory`: the folder as the user gave it, which the note's command names (as the
    /// commands printed after a book is made, shell-quoted; none for `.`).
    /// An mdBook book's book.toml without lecture's table gets the table to add, the next step of
    /// an author who wants its Swift verified (new-user review 6, finding 17).
    static func alreadyABook(_ existing: [String], directory: String) -> LectureError {
        let names = existing.joined(separator: ", ")
        let verb = existing.count == 1 ? "exists" : "exist"
        let folder = directory == "." ? "" : " " + shellQuoted(directory)
        // A regular file only: a named pipe there is not waited on.
        let toml = (try? FileSystem.read(FileSystem.join(directory, "book.toml"), atMost: 1 << 20)).map {
            String(decoding: $0.bytes, as: UTF8.self)
        }
        let verification =
            toml.map({ !$0.contains("[preprocessor.lecture") }) ?? false
            ? [
                "to have its Swift samples compiled, run and compared, add to book.toml (mdbook build still builds the book):\n"
                    + addedTable
                    + "\nthen run 'lecture check\(folder)' ('lecture check --bless' writes the output blocks)"
            ] : []
        return LectureError(
            .initRefused, "\(names) already \(verb); 'lecture init' never overwrites a book",
            notes: ["build it with 'lecture build\(folder)', or run 'lecture init' in a new folder"] + verification)
    }

    /// lecture's table, as `lecture init` writes it into a new book's book.toml.
    static let addedTable = "[preprocessor.lecture]\nrenderers = []\n[preprocessor.lecture.samples]\nverify = true"
}
