import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The interface words come from the theme's table of the book's language (English by default,
/// as mdBook), a theme or a book replaces any of them, and what the site claims about its
/// samples comes from this build's counts.
@Suite struct InterfaceLanguageTests {
    func run(_ arguments: [String]) -> (status: Int32, lines: [String]) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(arguments, console: recorder.console)
        return (status, recorder.lines)
    }

    /// A book whose own text is plain ASCII with no interface word in it: a run sample, a sample
    /// not run, a `test` sample, a table with verdicts, more than one
    /// page (so a pager).
    static func book(language: String?) -> [String: String] {
        [
            "book.toml": "[book]\ntitle = \"Zyx\"\n" + (language.map { "language = \"\($0)\"\n" } ?? "")
                + "\n[lecture]\ntable-row-headers = true\n[lecture.samples]\nverify = true\n",
            "src/SUMMARY.md": "# Zyx\n\n- [Qa](a.md)\n- [Qb](b.md)\n",
            "src/a.md": """
            # Qa

            ## Qc

            ```swift
            print(40 + 2)
            ```

            ```output
            42
            ```

            ```swift ignore
            let qq = 1
            ```

            | Qk | Qm |
            | --- | --- |
            | Qn | ✔ |
            | Qo | △ |
            | Qp | ✘ |

            """,
            "src/b.md": """
            # Qb

            ```swift test
            import Testing
            @Test func qr() { #expect(1 == 1) }
            ```

            """,
        ]
    }

    /// Every file of the site at `output` that is text (UTF-8), by path: pages, print.html,
    /// 404.html, scripts, style sheets, the search index, words.js.
    static func site(_ output: String) -> [String: String] {
        var files: [String: String] = [:]
        for path in FileSystem.files(under: output) {
            guard let data = FileManager.default.contents(atPath: output + "/" + path),
                let text = String(data: data, encoding: .utf8)
            else { continue }
            files[path] = text
        }
        return files
    }

    static func hasHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x3131...0x318E).contains($0.value) }
    }

    /// The text a reader sees or hears in `html`: text between tags, and the values of the
    /// attributes that are read out or shown.
    static func readable(_ html: String) -> String {
        var out = html.replacingOccurrences(of: "<[^>]*>", with: "\n", options: .regularExpression)
        let attributes = try! NSRegularExpression(pattern: "(aria-label|title|placeholder|data-label|alt)=\"([^\"]*)\"")
        for match in attributes.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            if let range = Range(match.range(at: 2), in: html) { out += "\n" + html[range] }
        }
        return out
    }

    @Test func theSameBookInEnglishAndKoreanHoldsNoWordOfTheOtherLanguage() throws {
        var sites: [String: [String: String]] = [:]
        for language in ["en", "ko"] {
            let root = try TestSupport.makeTree(Self.book(language: language))
            defer { try? FileManager.default.removeItem(atPath: root) }
            let (status, lines) = run(["build", root, "--cache-dir", TestSupport.cacheDirectory])
            #expect(status == 0, "\(lines)")
            sites[language] = Self.site(root + "/book")
        }
        let english = try #require(sites["en"])
        let korean = try #require(sites["ko"])
        #expect(english["a.html"]?.contains("<html lang=\"en\"") == true)
        #expect(korean["a.html"]?.contains("<html lang=\"ko\"") == true)
        // The English site: no Hangul anywhere, pages, print.html, 404.html and scripts alike.
        for (path, text) in english { #expect(!Self.hasHangul(text), "Korean in the English \(path)") }
        #expect(english["a.html"]?.contains("Output · verified (Swift") == true)
        #expect(english["a.html"]?.contains("aria-label=\"good\"") == true)
        #expect(english["b.html"]?.contains("1 of 1 test passed") == true)
        // The Korean site: no English interface word where a reader meets it.
        let koreanWords = InterfaceWords.load(language: "ko", themeDirectory: nil).words
        let englishWords = InterfaceWords.english.table.filter { key, word in
            koreanWords[key] != word && !key.hasPrefix("init-")
        }
        // In the pages as shown, and among the scripts' words (the scripts themselves are code).
        for (path, text) in korean where path.hasSuffix(".html") || path == InterfaceWords.scriptPath {
            // words.js: the values only, without their {placeholders} (names in English, as the keys).
            let shown =
                path.hasSuffix(".html")
                ? Self.readable(text)
                : text.split(separator: "\n").compactMap { line in
                    line.range(of: "\": \"").map { String(line[$0.upperBound...]) }
                }.joined(separator: "\n").replacingOccurrences(
                    of: "\\{[a-z]+\\}", with: "", options: .regularExpression)
            for (key, word) in englishWords {
                // The longest run of the word outside its {placeholders}, as it would be shown.
                let fragment =
                    word.replacingOccurrences(of: "\\{[a-z]+\\}", with: "\u{0}", options: .regularExpression)
                    .split(separator: "\u{0}").map { $0.trimmingCharacters(in: .whitespaces) }
                    .max { $0.count < $1.count } ?? ""
                guard fragment.count >= 4 else { continue }
                #expect(!shown.contains(fragment), "the English word '\(key)' in the Korean \(path)")
            }
        }
        #expect(korean["a.html"]?.contains("실행 결과 · 검증됨 (Swift") == true)
        #expect(
            korean.first { HashedSitePath.isHashed($0.key, "words.js") }?.value.contains("\"copy\": \"복사\"") == true,
            "the scripts' words")
    }

    @Test func aBookWithoutALanguageIsEnglishAndWithoutSwiftClaimsNothing() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "src/a.md": "# A\n\n```rust\nfn main() {}\n```\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(run(["build", root, "--cache-dir", TestSupport.cacheDirectory]).status == 0)
        let page = try #require(TestSupport.read(root + "/book/a.html"))
        #expect(page.contains("<html lang=\"en\""), "mdBook's default language")
        #expect(!page.contains("class=\"verified\""), "no claim about samples: there are none")
        #expect(!page.contains("Swift"), "no word about Swift in a book without Swift")
        #expect(TestSupport.read(root + "/book/print.html").map { !$0.contains("checked with") } == true)
    }

    @Test func theClaimCountsTheSamplesThisBuildVerified() {
        let words = InterfaceWords.english
        #expect(TemplateValues.verified(0, compiler: "Swift 6.3", words: words) == "")
        #expect(
            TemplateValues.verified(1, compiler: "Swift 6.3", words: words) == "1 Swift sample checked with Swift 6.3.")
        #expect(TemplateValues.verified(45, compiler: "Swift 6.3", words: words).hasPrefix("45 Swift samples"))
    }

    @Test func aThemeAndABookReplaceWordsAndAnUnknownWordIsAWarningAtItsLine() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\nlanguage = \"ko-KR\"\n\n[lecture.words]\nprevious = \"Back\"\nnextt = \"x\"\n",
            "src/SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n", "src/a.md": "# A\n", "src/b.md": "# B\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A copy of the built-in theme whose Korean table names the skip link and one unknown key.
        let theme = try DefaultTheme.directory(cacheDirectory: TestSupport.cacheDirectory)
        let templates = root + "/theme"
        try FileManager.default.copyItem(atPath: theme, toPath: templates)
        // The folder in the cache holds the layouts; the assets come from memory.
        for (path, bytes) in DefaultTheme.assets {
            try FileSystem.writeAtomically(bytes, to: FileSystem.join(templates, path))
        }
        try FileSystem.writeAtomically(
            "skip-to-content = \"Jump\"\n\nsearch-lable = \"y\"\n", to: templates + "/words/ko.toml")
        let (status, lines) = run([
            "build", root, "--templates", templates, "--cache-dir", TestSupport.cacheDirectory,
        ])
        #expect(status == 0, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("\(templates)/words/ko.toml:3:1: warning: unknown interface word 'search-lable'")
            }, "\(lines)")
        #expect(lines.contains { $0.contains("book.toml:6:1: warning: unknown interface word 'nextt'") }, "\(lines)")
        #expect(lines.contains { $0.contains("did you mean 'search-label'?") }, "\(lines)")
        let b = try #require(TestSupport.read(root + "/book/b.html"))
        #expect(b.contains(">Jump</a>"), "the theme's word")
        #expect(b.contains("data-label=\"Back\""), "the book's word wins")
        #expect(b.contains("<html lang=\"ko-KR\"") && b.contains("이 페이지에서"), "ko-KR falls back to ko")
        #expect(!FileSystem.exists(root + "/book/words/ko.toml"), "the tables are read, not copied")
    }

    @Test func initWritesTheBookInTheLanguageAskedFor() throws {
        let english = try TestSupport.temporaryDirectory()
        let korean = try TestSupport.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: english)
            try? FileManager.default.removeItem(atPath: korean)
        }
        #expect(run(["init", english]).status == 0)
        #expect(run(["init", korean, "--language", "ko"]).status == 0)
        #expect(TestSupport.read(english + "/book.toml")?.contains("language = \"en\"") == true)
        let englishPage = try #require(TestSupport.read(english + "/src/chapter_1.md"))
        #expect(englishPage.hasPrefix("# Chapter 1\n") && !Self.hasHangul(englishPage))
        #expect(TestSupport.read(korean + "/book.toml")?.contains("language = \"ko\"") == true)
        #expect(TestSupport.read(korean + "/src/chapter_1.md")?.hasPrefix("# 1장\n") == true)
        #expect(run(["init", korean + "/x", "--language", "not a tag"]).status == 2)
    }

    /// An English book as `lecture init` writes it (the default language), built: no Hangul in
    /// any file of its site, the search index and the print page among them; and no file that
    /// is not text but the images and fonts a theme ships.
    @Test func anEnglishBookMadeByInitHasNoKoreanAnywhereInItsSite() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(run(["init", root + "/book"]).status == 0)
        let (status, lines) = run(["build", root + "/book", "--cache-dir", TestSupport.cacheDirectory])
        #expect(status == 0, "\(lines)")
        let output = root + "/book/book"
        let all = FileSystem.files(under: output)
        let text = Self.site(output)
        #expect(text["index.html"] != nil && text["print.html"] != nil && text["404.html"] != nil, "\(all)")
        #expect(text.keys.contains { $0.hasPrefix("search-") }, "the search index: \(all)")
        for (path, content) in text { #expect(!Self.hasHangul(content), "Korean in the English book's \(path)") }
        let binary = all.filter { text[$0] == nil }
        let images = ["png", "svg", "ico", "woff", "woff2", "ttf", "otf"]
        #expect(
            binary.allSatisfy { path in images.contains { path.hasSuffix("." + $0) } },
            "every other file is text, so was searched: \(binary)")
    }

    @Test func theToolsSourcesHoldNoKorean() throws {
        for folder in ["LectureKit", "LectureServe", "LectureSupport", "CommonMark", "lecture", "SwiftAnalysis"] {
            let base = TestSupport.repositoryRoot + "/Sources/" + folder
            for file in FileSystem.files(under: base) where file.hasSuffix(".swift") {
                let text = TestSupport.read(base + "/" + file) ?? ""
                #expect(!Self.hasHangul(text), "Korean in Sources/\(folder)/\(file)")
            }
        }
    }
}
