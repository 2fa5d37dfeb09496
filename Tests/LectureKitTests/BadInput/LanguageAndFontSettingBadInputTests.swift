import Foundation
import LectureSupport
import TestFolders
import Testing

@testable import LectureKit

/// Attack 18's leftovers: `[book] language` that is no BCP 47 tag went into every page's
/// `<html lang>` without a word (escaped, as mdBook 0.5.4 escapes it: no markup gets in, but
/// browsers and screen readers ignore the value), and a `diagram-font` the machine does not have
/// was silent (fontconfig gives Graphviz its default). Both are warnings at their book.toml line
/// now, with the fix; the build goes on, as mdBook's does. Contained (`ContainedRun`).
@Suite struct LanguageAndFontSettingBadInputTests {
    @Test(arguments: ["en", "ko", "pt-BR", "zh-Hant-TW", "sr-Latn", "es-419", "de-CH-1996", "x-klingon", "EN-us"])
    func aTagIsNoProblem(_ tag: String) {
        #expect(LanguageTag.problem(tag) == nil, "\(tag)")
    }

    @Test func aValueThatIsNoTagSaysTheTagMeant() {
        #expect(LanguageTag.problem("en_US")?.fix.hasPrefix("write 'en-US'") == true)
        #expect(LanguageTag.problem("English")?.fix.hasPrefix("write 'en'") == true)
        for value in [
            "", "e", "en--US", "english-US", "en\"><script>alert(1)</script>", "../../x", "en US", "toolongsubtag",
        ] {
            #expect(LanguageTag.problem(value) != nil, "\(value)")
        }
    }

    /// A locale's name and a value with markup: a warning at the line, the value escaped in the
    /// pages as mdBook escapes it, and the site written.
    @Test(arguments: [
        ("en_US", "'book.language' is 'en_US', a locale's name, not a BCP 47 language tag"),
        (
            "en\\\"><b>x</b>",
            "'book.language' is 'en\"><b>x</b>', which is no BCP 47 language tag: pages get it as their 'lang', which browsers and screen readers then ignore"
        ),
    ])
    func aLanguageThatIsNoTagIsAWarningAtItsLine(_ value: String, _ summary: String) throws {
        let (run, result) = try TestSupport.containedBook("language = \"\(value)\"")
        let text = result.stderrText
        #expect(result.termination == .exited(0), "\(text)")
        #expect(
            TestSupport.onlyHeadline(text, .warning)?.hasSuffix("book.toml:3:1: warning: " + summary) == true, "\(text)"
        )
        let page = try String(contentsOfFile: run.scratch + "/work/book/book/intro.html", encoding: .utf8)
        #expect(!page.contains("<b>x</b>"))
    }

    /// A family no installed font has: a warning at the setting's line once, with the nearest
    /// installed family; an installed one (in any case) is none. `lecture check`, which draws
    /// nothing, says it as `lecture build` does: it is a check of book.toml (code review 40 #14).
    @Test(arguments: [["build"], ["check"]])
    func aDiagramFontTheMachineLacksIsAWarningAtItsLine(_ command: [String]) throws {
        let listing = try Subprocess.run("fc-list", [":", "family"], timeout: 30, cancellation: .process)
        let installed = try #require(
            String(decoding: listing.stdout, as: UTF8.self).split(separator: "\n").first?.split(separator: ",").first
                .map(String.init))
        let pages = [
            "intro.md": "# Intro\n\n```dot\ndigraph { label=\"a to b\"; a -> b }\n```\n",
            "next.md": "# Next\n\n```dot\ndigraph { label=\"c to d\"; c -> d }\n```\n",
        ]
        let (_, result) = try TestSupport.containedBook(
            "[preprocessor.lecture]\nrenderers = []\ndiagram-font = \"No Such Family Sans\"", pages: pages,
            running: command)
        let text = result.stderrText
        #expect(result.termination == .exited(0), "\(text)")
        #expect(
            TestSupport.onlyHeadline(text, .warning)?.hasSuffix(
                "book.toml:5:1: warning: 'diagram-font' is 'No Such Family Sans', which no font installed on this machine has: Graphviz draws every diagram in fontconfig's default instead"
            ) == true, "\(text)")
        #expect(text.contains("install the font, or name a family that fc-list : family prints"), "\(text)")
        let (_, good) = try TestSupport.containedBook(
            "[preprocessor.lecture]\nrenderers = []\ndiagram-font = \"\(installed.uppercased())\"", pages: pages,
            running: command)
        #expect(TestSupport.headlines(good.stderrText, .warning).isEmpty, "\(installed): \(good.stderrText)")
        // A book that draws no diagram: the family does not matter, and is not looked up.
        let (_, plain) = try TestSupport.containedBook(
            "[preprocessor.lecture]\nrenderers = []\ndiagram-font = \"No Such Family Sans\"", running: command)
        #expect(TestSupport.headlines(plain.stderrText, .warning).isEmpty, "\(plain.stderrText)")
    }

    /// The warning has its own identifier, not the one of a diagram's missing characters, and
    /// fontconfig is asked only for a book that draws a diagram.
    @Test func theFontSettingIsCheckedUnderItsOwnIdentifierOnlyWhenDiagramsAreDrawn() {
        var configuration = BuildConfiguration()
        configuration.diagramFont = "No Such Family Sans"
        var asked = 0
        let families: () -> Set<String>? = {
            asked += 1
            return ["dejavu sans", "noto sans cjk kr"]
        }
        #expect(DiagramFontSetting.warning(for: configuration, drawsDiagrams: false, families: families) == nil)
        #expect(asked == 0)
        let warning = DiagramFontSetting.warning(for: configuration, drawsDiagrams: true, families: families)
        #expect(asked == 1)
        #expect(warning?.identifier == .bookTOMLDiagramFont)
        #expect(warning?.severity == .warning)
        configuration.diagramFont = "DejaVu Sans"
        #expect(DiagramFontSetting.warning(for: configuration, drawsDiagrams: true, families: families) == nil)
    }
}
