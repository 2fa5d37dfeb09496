import BookTOML
import CommonMark
import Foundation
import LectureSupport

/// Reads `book.toml` into `BookSettings`.
///
/// Parsing is toml++'s (`TOMLDocument`). A syntax error is an error at `book.toml:line:column`; a
/// value of the wrong type is an error at its line; a key this tool does not know is a warning at
/// its line, and so is an mdBook key whose value asks for what lecture does not do (preprocessors,
/// other renderers, MathJax…: `MdBookKeys`), with a note saying what is lost; an mdBook key whose
/// value loses nothing is accepted without a word. Every problem in the file is reported.
package enum BookSettingsLoader {
    /// Loads `path` (a path as the user gave it, used in diagnostics).
    /// book.toml is read by the one rule of every file the book reads (`BookFile`): a committed
    /// link out of the book's folder (or of the repository holding it) is an error, not a title
    /// published in every page (attack 15, F3); a link inside is followed.
    package static func load(path: String) -> (settings: BookSettings, diagnostics: [Diagnostic]) {
        let spelledFolder = FileSystem.parent(path)
        let folder = CanonicalPath.of(spelledFolder.isEmpty ? "." : spelledFolder)
        let boundary = ReadableFolder.repository(holding: folder) ?? folder
        let bytes: [UInt8]
        do throws(BookFile.Problem) {
            // The book's folder is a root of its own, so the dot-component rule looks below it: a book
            // kept in a dot-folder of its repository (`.build/layout-foreign`) is still read.
            bytes = try BookFile.open(path, roots: [folder, boundary]).get().bytes().bytes
        } catch {
            return (BookSettings.unread, [unreadable(path, error, boundary: boundary, book: folder)])
        }
        let file: SourceFile
        do throws(Diagnostic) {
            file = try SourceFileReader.decode(bytes, displayPath: path, relativePath: "book.toml")
        } catch {
            return (BookSettings.unread, [error])
        }
        return parse(file.text, path: path)
    }

    /// The error for a book.toml the rule refuses or the system cannot read, with its cause.
    static func unreadable(_ path: String, _ problem: BookFile.Problem, boundary: String, book: String) -> Diagnostic {
        let what = boundary == book ? "the book's folder" : "the repository holding the book"
        let folder = FileSystem.parent(path)
        // A link whose target is gone: named with its target, not as a book.toml that is not there.
        if case .refused(_, .missing) = problem,
            let (_, target) = DanglingLink.onTheWay("book.toml", below: folder.isEmpty ? "." : folder)
        {
            return .error(
                .fileOutsideBook, path, nil,
                "book.toml is a symbolic link to \(quoted: target), which does not exist; it is not read",
                notes: ["restore \(quoted: target), or replace the link by book.toml itself"])
        }
        switch problem {
        case .refused(let real, .outside):
            return .error(
                .fileOutsideBook, path, nil,
                "book.toml is a symbolic link to \(quoted: real), outside \(what) (\(quoted: boundary)); it is not read",
                notes: [
                    "a book reads files inside its own folder only, links resolved: put book.toml itself into the book's folder (a book from a pull request could otherwise read any file of the machine as its settings)"
                ])
        case .refused(_, let refusal):
            return .error(
                .fileOutsideBook, path, nil, "book.toml \(refusal.phrase); it is not read", notes: [refusal.note])
        case .unreadable(let reason):
            return .error(
                .fileSystem, path, nil, "book.toml cannot be read: \(reason)",
                notes: ["make book.toml a regular file its reader may read"])
        }
    }

    /// The error for a book.toml nested deeper than the reader follows, at the part past it.
    static func tooDeep(_ error: TOMLDocument.SyntaxError, path: String) -> Diagnostic {
        .error(
            .bookTOMLSyntax, path, error.location, "book.toml's \(error.message)",
            notes: [
                "each part of a dotted key ('a.b.c = 1') or of a table header ('[a.b.c]') is a table inside the one before, and each array or inline table a level more; no setting nests more than 5; mdBook stops at about 90 ('recursion limit')",
                "fix this line: shorten the key, or nest fewer arrays and inline tables",
            ])
    }

    /// Reads the text of a `book.toml` named `path` in diagnostics.
    package static func parse(_ text: String, path: String) -> (settings: BookSettings, diagnostics: [Diagnostic]) {
        let document: TOMLDocument
        do throws(TOMLDocument.SyntaxError) {
            document = try TOMLDocument.parse(text)
        } catch let error where error.isTooDeep {
            return (BookSettings.unread, [tooDeep(error, path: path)])
        } catch {
            return (
                BookSettings.unread,
                [
                    .error(
                        .bookTOMLSyntax,
                        path, error.location, "book.toml is not valid TOML",
                        notes: (TOMLSyntaxHint.note(for: error.message).map { [$0] } ?? []) + [
                            "toml++ says: \(error.message)",
                            "fix this line: each setting is 'key = value' under a '[table]' header, text in double quotes (title = \"My Book\"), a list in brackets (authors = [\"Ada\"]); TOML's syntax: https://toml.io/en/v1.0.0",
                        ])
                ]
            )
        }
        var settings = BookSettings()
        let table = LectureTable.normalized(document.entries, path: path)
        var diagnostics = table.diagnostics
        for (index, entry) in table.entries.enumerated() {
            let before = diagnostics.count
            defer {
                if table.moved.contains(index) {
                    for moved in before..<diagnostics.count {
                        diagnostics[moved] = LectureTable.respelled(diagnostics[moved], entry: entry)
                    }
                }
            }
            let key = entry.path.joined(separator: ".")
            let place: SourceLocation? = entry.location.line > 0 ? entry.location : nil
            if entry.path.count >= 2, entry.path[0] == "output" {
                if entry.path[1] == "html" {
                    settings.hasHTMLOutput = true
                } else if !settings.otherRenderers.contains(entry.path[1]) {
                    settings.otherRenderers.append(entry.path[1])
                }
            }
            // A key lecture reads, or an element or entry of one (`members`); a path it holds is
            // checked before it is read.
            let exact = fields[key]
            if let field = exact ?? members[entry.path.dropLast().joined(separator: ".")] {
                // An error's note says what the run uses instead (`SettingDefaults`).
                let (noted, element) = (exact == nil ? entry.path.dropLast().joined(separator: ".") : key, exact == nil)
                if let text = field.pathText(of: entry), let problem = PathText.problem(text) {
                    diagnostics.append(
                        .error(
                            .bookTOMLValue, path, place, "\(quoted: key) \(problem)",
                            notes: [PathText.note, SettingDefaults.note(for: noted, element: element)]))
                    continue
                }
                // input-404's is the Load step's, beside its own error (`NotFoundSource.inputProblems`).
                if field.kind != .pathKeyedMember, key != "output.html.input-404", let text = field.pathText(of: entry),
                    let warning = UnexpandedPath.warning(
                        "'\(exact == nil ? entry.path.dropLast().joined(separator: ".") : key)'", spelled: text,
                        relativeTo: base(of: key, path: path, entries: table.entries), file: path, at: place)
                {
                    diagnostics.append(warning)
                }
                if exact != nil { settings.locations[key] = place }
                diagnostics += SettingDefaults.noted(
                    field.apply(entry, &settings, Field.Place(file: path, location: place, key: key)), key: noted,
                    element: element)
                continue
            }
            // Children of a table already reported, and array elements, are not reported again.
            if entry.path.count > 1, reported(entry.path.dropLast()) { continue }
            let hasElements =
                table.entries.indices.contains(index + 1)
                && table.entries[index + 1].path.starts(with: entry.path)
            if let verdict = MdBookKeys.verdict(entry, hasElements: hasElements) {
                if case .lost(let what) = verdict {
                    diagnostics.append(
                        .warning(
                            .bookTOMLUnsupported, path, place,
                            "\(quoted: key) is not supported by lecture and is ignored",
                            notes: [what]))
                } else if case .unknownToMdBook(let fix) = verdict {
                    diagnostics.append(MdBookKeys.unknownToMdBook(key, file: path, at: place, fix: fix))
                }
                continue
            }
            if let reason = unsupported(entry.path) {
                diagnostics.append(
                    .warning(
                        .bookTOMLUnsupported, path, place, "\(quoted: key) is not supported by lecture and is ignored",
                        notes: [reason]))
            } else if !containers.contains(key) && !entry.path.isEmpty {
                let known = Self.knownKeys(near: entry.path)
                // mdBook checks its own tables too: the note says what `mdbook build` does then.
                let mdBook = MdBookKeys.effectOfUnknown(entry.path).map {
                    "mdBook 0.5.4 does not know it either: \($0)"
                }
                diagnostics.append(
                    .warning(
                        .bookTOMLUnknown,
                        path, place, "unknown key \(quoted: key) in book.toml is ignored",
                        notes: (known.isEmpty
                            ? ["known tables: [book], [build], [output.html], \(LectureTable.header)"]
                            : Self.meant(entry.path, among: known).map { ["did you mean \(quoted: $0)?"] }
                                ?? ["known keys here: " + known.joined(separator: ", ")]) + (mdBook.map { [$0] } ?? []))
                )
            }
        }
        diagnostics += SearchPrintKeys.warnings(table.entries, path: path)
        diagnostics += ShownSettings.warnings(text, entries: document.entries, path: path)
        // toml++ keeps a table's keys sorted by name; report in the file's order.
        let ordered = diagnostics.enumerated().sorted { a, b in
            (a.element.location?.line ?? 0, a.offset) < (b.element.location?.line ?? 0, b.offset)
        }.map(\.element)
        return (settings, ordered)
    }

    /// The keys to name beside an unknown key at `path`: its own table's (lecture's and mdBook's:
    /// `[output.html.search]`'s for a key there, not all of `[output.html]`'s), else, for a table
    /// neither knows, those of its first table (`output.`, `lecture.`).
    static func knownKeys(near path: [String]) -> [String] {
        let all = Set(fields.keys).union(MdBookKeys.named)
        let table = path.dropLast().joined(separator: ".") + "."
        let own = all.filter { $0.hasPrefix(table) && !$0.dropFirst(table.count).contains(".") }
        return
            (own.isEmpty || path.count < 2 ? fields.keys.filter { $0.hasPrefix((path.first ?? "") + ".") } : Array(own))
            .sorted()
    }

    /// The folder a path of `key` is relative to, for `UnexpandedPath`'s warning: the pages'
    /// folder (book.toml's `[book] src`, else `src`) for the pages `input-404` and `continue`
    /// name, else the folder holding book.toml (`path`).
    static func base(of key: String, path: String, entries: [TOMLDocument.Entry]) -> String {
        let root = FileSystem.parent(path)
        guard key.hasPrefix("output.html.input-404") || key.hasPrefix("lecture.samples.continue") else { return root }
        let source = entries.first { $0.path == ["book", "src"] && $0.kind == .string }?.value ?? "src"
        return FileSystem.resolve(source, against: root)
    }

    /// The known key of the same table nearest to a misspelt one (`timeout` for `timout` in
    /// `[preprocessor.lecture]`), by `EditDistance`'s rule, spelt as the table writes it.
    static func meant(_ path: [String], among known: [String]) -> String? {
        let table = path.dropLast().joined(separator: ".") + "."
        let siblings = known.filter { $0.hasPrefix(table) }.map { String($0.dropFirst(table.count)) }
        return path.last.flatMap { EditDistance.nearest(to: $0, in: siblings) }
    }

    /// What is wrong with one element of `[preprocessor.lecture.samples] libraries`, or `nil`: it must name a
    /// folder of Swift sources relative to the folder holding `bookTOML`.
    static func library(_ entry: TOMLDocument.Entry, bookTOML: String) -> (summary: String, notes: [String])? {
        guard entry.kind == .string else {
            return ("'lecture.samples.libraries' needs folders of Swift sources, such as [\"Sources/Library\"]", [])
        }
        let folder = FileSystem.join(FileSystem.parent(bookTOML), entry.value)
        guard FileSystem.isDirectory(folder) else {
            return (
                "sample library \(quoted: entry.value) is not a folder",
                ["each library is a folder of Swift sources, relative to the folder holding book.toml"]
            )
        }
        if let package = SwiftPackageFolder.problem(entry.value, folder: folder) { return package }
        guard FileSystem.files(under: folder).contains(where: { $0.hasSuffix(".swift") }) else {
            return ("sample library \(quoted: entry.value) holds no Swift source", ["its .swift files make the module"])
        }
        return nil
    }

    /// Tables that only hold other keys: those above the keys lecture reads (`fields`, `members`),
    /// and mdBook's `[preprocessor]` tables lecture handles itself or warns about.
    static let containers: Set<String> = {
        var tables: Set<String> = ["preprocessor", "preprocessor.links", "preprocessor.index"]
        tables.formUnion(MdBookKeys.tables)
        for key in fields.keys {
            let parts = key.split(separator: ".")
            for count in 1..<parts.count { tables.insert(parts.prefix(count).joined(separator: ".")) }
        }
        for key in members.keys where fields[key] == nil {
            let parts = key.split(separator: ".")
            for count in 1...parts.count { tables.insert(parts.prefix(count).joined(separator: ".")) }
        }
        return tables
    }()

    /// Whether an ancestor of `path` got its own warning (an unknown or unsupported table), or is
    /// a known array (whose elements are its value).
    private static func reported(_ path: ArraySlice<String>) -> Bool {
        var prefix = Array(path)
        while !prefix.isEmpty {
            let key = prefix.joined(separator: ".")
            if fields[key] != nil || unsupported(prefix) != nil || (!containers.contains(key)) { return true }
            prefix.removeLast()
        }
        return false
    }

    /// Why a preprocessor's or another renderer's table is ignored, or `nil` when it is not one
    /// of those (mdBook's own keys: `MdBookKeys`).
    static func unsupported(_ path: [String]) -> String? {
        guard let first = path.first else { return nil }
        switch first {
        case "preprocessor":
            guard path.count >= 2 else { return nil }
            // mdBook's own `links` (includes) and `index` (README → index) are built in here.
            if path[1] == "links" || path[1] == "index" {
                return path.count == 2 ? nil : "lecture's own {{#include}} and README handling apply"
            }
            return "preprocessors are external programs; lecture runs none"
        case "output":
            guard path.count >= 2 else { return nil }
            // mdbook-linkcheck checks the links, as lecture does itself (`MdBookKeys`).
            if path[1] != "html" && path[1] != "linkcheck" {
                return
                    "lecture writes HTML only; other renderers ('output.\(path[1])') are not run; with [output.html] too, the site goes to the build folder's html/, as mdBook writes it"
            }
            return nil
        default: return nil
        }
    }
}
