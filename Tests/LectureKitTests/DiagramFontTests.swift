import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Kind 10 of issue 11: Graphviz's warnings shown at the block, the font setup checked and part
/// of the diagram cache key. Real Graphviz and fontconfig.
@Suite struct DiagramFontTests {
    let location = SourceLocation(line: 12, column: 1)

    func render(_ code: String, with renderer: DiagramRenderer) -> (html: String?, warnings: [Diagnostic]) {
        var warnings: [Diagnostic] = []
        let html = try? renderer.render(
            code, info: InfoString("dot"), id: "diagram-1", path: "p.md", location: location, warnings: &warnings)
        return (html, warnings)
    }

    @Test func graphvizWarningsAreShownAtTheBlockWarmAndCold() throws {
        let cache = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(cache) }
        let renderer = DiagramRenderer.find(cache: Cache(directory: cache), cancellation: .process)
        let code = "digraph { label=\"모양\"; a [shape=boxx]; a -> b }\n"
        for run in ["cold", "warm"] {
            let (html, warnings) = render(code, with: renderer)
            #expect(html != nil, "\(run)")
            #expect(
                warnings.map(\.headline) == ["p.md:12:1: warning: diagram: using box for unknown shape boxx"], "\(run)")
        }
    }

    @Test func aHangulGraphWithNoHangulFontGetsAWarningNamingThePackage() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        // A fontconfig setup with no fonts at all, as on a machine without fonts-noto-cjk.
        try FileSystem.writeAtomically(
            "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n", to: folder + "/fonts.conf")
        let bare = DiagramFonts.find(environment: ["FONTCONFIG_FILE": folder + "/fonts.conf"])
        #expect(!bare.coversHangul)
        var renderer = DiagramRenderer.find(cache: Cache(directory: folder + "/cache"), cancellation: .process)
        renderer.fonts = bare
        let (_, warnings) = render("digraph { label=\"관찰\"; 뷰 -> 모델 }\n", with: renderer)
        #expect(
            warnings.map(\.headline) == [
                "p.md:12:1: warning: no installed font covers Hangul: the diagram's boxes are sized from a fallback font"
            ])
        #expect(warnings.first?.notes.first?.contains("'fonts-noto-cjk'") == true)
        // A graph in Latin letters only needs no Hangul font.
        #expect(render("digraph { label=\"MVC\"; View -> Model }\n", with: renderer).warnings.isEmpty)
    }

    @Test func theInstalledFontCoversHangul() {
        // `make deps` installs fonts-noto-cjk (the Makefile's PACKAGES).
        let fonts = DiagramFonts.find()
        #expect(fonts.coversHangul)
        #expect(fonts.match.contains(DiagramFonts.family), "\(fonts.match)")
    }

    @Test func theFontIsPartOfTheCacheKey() throws {
        let cache = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(cache) }
        var one = DiagramRenderer.find(cache: Cache(directory: cache), cancellation: .process)
        one.fonts = DiagramFonts(match: "/usr/share/fonts/a.ttf: A", coversHangul: true)
        var other = one
        other.fonts = DiagramFonts(match: "/usr/share/fonts/b.ttf: B", coversHangul: true)
        let code = "digraph { label=\"글꼴\"; a -> b }\n"
        #expect(one.key(code, id: "d") != other.key(code, id: "d"))
        _ = render(code, with: one)
        // Rendered under font A; under font B, with no Graphviz to run, the cache must not answer.
        other.commands = (dot: "/nonexistent/dot", gvpr: "/nonexistent/gvpr")
        #expect(render(code, with: other).html == nil)
    }
}
