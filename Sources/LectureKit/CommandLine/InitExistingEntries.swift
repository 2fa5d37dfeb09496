import Foundation
import LectureSupport

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
        return "The folder already held \(what), left as they were: \(names)\(more)"
    }

    /// The refusal when some of the book's files exist: every one of them named.
    static func alreadyABook(_ existing: [String]) -> LectureError {
        let names = existing.joined(separator: ", ")
        let verb = existing.count == 1 ? "exists" : "exist"
        return LectureError(
            .initRefused, "\(names) already \(verb); 'lecture init' never overwrites a book",
            notes: ["build it with 'lecture build', or run 'lecture init' in a new folder"])
    }
}
