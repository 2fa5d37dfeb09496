import BookTOML
import CommonMark
import LectureSupport

/// Where book.toml keeps this tool's own settings, and the one spelling the loader reads.
///
/// mdBook 0.5 refuses a book.toml with a top-level table it does not know (`[lecture]`:
/// "unknown field `lecture`", exit 101), but it accepts any `[preprocessor.NAME]` table, and runs
/// such a preprocessor only for the renderers its `renderers` key lists: with `renderers = []`
/// it runs it for none, says nothing and builds the book (mdBook 0.5.4, run on such a book: exit
/// 0, no warning). So the settings live in `[preprocessor.lecture]` (what `lecture init`
/// writes), with `renderers = []`; `[lecture]`, the older spelling, is read the same way. A book
/// uses one of the two: both at once is an error at the second.
///
/// `normalized` rewrites the entries of `[preprocessor.lecture]` to the `lecture.…` paths the
/// loader's fields use, and drops the keys that are mdBook's own in a preprocessor's table
/// (`renderers`, `optional`, `command`, `before`, `after`).
enum LectureTable {
    /// How the book spells the table.
    enum Spelling: Equatable {
        /// `[preprocessor.lecture]`, which mdBook accepts.
        case preprocessor
        /// `[lecture]`, which mdBook 0.5 refuses.
        case topLevel
    }

    /// mdBook's keys in any `[preprocessor.NAME]` table (its configuration guide).
    static let mdBookKeys: Set<String> = ["renderers", "optional", "command", "before", "after"]

    /// The table as written in a diagnostic: `[preprocessor.lecture]`.
    static let header = "[preprocessor.lecture]"

    /// `entries` with `[preprocessor.lecture]`'s moved to `lecture.…`, which spelling each
    /// moved entry had (by index in the result), and the problems: both spellings at once, or a
    /// `[preprocessor.lecture]` that mdBook would try to run as the program `mdbook-lecture`.
    static func normalized(_ entries: [TOMLDocument.Entry], path: String) -> (
        entries: [TOMLDocument.Entry], moved: Set<Int>, diagnostics: [Diagnostic]
    ) {
        let ours = entries.filter { $0.path.count >= 2 && $0.path[0] == "preprocessor" && $0.path[1] == "lecture" }
        let older = entries.filter { $0.path.first == "lecture" }
        var diagnostics: [Diagnostic] = []
        var result: [TOMLDocument.Entry] = []
        var moved: Set<Int> = []
        if !ours.isEmpty, !older.isEmpty {
            // The table written second is the one to remove; a table made by a dotted key has no
            // line of its own (0), so its first located key stands for it.
            let place = { (list: [TOMLDocument.Entry]) in list.first { $0.location.line > 0 }?.location }
            let (new, old) = (place(ours), place(older))
            let second = (new?.line ?? 0) > (old?.line ?? 0) ? new : old
            diagnostics.append(
                .error(
                    .bookTOMLValue, path, second, "book.toml has lecture's settings in both [lecture] and \(header)",
                    notes: [
                        "keep one table: move the keys of [lecture] under \(header) (mdBook accepts that table, and refuses a book.toml with [lecture]); the settings of [lecture] are ignored"
                    ]))
        }
        var renderers: [String]?
        var optional = false
        for entry in entries {
            if !ours.isEmpty, entry.path.first == "lecture" { continue }
            guard entry.path.count >= 2, entry.path[0] == "preprocessor", entry.path[1] == "lecture" else {
                result.append(entry)
                continue
            }
            if entry.path.count >= 3, mdBookKeys.contains(entry.path[2]) {
                if entry.path[2] == "renderers" {
                    renderers = (renderers ?? []) + (entry.path.count == 3 ? [] : [entry.value])
                }
                if entry.path.count == 3, entry.path[2] == "optional" { optional = entry.value == "true" }
                continue
            }
            var entry = entry
            entry.path = ["lecture"] + entry.path.dropFirst(2)
            moved.insert(result.count)
            result.append(entry)
        }
        if let table = ours.first, !optional, renderers == nil || renderers?.contains("html") == true {
            diagnostics.append(
                .warning(
                    .bookTOMLValue, path, table.location.line > 0 ? table.location : nil,
                    "mdBook cannot build this book: it runs \(header) as the program 'mdbook-lecture'",
                    notes: [
                        "add 'renderers = []' under \(header): mdBook then runs it for no renderer, and lecture reads the table as its settings"
                    ]))
        }
        return (result, moved, diagnostics)
    }

    /// `diagnostic` about the moved `entry`, with the keys it names spelled as the book wrote them
    /// (`'preprocessor.lecture.timeout'`, `[preprocessor.lecture.samples]`).
    ///
    /// Only a key is respelled, never a value the message quotes (code review 42 #11: a time
    /// zone, a folder or a name spelled `lecture.x` was shown as `preprocessor.lecture.x`, which
    /// the book never wrote): the entry's own key, and the keys and tables of lecture's schema
    /// (`BookSettingsLoader.fields`, `members`, `containers`, with an element's number), each as
    /// a whole dotted name; the entry's value, as the message quotes it (`QuotedText`), is left
    /// as written wherever it stands, even when it spells a key.
    static func respelled(_ diagnostic: Diagnostic, entry: TOMLDocument.Entry) -> Diagnostic {
        var diagnostic = diagnostic
        // An entry of `allow-warnings` is a diagnostic's identifier (`lecture.book-toml.…`): only
        // the key is respelled.
        if diagnostic.identifier == .allowWarningsEntry {
            let respell = { (text: String) in
                text.replacing("'lecture.allow-warnings'", with: "'preprocessor.lecture.allow-warnings'")
            }
            diagnostic.summary = respell(diagnostic.summary)
            diagnostic.notes = diagnostic.notes.map(respell)
            return diagnostic
        }
        let own = "lecture." + entry.path.dropFirst().joined(separator: ".")
        let value = entry.kind == .string ? QuotedText.of(entry.value) : nil
        func isKey(_ name: String) -> Bool {
            if name == own { return true }
            // An element's number (`lecture.include-from.0`) names its array's key.
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            let named = parts.reversed().drop { Int($0) != nil }.reversed().joined(separator: ".")
            return schema.contains(named)
        }
        func respellKeys(_ text: Substring) -> String {
            String(text).replacing(/(^|[^\w.])lecture\.([\w.-]*)/) { match in
                // A sentence's full stop after the name is not part of it.
                let dotted = String(match.output.2)
                let trimmed = String(dotted.reversed().drop { $0 == "." }.reversed())
                guard isKey("lecture." + trimmed) else { return String(match.output.0) }
                return String(match.output.1) + "preprocessor.lecture." + dotted
            }
            .replacing("[lecture]", with: "[preprocessor.lecture]")
        }
        func respell(_ text: String) -> String {
            // The value as quoted stays as written: the text around each quotation is respelled.
            guard let value, !value.isEmpty else { return respellKeys(text[...]) }
            return text.components(separatedBy: value).map { respellKeys($0[...]) }.joined(separator: value)
        }
        diagnostic.summary = respell(diagnostic.summary)
        diagnostic.notes = diagnostic.notes.map(respell)
        return diagnostic
    }

    /// lecture's keys and the tables above them (`lecture`, `lecture.samples`,
    /// `lecture.samples.verify`), as the loader's schema has them.
    static let schema: Set<String> = {
        var names = Set(BookSettingsLoader.fields.keys).union(BookSettingsLoader.members.keys)
            .union(BookSettingsLoader.containers)
        names.insert("lecture")
        return names.filter { $0 == "lecture" || $0.hasPrefix("lecture.") }
    }()
}
