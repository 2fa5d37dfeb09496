import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A theme's template names a placeholder that holds rendered parts once, and a short one at
/// most `PlaceholderCopies.maximumShortCopies` times: each copy past that is an error at its
/// line, when the theme is loaded (attack 20, F5: `{{ children }}` twice doubled the chapter
/// tree at each level of the summary; `{{ content }}` 2,000 times made a 6 GB site).
@Suite struct PlaceholderCopiesTests {
    /// What `load` throws, each as `path:line:column: summary`; none when it loads.
    func errors(_ load: () throws -> Void) -> [String] {
        do {
            try load()
            return []
        } catch {
            return ((error as? DiagnosticsError)?.diagnostics ?? []).map {
                "\($0.path):\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.summary)"
            } + ((error as? DiagnosticsError) == nil ? ["\(error)"] : [])
        }
    }

    /// Every placeholder, with the kind declared where it is: the page's, the not-found
    /// message's and each partial's, by template.
    static var declared: [(template: String, placeholders: [String: PlaceholderKind])] {
        [("page.html", Templates.pagePlaceholders), ("404.html", Templates.notFoundPlaceholders)]
            + Partials.Name.allCases.map { ($0.path, $0.placeholders) }
    }

    /// Code review 40 #7: every placeholder the built-in theme names has a kind declared with it
    /// in its template's list (the interface words, `{{ words.KEY }}`, are short text).
    @Test func everyPlaceholderOfTheBuiltInThemeHasAKind() throws {
        var undeclared: [String] = []
        for (template, placeholders) in Self.declared {
            let text =
                template.hasPrefix("partials/")
                ? Partials.builtIn.texts[Partials.Name(rawValue: String(template.dropFirst(9).dropLast(5)))!]
                : DefaultTheme.layouts.first { $0.path == template }.map { String(decoding: $0.bytes, as: UTF8.self) }
            let parsed = try Template.parse(
                try #require(text, "\(template)"), path: template, known: placeholders,
                alsoKnown: Set(InterfaceWords.keys.map { "words." + $0 }))
            for case .placeholder(let name) in parsed.pieces
            where placeholders[name] == nil && !name.hasPrefix("words.") {
                undeclared.append("\(template): \(name)")
            }
        }
        #expect(undeclared.isEmpty, "\(undeclared)")
    }

    /// A name means one kind of value in every template that declares it: a `children` of short
    /// text in a new partial would let it be copied 64 times per level of the summary.
    @Test func aPlaceholderHasOneKindInEveryTemplate() {
        var kinds: [String: Set<PlaceholderKind>] = [:]
        for (_, placeholders) in Self.declared {
            for (name, kind) in placeholders { kinds[name, default: []].insert(kind) }
        }
        #expect(kinds.filter { $0.value.count > 1 }.keys.sorted() == [])
    }

    /// The placeholders that hold a page's parts or a partial nested per entry of the summary
    /// (the exponential case) are rendered parts wherever they are declared.
    @Test func theNestedAndWholePagePlaceholdersAreParts() {
        let nested: Set<String> = ["children", "items", "sections", "chapters", "contents", "content", "nav", "toc"]
        let seen = Self.declared.flatMap { template, placeholders in
            placeholders.filter { nested.contains($0.key) }.map { (template, $0.key, $0.value) }
        }
        #expect(Set(seen.map(\.1)) == nested)
        #expect(seen.filter { $0.2 != .parts }.map { "\($0.0): \($0.1)" } == [])
    }

    @Test(arguments: [
        ("partials/chapter.html", "<li>{{ title }}{{ children }}\n{{ children }}</li>", "children"),
        ("partials/chapter-current.html", "<li>{{ title }}{{ children }}\n{{children}}</li>", "children"),
        ("partials/chapters.html", "<ol>{{ items }}\n{{ items }}</ol>", "items"),
        ("partials/print-contents-item.html", "<li>{{ title }}{{ children }}\n{{ children }}</li>", "children"),
        ("partials/sample-code.html", "<pre>{{ code }}</pre>\n{{ code }}", "code"),
    ])
    func aPartialNamingItsPartsTwice(file: String, text: String, placeholder: String) throws {
        let root = try TestSupport.makeTree([file: text])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(
            errors { _ = try Partials.load(themeDirectory: root) } == [
                "\(root)/\(file):2:1: placeholder '{{ \(placeholder) }}' is used a second time; it may stand once in a template"
            ])
    }

    @Test func aPageTemplateNamingTheContentTwice() throws {
        let root = try TestSupport.makeTree([
            "page.html": "<title>{{ title }}</title>{{ title }}<main>{{ content }}</main>\n<div>{{ content }}</div>\n"
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(
            errors { _ = try Templates.load(directory: root) } == [
                "\(root)/page.html:2:6: placeholder '{{ content }}' is used a second time; it may stand once in a template"
            ])
    }

    @Test func aShortPlaceholderUpToItsBound() throws {
        let maximum = PlaceholderCopies.maximumShortCopies
        let within = String(repeating: "<a href=\"{{ root }}x\"></a>", count: maximum)
        let past = try TestSupport.makeTree(["page.html": "{{ content }}\n" + within + "{{ root }}"])
        let fits = try TestSupport.makeTree(["page.html": "{{ content }}\n" + within])
        defer {
            try? FileManager.default.removeItem(atPath: past)
            try? FileManager.default.removeItem(atPath: fits)
        }
        #expect(errors { _ = try Templates.load(directory: fits) } == [])
        #expect(
            errors { _ = try Templates.load(directory: past) } == [
                "\(past)/page.html:2:\(within.count + 1): placeholder '{{ root }}' is used more than \(maximum) times in one template"
            ])
    }

    /// The build of a book whose summary nests 12 deep, with a theme whose chapter partial names
    /// its children twice, stops at the partial's line and writes no page (before: 4,096 copies
    /// of the deepest entry in every page).
    @Test func aBuildWithADoublingPartialStopsAtItsLine() throws {
        var summary = "# S\n\n"
        var files: [String: String] = ["book.toml": "[book]\ntitle = \"t\"\n"]
        for level in 0..<12 {
            summary += String(repeating: "  ", count: level) + "- [P\(level)](p\(level).md)\n"
            files["src/p\(level).md"] = "# P\(level)\n"
        }
        files["src/SUMMARY.md"] = summary
        files["theme/page.html"] = "<nav>{{ nav }}</nav>{{ content }}\n"
        files["theme/partials/chapter.html"] = "<li>{{ title }}{{ children }}{{ children }}</li>\n"
        let root = try TestSupport.makeTree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["build", root, "--templates", root + "/theme", "--cache-dir", TestSupport.cacheDirectory],
            console: recorder.console)
        #expect(status != 0)
        #expect(
            recorder.lines.contains {
                $0.contains(
                    "theme/partials/chapter.html:1:30: error: placeholder '{{ children }}' is used a second time")
            }, "\(recorder.lines)")
        #expect(!FileSystem.exists(root + "/book/p0.html"))
    }
}
