import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The theme's faces follow `[book] language` (`LanguageStyle`): the built-in theme's style sheet
/// names the system's faces, and `languages/ko.css` (Hangul faces, `word-break: keep-all`) goes
/// into the site's `assets/style.css` only for a Korean book, so this lecture keeps its look and
/// no other book carries it.
@Suite struct LanguageStyleTests {
    /// The font families `languages/ko.css` names, read from the built-in theme.
    static let koreanFaces: [String] = {
        let file = DefaultThemeFiles.files.first { $0.path == "languages/ko.css" }
        let text = String(decoding: Data(base64Encoded: file?.base64 ?? "") ?? Data(), as: UTF8.self)
        return text.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .filter { !["SF Mono", "Segoe UI"].contains($0) }
    }()

    /// The site's `assets/style.css` for a book whose book.toml holds `toml`, built with the
    /// built-in theme or `templates`; and what the run printed.
    static func styleSheet(_ toml: String, templates: String? = nil) throws -> (
        css: String, lines: [String], site: String
    ) {
        let root = try TestSupport.makeTree([
            "book.toml": toml, "src/SUMMARY.md": "# T\n\n- [A](a.md)\n", "src/a.md": "# A\n\nText.\n",
        ])
        let cache = try TestSupport.temporaryDirectory()
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["build", root, "--cache-dir", cache] + (templates.map { ["--templates", $0] } ?? []),
            console: recorder.console)
        #expect(status == 0, "\(recorder.lines)")
        let site = root + "/book"
        let css = String(decoding: try FileSystem.read(HashedSitePath.of("assets/style.css", in: site)), as: UTF8.self)
        return (css, recorder.lines, site)
    }

    @Test func theFacesAreKnown() {
        #expect(Self.koreanFaces.contains("Apple SD Gothic Neo") && Self.koreanFaces.contains("D2Coding"))
    }

    /// An English book, a book without a language and a French one: no Korean face, no
    /// `keep-all`, no `languages/` folder in the site.
    @Test(arguments: [
        "[book]\ntitle = \"T\"\nlanguage = \"en\"\n", "[book]\ntitle = \"T\"\n", "[book]\nlanguage = \"fr\"\n",
    ])
    func anotherLanguageNamesNoKoreanFace(toml: String) throws {
        let built = try Self.styleSheet(toml)
        defer { try? FileManager.default.removeItem(atPath: (built.site as NSString).deletingLastPathComponent) }
        for face in Self.koreanFaces { #expect(!built.css.contains(face), "\(face)") }
        #expect(!built.css.contains("keep-all"))
        #expect(built.css.contains("--font-sans: system-ui"))
        #expect(!FileSystem.exists(built.site + "/languages"))
        #expect(!built.lines.contains { $0.contains("warning") }, "\(built.lines)")
    }

    /// `ko` and `ko-KR`: the Korean faces and `keep-all`, after the system's (they win).
    @Test(arguments: ["ko", "ko-KR"])
    func aKoreanBookHasTheKoreanFaces(language: String) throws {
        let built = try Self.styleSheet("[book]\ntitle = \"T\"\nlanguage = \"\(language)\"\n")
        defer { try? FileManager.default.removeItem(atPath: (built.site as NSString).deletingLastPathComponent) }
        for face in Self.koreanFaces { #expect(built.css.contains(face), "\(face)") }
        let system = try #require(built.css.range(of: "--font-sans: system-ui"))
        let korean = try #require(built.css.range(of: "\"Apple SD Gothic Neo\""))
        #expect(system.lowerBound < korean.lowerBound)
        #expect(built.css.contains("word-break: keep-all"))
        #expect(!FileSystem.exists(built.site + "/languages"))
    }

    /// This repository's theme folder (the lecture's `templates = "site-templates"`): read from
    /// the folder, the same sheet for a Korean book, none of it for an English one.
    @Test func aThemeFolderAppendsItsOwnSheet() throws {
        let theme = TestSupport.repositoryRoot + "/site-templates"
        let korean = try Self.styleSheet("[book]\nlanguage = \"ko\"\n", templates: theme)
        defer { try? FileManager.default.removeItem(atPath: (korean.site as NSString).deletingLastPathComponent) }
        #expect(korean.css.contains("\"Apple SD Gothic Neo\"") && korean.css.contains("keep-all"))
        let english = try Self.styleSheet("[book]\nlanguage = \"en\"\n", templates: theme)
        defer { try? FileManager.default.removeItem(atPath: (english.site as NSString).deletingLastPathComponent) }
        #expect(!english.css.contains("Apple SD Gothic Neo") && !english.css.contains("keep-all"))
    }

    /// A theme with a language's sheet but no `assets/style.css`: a warning at the sheet, not a
    /// silent drop.
    @Test func aSheetWithNowhereToGoIsWarned() throws {
        let theme = try TestSupport.makeTree([
            "page.html":
                "<!DOCTYPE html><html><head>{{ head }}{{ additional_css }}</head><body>{{ content }}{{ additional_js }}</body></html>\n",
            "languages/ko.css": "body { word-break: keep-all; }\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: theme) }
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\nlanguage = \"ko\"\n", "src/SUMMARY.md": "# T\n\n- [A](a.md)\n", "src/a.md": "# A\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recorder = TestSupport.Recorder()
        _ = LectureCommand.main(
            ["build", root, "--templates", theme, "--cache-dir", try TestSupport.temporaryDirectory()],
            console: recorder.console)
        #expect(
            recorder.lines.contains {
                $0.contains("languages/ko.css: warning: this language's style sheet is not used")
            },
            "\(recorder.lines)")
        #expect(!FileSystem.exists(root + "/book/languages"))
    }
}
