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

    /// `diagnostic` about a moved entry, with the keys it names spelled as the book wrote them
    /// (`'preprocessor.lecture.timeout'`, `[preprocessor.lecture.samples]`).
    static func respelled(_ diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = diagnostic
        // A diagnostic's identifier (`lecture.book-toml.…`, which `allow-warnings` names) is no key.
        let identifiers = Set(Diagnostic.Identifier.all.map(\.rawValue))
        let isAllowListEntry = diagnostic.identifier == .allowWarningsEntry
        func respell(_ text: String) -> String {
            // An entry of `allow-warnings` is quoted as written: only the key is respelled.
            if isAllowListEntry {
                return text.replacing("'lecture.allow-warnings'", with: "'preprocessor.lecture.allow-warnings'")
            }
            return text.replacing(/(^|[^\w.])lecture\.([\w.-]*)/) { match in
                identifiers.contains("lecture." + match.output.2)
                    ? String(match.output.0) : String(match.output.1) + "preprocessor.lecture." + match.output.2
            }
            .replacing("[lecture", with: "[preprocessor.lecture")
        }
        diagnostic.summary = respell(diagnostic.summary)
        diagnostic.notes = diagnostic.notes.map(respell)
        return diagnostic
    }
}
