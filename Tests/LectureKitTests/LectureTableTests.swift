import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// lecture's settings in book.toml (`LectureTable`): `[preprocessor.lecture]` with
/// `renderers = []`, which mdBook 0.5.4 accepts, and the older `[lecture]`, which it refuses;
/// both read the same settings, both at once is a located error.
@Suite struct LectureTableTests {
    /// Every setting of lecture's, in a table spelled `prefix` (`lecture` or `preprocessor.lecture`).
    static func everySetting(_ prefix: String, renderers: Bool = true) -> String {
        """
        [book]
        title = "T"

        [\(prefix)]
        \(renderers ? "renderers = []" : "")
        timeout = 20
        diagram-timeout = 5
        swift-language-mode = 5
        sample-locale = "ko_KR.UTF-8"
        time-zone = "Asia/Seoul"
        smart-punctuation = false
        outside-links = "error"
        style-lints = true
        templates = "theme"
        include-from = ["../examples"]

        [\(prefix).samples]
        verify = true
        without-output = "require"
        continue = ["tour.md"]
        sandbox = "off"

        [\(prefix).words]
        search-label = "Find"
        """
    }

    @Test func bothSpellingsReadTheSameSettings() {
        let (old, oldDiagnostics) = BookSettingsLoader.parse(
            Self.everySetting("lecture", renderers: false), path: "book.toml")
        let (new, newDiagnostics) = BookSettingsLoader.parse(
            Self.everySetting("preprocessor.lecture"), path: "book.toml")
        #expect(oldDiagnostics.isEmpty, "\(oldDiagnostics)")
        #expect(newDiagnostics.isEmpty, "\(newDiagnostics)")
        var (oldSettings, newSettings) = (old, new)
        // Where each key stands differs by the `renderers` line; everything read is the same.
        (oldSettings.locations, newSettings.locations) = ([:], [:])
        #expect(oldSettings == newSettings)
        #expect(new.timeout == 20 && new.verifySamples == true && new.words["search-label"] == "Find")
        #expect(new.includeFrom == ["../examples"] && new.continuedPages == .pages(["tour.md"]))
        #expect(new.outsideLinksAreErrors && new.styleLints == true && new.templates == "theme")
    }

    @Test func bothSpellingsAtOnceIsAnErrorAtTheSecondTable() {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            """
            [preprocessor.lecture]
            renderers = []
            timeout = 20

            [lecture]
            timeout = 30
            """, path: "book.toml")
        #expect(
            diagnostics.map(\.headline) == [
                "book.toml:5:1: error: book.toml has lecture's settings in both [lecture] and [preprocessor.lecture]"
            ])
        #expect(diagnostics.first?.notes.first?.hasPrefix("keep one table: move the keys of [lecture] under") == true)
        #expect(settings.timeout == 20, "the keys of [preprocessor.lecture] are read")
        let (_, reversed) = BookSettingsLoader.parse(
            "[lecture.samples]\nverify = true\n\n[preprocessor.lecture]\nrenderers = []\n", path: "book.toml")
        #expect(reversed.map(\.severity) == [.error] && reversed.first?.location?.line == 4)
    }

    @Test func aTableMdBookWouldRunAsAProgramIsAWarningAtItsLine() {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            "[book]\ntitle = \"T\"\n\n[preprocessor.lecture]\ntimeout = 20\n", path: "book.toml")
        #expect(
            diagnostics.map(\.headline) == [
                "book.toml:4:1: warning: mdBook cannot build this book: it runs [preprocessor.lecture] as the program 'mdbook-lecture'"
            ])
        #expect(settings.timeout == 20, "the settings are read all the same")
        for quiet in ["renderers = []", "renderers = [\"lecture\"]", "optional = true"] {
            let (_, none) = BookSettingsLoader.parse(
                "[preprocessor.lecture]\n\(quiet)\ntimeout = 20\n", path: "book.toml")
            #expect(none.isEmpty, "\(quiet): \(none)")
        }
        let (_, html) = BookSettingsLoader.parse("[preprocessor.lecture]\nrenderers = [\"html\"]\n", path: "book.toml")
        #expect(html.map(\.severity) == [.warning])
    }

    @Test func diagnosticsNameTheKeyAsTheBookSpellsIt() {
        let (_, diagnostics) = BookSettingsLoader.parse(
            """
            [preprocessor.lecture]
            renderers = []
            timeout = "long"
            colour = "red"

            [preprocessor.lecture.samples]
            verify = "yes"
            """, path: "book.toml")
        #expect(
            diagnostics.map(\.headline) == [
                "book.toml:3:1: error: 'preprocessor.lecture.timeout' needs \(SampleVerifier.Options.timeoutsText)",
                "book.toml:4:1: warning: unknown key 'preprocessor.lecture.colour' in book.toml is ignored",
                "book.toml:7:1: error: 'preprocessor.lecture.samples.verify' needs true or false",
            ])
        #expect(diagnostics[1].notes.first?.contains("preprocessor.lecture.timeout") == true, "\(diagnostics[1].notes)")
        #expect(diagnostics[1].notes.first?.contains(" lecture.") == false, "\(diagnostics[1].notes)")
    }
}

/// A book made by `lecture init` is a book mdBook 0.5.4 builds (its book.toml holds lecture's
/// settings where mdBook accepts them), and lecture builds the same pages.
@Suite(.serialized) struct InitBookInMdBookTests {
    @Test func anInitBookBuildsWithMdBookWithoutAWarningAndTheSame() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let made = try Subprocess.run(
            TestSupport.executable, ["init", scratch + "/book", "--language", "en"], directory: scratch,
            environment: ["HOME": scratch], timeout: 60, cancellation: .process)
        #expect(made.succeeded, "\(made.stderrText)")
        let toml = try String(contentsOfFile: scratch + "/book/book.toml", encoding: .utf8)
        #expect(toml.contains("[preprocessor.lecture]\nrenderers = []\n") && !toml.contains("\n[lecture"))
        let both = try MdBookOracle.build(folder: scratch + "/book")
        #expect(both.mdBook.status == 0, "\(both.mdBook.output)")
        #expect(!both.mdBook.output.contains("WARN") && !both.mdBook.output.contains("ERROR"), "\(both.mdBook.output)")
        #expect(both.lecture.status == 0, "\(both.lecture.output)")
        // The text and anchors differ by what lecture adds to a verified Swift sample (its verdict,
        // hover cards).
        #expect(both.differences(in: [.status, .pages, .sidebar, .ids, .links]) == [])
    }
}

extension LectureTableTests {
    /// The manual's book.toml keeps lecture's settings where mdBook accepts them, and reads without
    /// a diagnostic (the lecture's: `LectureBookTests`).
    @Test func theManualUsesTheTableMdBookAccepts() throws {
        for path in ["/Sources/lecture/Manual/book.toml"] {
            let file = TestSupport.repositoryRoot + path
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains("[preprocessor.lecture]\n") && !text.contains("\n[lecture"), "\(path)")
            let (settings, diagnostics) = BookSettingsLoader.load(path: file)
            #expect(diagnostics.isEmpty, "\(path): \(diagnostics)")
            #expect(settings.verifySamples == true, "\(path)")
        }
    }

    /// Code review 42 #11: a message about a moved entry was rewritten whole, so a value it
    /// quotes that begins with `lecture.` (a time zone, a folder, a name) showed as
    /// `preprocessor.lecture.…`, which the book never wrote. For every key of lecture's table,
    /// with `value` (a plain name, one that spells a key, a path), each message that quotes the
    /// value under `[lecture]` quotes it as written under `[preprocessor.lecture]` too, and no
    /// message shows the value respelled; the keys themselves are respelled.
    @Test(arguments: ["lecture.x", "lecture.timeout", "../lecture.x/y", "[lecture.x]"])
    func aValueSpelledLikeAKeyIsQuotedAsWritten(_ value: String) throws {
        let keys = Set(BookSettingsLoader.fields.keys).union(BookSettingsLoader.members.keys)
            .filter { $0.hasPrefix("lecture.") }.sorted()
        #expect(keys.count > 20, "\(keys)")
        let literal = "\"" + value.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        let quoted = QuotedText.of(value)
        var quotedSomewhere = 0
        // A key whose value is its own name: the key's quotation and the value's are one text.
        for key in keys where key != value {
            let relative = String(key.dropFirst("lecture.".count))
            for written in ["\(relative) = \(literal)", "\(relative) = [\(literal)]"] {
                func texts(_ table: String) -> [String] {
                    let toml = "[book]\ntitle = \"T\"\n\n[\(table)]\nrenderers = []\n\(written)\n"
                    return BookSettingsLoader.parse(toml, path: "book.toml").diagnostics.map {
                        ([$0.summary] + $0.notes).joined(separator: "\n")
                    }
                }
                let older = texts("lecture").joined(separator: "\n")
                let newer = texts("preprocessor.lecture").joined(separator: "\n")
                #expect(!newer.contains("preprocessor.\(value)"), "\(written): \(newer)")
                if older.contains(quoted) {
                    quotedSomewhere += 1
                    #expect(newer.contains(quoted), "\(written): \(newer)")
                }
                // The key itself is spelled as the book wrote its table.
                #expect(
                    !newer.contains("'\(key)'") || quoted == "'\(key)'", "\(written): a key left unspelled: \(newer)")
            }
        }
        #expect(quotedSomewhere > 0, "no message quotes the value")
    }
}
