import BookTOML
import CommonMark
import Foundation
import LectureSupport

/// The words the interface speaks (labels, badges, the test report, the scripts' messages), in
/// the book's language: a table per language shipped with the theme (`words/<language>.toml`),
/// English by default, as mdBook.
///
/// Each word is found, last one winning, in: the built-in theme's `words/en.toml`; the built-in
/// theme's table of the book's language (`ko` for `ko-KR` too); the theme folder's table of that
/// language; the book's `[preprocessor.lecture.words]`. Templates use them as `{{ words.KEY }}` (text,
/// escaped; a key ending in `-html` is inserted as HTML); `{name}` inside a word is filled in by
/// the tool (`format`).
package struct InterfaceWords: Sendable, Hashable {
    /// Every word by key.
    package var table: [String: String]

    /// The word `key`, or the key itself when no table has it (a key of the tool's own missing
    /// from a theme's table is filled from English, so this happens only for a new key).
    package subscript(_ key: String) -> String { table[key] ?? key }

    /// The word `key` with each `{name}` replaced by `values[name]`.
    package func format(_ key: String, _ values: [String: String]) -> String {
        var text = self[key]
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// The built-in English table.
    package static let english = builtIn("en") ?? InterfaceWords(table: [:])
    /// The keys every table may define: those of the built-in English table, and the plural
    /// forms of its phrases with a count (`CountedWords.swift`).
    static let keys = Set(english.table.keys).union(pluralForms)

    /// Where `script` is written, at the site root: `page.html` loads it before the theme's scripts.
    static let scriptPath = "words.js"

    /// The keys of the words `lecture init` writes into a new book (`init-title`…): no site's.
    static let initPrefix = "init-"

    /// `words.js`: every word a site uses as `window.lectureWords`, for the theme's scripts
    /// (`book.js`, `search.js`), which fill `{name}` themselves; `lecture init`'s are left out.
    var script: [UInt8] {
        var bytes = Array("window.lectureWords = {".utf8)
        for (index, key) in table.keys.filter({ !$0.hasPrefix(Self.initPrefix) }).sorted().enumerated() {
            bytes += Array((index == 0 ? "\n" : ",\n").utf8)
            JSONLiteral.append(key, to: &bytes)
            bytes += Array(": ".utf8)
            JSONLiteral.append(table[key] ?? "", to: &bytes)
        }
        bytes += Array("\n};\n".utf8)
        return bytes
    }

    /// The table for `language` (nil: English) from the built-in theme, `themeDirectory` (the
    /// templates folder, when it is not the built-in one) and the book's `overrides`.
    /// - Returns: the words and a diagnostic for each problem in a theme's table (a key it does
    ///   not know, a value that is not text).
    static func load(
        language: String?, themeDirectory: String?, overrides: [String: String] = [:], book: [String] = []
    ) -> (words: InterfaceWords, diagnostics: [Diagnostic]) {
        var table = english.table
        var diagnostics: [Diagnostic] = []
        let candidates = languageCandidates(language)
        // A plural form is the language's own: English's `search-count-one` in a Korean book
        // would be an English word, and Korean has no "one" form to put there.
        if !candidates.contains(BookSettings.defaultLanguage) {
            for form in pluralForms { table[form] = nil }
        }
        for candidate in candidates.reversed() where candidate != "en" {
            if let words = builtIn(candidate) { table.merge(words.table) { _, new in new } }
        }
        if let themeDirectory {
            for candidate in candidates.reversed() {
                let path = FileSystem.join(FileSystem.join(themeDirectory, "words"), candidate + ".toml")
                let read: [UInt8]?
                do throws(Diagnostic) {
                    read = try BookFileRule.themeFile(path, theme: themeDirectory, book: book)
                } catch {
                    diagnostics.append(error)
                    continue
                }
                guard let bytes = read else { continue }
                let parsed = parse(String(decoding: bytes, as: UTF8.self), path: path)
                table.merge(parsed.words.table) { _, new in new }
                diagnostics += parsed.diagnostics
            }
        }
        table.merge(overrides) { _, new in new }
        return (InterfaceWords(table: table), diagnostics)
    }

    /// `ko-KR` → `["ko-KR", "ko"]`; no language → `["en"]`.
    static func languageCandidates(_ language: String?) -> [String] {
        guard let language, !language.isEmpty else { return [BookSettings.defaultLanguage] }
        var candidates = [language]
        if let dash = language.firstIndex(where: { $0 == "-" || $0 == "_" }) {
            candidates.append(String(language[..<dash]))
        }
        return candidates
    }

    /// The built-in theme's table for `language`, if it has one: read from `words/<language>.toml`
    /// when the tool is built (`theme-embedder`; `DefaultThemeWordsTests`), not parsed at each run.
    static func builtIn(_ language: String) -> InterfaceWords? {
        DefaultThemeFiles.words[language].map { InterfaceWords(table: $0) }
    }

    /// A table's text: `key = "word"` lines. - Returns: the words, and a diagnostic at each line
    /// that is not one (`checkKeys`: also at each key the built-in English table does not know).
    static func parse(_ text: String, path: String, checkKeys: Bool = true) -> (
        words: InterfaceWords, diagnostics: [Diagnostic]
    ) {
        let document: TOMLDocument
        do throws(TOMLDocument.SyntaxError) {
            document = try TOMLDocument.parse(text)
        } catch {
            return (
                InterfaceWords(table: [:]),
                [
                    .error(
                        .bookTOMLSyntax, path, error.location,
                        error.isTooDeep
                            ? "the interface words' \(error.message)" : "the interface words are not valid TOML",
                        notes: (error.isTooDeep ? [] : TOMLSyntaxHint.note(for: error.message).map { [$0] } ?? []) + [
                            error.isTooDeep ? "the words are a flat table" : "toml++ says: \(error.message)",
                            "each line is key = \"word\"",
                        ])
                ]
            )
        }
        let known = checkKeys ? keys : []
        var table: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for entry in document.entries where !entry.path.isEmpty {
            let place: SourceLocation? = entry.location.line > 0 ? entry.location : nil
            let key = entry.path.joined(separator: ".")
            guard entry.path.count == 1, entry.kind == .string else {
                diagnostics.append(
                    .error(
                        .bookTOMLValue, path, place, "\(quoted: key) is not an interface word",
                        notes: ["write key = \"word\""]))
                continue
            }
            if checkKeys && !known.contains(key) {
                diagnostics.append(unknownKey(key, path: path, place: place, known: known))
            }
            table[key] = entry.value
        }
        return (InterfaceWords(table: table), diagnostics)
    }

    /// A warning at an interface word no template or page asks for, with the nearest known key.
    static func unknownKey(_ key: String, path: String, place: SourceLocation?, known: Set<String>) -> Diagnostic {
        let nearest = EditDistance.nearest(to: key, in: known)
        return .warning(
            .bookTOMLUnknown, path, place, "unknown interface word \(quoted: key) is ignored",
            notes: nearest.map { ["did you mean \(quoted: $0)? the keys are those of the built-in words/en.toml"] }
                ?? [])
    }
}
