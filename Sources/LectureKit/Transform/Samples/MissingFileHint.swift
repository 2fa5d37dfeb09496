import Foundation
import LectureSupport

/// A note for a sample that failed to open a file the book has: a sample runs in a folder of its
/// own, holding only the files its `reads=FILE` attributes name (`SampleReads`), which nothing in
/// Foundation's "The file doesn’t exist" or the C library's "No such file or directory" says.
/// The note names the book's file by its path from the page, the value `reads=` takes.
enum MissingFileHint {
    /// What a failed open prints on Linux: Foundation's errors (`NSFileReadNoSuchFileError`, its
    /// "couldn’t be opened" on other versions) and the C library's `ENOENT`.
    static let signs = [
        "doesn’t exist", "doesn't exist", "No such file", "couldn’t be opened", "couldn't be opened", "ENOENT",
    ]

    /// Files looked at below the page's folder for a name the program opened, at most.
    static let walkLimit = 10_000

    /// The note, when `stderr` or `stdout` shows one of `signs` and names a file the book has
    /// below `sample`'s page folder that no `reads=` of the sample names, else `nil`.
    static func note(stderr: String, stdout: String, sample: Sample) -> String? {
        let text = [stderr, stdout].first { out in signs.contains { out.contains($0) } }
        guard let text else { return nil }
        for name in names(in: text) {
            guard let file = bookFile(name, of: sample), !sample.reads.contains(file) else { continue }
            let opened =
                file == name
                ? "" : " (it opened \(quoted: name); open \"\(file)\", the path the file has in the run's folder)"
            // Quoted when the path holds a space (`reads="my data.txt"`): as the fence reads it.
            let reads = InfoString.attribute(Sample.readsAttribute, file)
            return
                "the program could not open \(quoted: name): a sample runs in a folder of its own, holding only the files its fence names; the book has \(quoted: file) (from the page's folder): add \(quoted: reads) to the fence's info string (```swift \(reads)), which copies it into the run's folder\(opened)"
        }
        return nil
    }

    /// The file names `text` holds, as written (`./data/x.txt` as `data/x.txt`), paths inside a
    /// run's folder (`…/lecture-run.Ab3dE9/data/x.txt`, `file:///…/lecture-run.Ab3dE9/`) from it.
    /// A name in quotes (`“my data.txt”`, `'my data.txt'`) is taken whole, spaces and all, before
    /// the words, and a percent-encoded one (Foundation's `NSURL=my%20data.txt`) decoded.
    static func names(in text: String) -> [String] {
        let separators: Set<Character> = [
            " ", "\n", "\t", "\"", "'", "“", "”", "‘", "’", "`", ",", "=", "{", "}", "(", ")", "<", ">", "[", "]",
        ]
        var found: [String] = []
        for token in quoted(in: text) + text.split(whereSeparator: { separators.contains($0) }) {
            var name = Substring(token)
            if let run = name.range(of: "/lecture-run.") {
                let rest = name[run.upperBound...]
                guard let slash = rest.firstIndex(of: "/") else { continue }
                name = rest[rest.index(after: slash)...]
            }
            while let last = name.last, ":.;".contains(last) { name = name.dropLast() }
            while name.hasPrefix("./") { name = name.dropFirst(2) }
            guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("://"), name.contains(".") || name.contains("/")
            else { continue }
            // Foundation names the file in a URL too (`NSURL=my%20data/x.txt`): the path decoded.
            if name.contains("%"), let decoded = String(name).removingPercentEncoding, !found.contains(decoded) {
                found.append(decoded)
            }
            if !found.contains(String(name)) { found.append(String(name)) }
        }
        return found
    }

    /// The spans of `text` between a pair of quotes on one line that hold a space (a name a
    /// split at spaces would cut): `“…”`, `‘…’`, `"…"`, `'…'`, `` `…` ``.
    static func quoted(in text: String) -> [Substring] {
        let pairs: [Character: Character] = ["“": "”", "‘": "’", "\"": "\"", "'": "'", "`": "`"]
        var spans: [Substring] = []
        for line in text.split(separator: "\n") {
            var rest = line[...]
            while let open = rest.firstIndex(where: { pairs[$0] != nil }) {
                let after = rest[rest.index(after: open)...]
                guard let close = after.firstIndex(of: pairs[rest[open]]!) else { break }
                let span = after[..<close]
                if span.contains(" ") { spans.append(span) }
                rest = after[after.index(after: close)...]
            }
        }
        return spans
    }

    /// `name` as a path from the sample's page folder of a file the book has there: the path
    /// itself, or else the one file below the folder whose name is `name`'s last component.
    static func bookFile(_ name: String, of sample: Sample) -> String? {
        if Sample.readProblem(name) == nil, SampleReads.path(name, of: sample) != nil { return name }
        guard let last = name.split(separator: "/").last else { return nil }
        var matches: [String] = []
        var seen = 0
        FolderWalk.walk(sample.pageFolder) { entry in
            seen += 1
            if entry.kind == .regular, entry.relativePath.split(separator: "/").last == last {
                matches.append(entry.relativePath)
            }
            return seen < walkLimit && matches.count < 2 ? .continue : .stop
        }
        guard matches.count == 1, let match = matches.first, Sample.readProblem(match) == nil,
            SampleReads.path(match, of: sample) != nil
        else { return nil }
        return match
    }
}
