import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 14, kinds 18b and 94: a book.toml value that reaches markup or a published file as it
/// is — `diagram-font`, which Graphviz writes into every diagram's SVG, and `cname`, GitHub
/// Pages' CNAME file — is refused at its line when it is not what the setting names; every other
/// value that reaches a page is escaped where it lands.
@Suite struct SettingMarkupBadInputTests {
    static let fonts = ["Noto\" onmouseover=\"alert(1)", "Noto<b", "A&B", "It's", "back\\slash"]

    @Test(arguments: fonts) func aDiagramFontHoldingMarkupIsRefusedAtItsLine(_ font: String) {
        let literal = "'" + font + "'"
        let (settings, diagnostics) = BookSettingsLoader.parse(
            "[lecture]\ndiagram-font = \(font.contains("'") ? "\"It's\"" : literal)\n", path: "book.toml")
        #expect(settings.diagramFont == nil)
        #expect(
            diagnostics.map(\.headline).first?.hasPrefix(
                "book.toml:2:1: error: 'lecture.diagram-font' holds \(quoted: font.first { "\"'<>&\\".contains($0) }!),"
            )
                == true,
            "\(diagnostics.map(\.headline))")
    }

    @Test(arguments: ["Noto Sans CJK KR", "나눔고딕", "DejaVu Sans Mono", "Font Awesome 5 Free"])
    func aFontFamilyIsRead(_ font: String) {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            "[lecture]\ndiagram-font = \"\(font)\"\n", path: "book.toml")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.headline))")
        #expect(settings.diagramFont == font)
    }

    @Test(arguments: [
        "https://docs.example.com/", "docs.example.com/", "../../etc/x", "docs.example.com:8080", "localhost",
        "-a.example.com", "a-.example.com", "a..example.com", "docs example.com", "", "docs.example.com\nx",
        "user@docs.example.com", "docs.example.com#x", String(repeating: "a", count: 64) + ".example.com",
    ])
    func aCNAMEThatIsNoHostNameIsRefusedAtItsLine(_ value: String) {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            "[book]\ntitle = \"T\"\n[output.html]\ncname = \(Self.tomlString(value))\n", path: "book.toml")
        #expect(settings.cname == nil)
        #expect(
            diagnostics.map(\.headline) == [
                "book.toml:4:1: error: 'output.html.cname' needs the site's domain, such as \"book.example.org\": a host name alone (letters, digits and '-' between dots), no scheme, path or port"
            ], "\(value)")
    }

    /// `text` as a TOML basic string.
    static func tomlString(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    @Test(arguments: ["book.example.org", "docs.example.com.", "xn--bcher-kva.example", "a-b.c0.example"])
    func aHostNameIsACNAME(_ value: String) {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            "[output.html]\ncname = \"\(value)\"\n", path: "book.toml")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.headline))")
        #expect(settings.cname == value)
    }

    /// Every other setting that reaches a page, holding a quote and a tag, lands escaped: no
    /// file of the site holds an attribute or a tag the setting wrote. (The URL settings refuse
    /// a quote at their line.)
    @Test func everySettingThatReachesAPageIsEscaped() throws {
        let payload = "x\\\" onmouseover=\\\"alert(1)\\\" <b onmouseover=alert(2)>"
        let (run, result) = try TestSupport.containedBook(
            """
            description = "\(payload)"
            authors = ["\(payload)"]
            language = "\(payload)"
            [lecture.words]
            previous = "\(payload)"
            search-placeholder = "\(payload)"
            chapters = "\(payload)"
            """
        ) { book in
            // The title too, in place of the one the book is made with.
            try FileSystem.writeAtomically(
                Array("[book]\ntitle = \"\(payload)\"\n".utf8)
                    + Array(try FileSystem.read(book + "/book.toml")).dropFirst(
                        "[book]\ntitle = \"Contained\"\n".utf8.count), to: book + "/book.toml")
        }
        let book = run.scratch + "/work/book"
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        var checked = 0
        for file in try FileManager.default.subpathsOfDirectory(atPath: book + "/book") {
            guard let bytes = try? FileSystem.read(book + "/book/" + file),
                !FileSystem.isDirectory(book + "/book/" + file)
            else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("\" onmouseover=\""), "\(file)")
            // A script holds it as a JSON string, which is no markup.
            if !file.hasSuffix(".js") { #expect(!text.contains("<b onmouseover"), "\(file)") }
            checked += text.contains("onmouseover") ? 1 : 0
        }
        #expect(checked > 0, "the settings reached no file")
    }
}
