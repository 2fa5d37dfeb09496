import Foundation
import LectureSupport

/// Two spellings of an include's path that name another file than the author meant (attack 14,
/// kinds 70a and 70b), said for what they are:
/// - a path with a space (`{{#include a b.txt}}`, or quoted): mdBook 0.5.4 and lecture take the
///   path to end at the first space (the words after it are a playground's attributes), so the
///   directive names `a`; when the words together name a file, the note says so and to rename it;
/// - a path ending in `/` (`a.txt/`) names a folder, as the kernel and mdBook 0.5.4 read it ("Not a
///   directory"), where the file was included: refused, as the summary's `sub/` is.
enum IncludePathSpelling {
    static func problem(
        arguments: String, relative: String, directory: String, directive: String
    ) -> IncludeExpander.Problem? {
        if relative.hasSuffix("/"), relative.count > 1 {
            let file = String(relative.dropLast())
            guard FileSystem.exists(FileSystem.join(directory, file)),
                !FileSystem.isDirectory(FileSystem.join(directory, file))
            else { return nil }
            return IncludeExpander.Problem(
                summary:
                    "{{#\(directive)}} names \(quoted: relative), a folder (it ends in '/'), and \(quoted: file) is a file",
                notes: ["write \(quoted: file): mdBook 0.5.4 refuses \(quoted: relative) too (Not a directory)"])
        }
        let written = arguments.trimmingCharacters(in: .whitespaces)
        guard written.count > relative.count, !FileSystem.exists(FileSystem.join(directory, relative)) else {
            return nil
        }
        // The words as one path, without quotes, before any `:lines` or `:anchor`.
        var whole = written
        if let quote = whole.first, quote == "\"" || quote == "'", let end = whole.dropFirst().firstIndex(of: quote) {
            whole = String(whole[whole.index(after: whole.startIndex)..<end])
        }
        let candidates = [whole, String(whole.prefix { $0 != ":" })]
        guard
            let meant = candidates.first(where: {
                $0.contains(" ") && FileSystem.exists(FileSystem.join(directory, $0))
            })
        else { return nil }
        return IncludeExpander.Problem(
            summary:
                "{{#\(directive)}} names \(quoted: relative), which does not exist: the path ends at the first space",
            notes: [
                "\(quoted: meant) exists, but an include's path holds no space (the words after it are a playground's attributes, in mdBook 0.5.4 too), quoted or not: rename the file without spaces, such as '\(meant.replacingOccurrences(of: " ", with: "-"))'"
            ])
    }
}
