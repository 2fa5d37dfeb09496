import Testing

@testable import LectureKit
@testable import LectureSupport

/// book.toml's schema is one list of fields, each with its kind: a key whose
/// kind holds a path goes through `PathText` because of its kind, not because it is listed again.
@Suite struct BookSettingsSchemaTests {
    /// A book.toml that writes a path with a control character where `key`'s field takes one.
    static func toml(withBadPathAt key: String, _ field: BookSettingsLoader.Field) -> String? {
        let bad = "\"x\\u0007y\""
        switch field.kind {
        case .path: return "\(key) = \(bad)\n"
        case .pathMember: return "\(key) = [\(bad)]\n"
        case .pathKeyedMember: return "\(key) = { \(bad) = \"new.html\" }\n"
        case .string, .seconds, .boolean, .value, .container, .member: return nil
        }
    }

    /// Every field whose kind holds a path refuses a control character in it, at its line.
    @Test func everyPathKeyGoesThroughThePathCheck() {
        let all =
            BookSettingsLoader.fields.map { ($0.key, $0.value) } + BookSettingsLoader.members.map { ($0.key, $0.value) }
        var checked: Set<String> = []
        for (key, field) in all {
            guard let text = Self.toml(withBadPathAt: key, field) else { continue }
            checked.insert(key)
            let (_, diagnostics) = BookSettingsLoader.parse(text, path: "book.toml")
            let refused = diagnostics.filter { $0.notes.first == PathText.note }
            #expect(refused.count == 1, "\(key): \(diagnostics.map(\.headline))")
            #expect(
                refused.first?.summary.contains("holds the control character U+0007 at character 2") == true,
                "\(key): \(refused.map(\.headline))")
            #expect(refused.first?.location?.line == 1, "\(key)")
        }
        // The keys that name files or folders; a new one is declared `.path` (or a path member) and
        // so is checked above.
        #expect(
            checked == [
                "book.src", "build.build-dir", "lecture.templates", "lecture.samples.libraries", "lecture.include-from",
                "lecture.samples.continue", "output.html.redirect", "build.extra-watch-dirs", "output.html.input-404",
                "output.html.additional-css", "output.html.additional-js",
            ])
    }

    /// A string that is not a path keeps its control characters: the check belongs to path kinds.
    @Test func aStringKeyIsNotCheckedAsAPath() {
        let (settings, diagnostics) = BookSettingsLoader.parse("book.title = \"a\\u0007b\"\n", path: "book.toml")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.headline))")
        #expect(settings.title == "a\u{7}b")
    }

    /// The tables that only hold keys are those above the fields, and mdBook's own.
    @Test func containersAreTheTablesAboveTheFields() {
        #expect(
            BookSettingsLoader.containers == [
                "book", "build", "output", "output.html", "lecture", "lecture.samples", "preprocessor", "rust",
                "preprocessor.links", "preprocessor.index", "lecture.words", "output.html.redirect", "output.html.code",
                "output.html.code.hidelines",
                // mdBook's tables whose keys are judged one by one (`MdBookKeys`).
                "output.html.fold", "output.html.playground", "output.html.playpen", "output.html.print",
                "output.html.search", "output.linkcheck",
            ])
    }
}
