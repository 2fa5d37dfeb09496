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
        let renderer = DiagramRenderer.find(cache: Cache(directory: cache), run: RunContext())
        let code = "digraph { label=\"모양\"; a [shape=boxx]; a -> b }\n"
        for run in ["cold", "warm"] {
            let (html, warnings) = render(code, with: renderer)
            #expect(html != nil, "\(run)")
            #expect(
                warnings.map(\.headline) == ["p.md:12:1: warning: diagram: using box for unknown shape boxx"], "\(run)")
        }
    }

    @Test func aCharacterNoInstalledFontHasIsWarnedInAnyScript() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        // A fontconfig setup with no fonts at all: nothing is covered.
        try FileSystem.writeAtomically(
            "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n", to: folder + "/fonts.conf")
        let bare = DiagramFonts.find(
            family: nil, environment: ["FONTCONFIG_FILE": folder + "/fonts.conf"], run: RunContext())
        #expect(bare.installed.isKnown && !bare.installed.covers("A"))
        var renderer = DiagramRenderer.find(cache: Cache(directory: folder + "/cache"), run: RunContext())
        // Fonts that cover ASCII only, as a Latin-only machine's.
        renderer.fonts = DiagramFonts(family: nil, installed: InstalledFonts(fcList: "20-7e\n21-40 41\n"))
        let (_, warnings) = render("digraph { label=\"관찰\"; 뷰 -> 모델 }\n", with: renderer)
        #expect(
            warnings.map(\.headline) == [
                "p.md:12:1: warning: no installed font has '관' (U+AD00), '찰' (U+CC30), '뷰' (U+BDF0), '모' (U+BAA8), '델' (U+B378): the diagram draws them as empty boxes"
            ])
        #expect(warnings.first?.notes.first?.contains("fonts-noto-cjk") == true)
        // Another script gets the same warning, and the note names the fonts for it.
        let runic = render("digraph { a [label=\"ᚠ\"] }\n", with: renderer).warnings
        #expect(
            runic.map(\.headline) == [
                "p.md:12:1: warning: no installed font has 'ᚠ' (U+16A0): the diagram draws it as empty boxes"
            ])
        #expect(runic.first?.notes.first?.contains("fonts-noto") == true)
        // A graph in the letters the fonts have needs nothing more.
        #expect(render("digraph { label=\"MVC\"; View -> Model }\n", with: renderer).warnings.isEmpty)
    }

    @Test func theInstalledFontsCoverTheLecturesLabels() {
        // `make deps` installs fonts-noto-cjk (the Makefile's PACKAGES).
        let fonts = DiagramFonts.find(family: "Noto Sans CJK KR", run: RunContext())
        #expect(fonts.installed.covers("관") && fonts.installed.covers("A"))
        #expect(fonts.warning(for: "digraph { 뷰 -> Model }", path: "p.md", location: location) == nil)
    }

    @Test func theBooksFamilyIsWhatGraphvizDrawsIn() throws {
        let cache = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(cache) }
        var renderer = DiagramRenderer.find(cache: Cache(directory: cache), run: RunContext())
        let code = "digraph { label=\"family\"; a -> b }\n"
        let standard = try #require(render(code, with: renderer).html)
        #expect(standard.contains("font-family=\"Times,serif\""), "Graphviz's default without a setting")
        renderer.fonts.family = "Noto Sans CJK KR"
        let asked = try #require(render(code, with: renderer).html)
        #expect(asked.contains("font-family=\"Noto Sans CJK KR\"") && !asked.contains("Times,serif"))
    }

    @Test func theFontIsPartOfTheCacheKey() throws {
        let cache = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(cache) }
        var one = DiagramRenderer.find(cache: Cache(directory: cache), run: RunContext())
        one.fonts = DiagramFonts(family: "A", installed: InstalledFonts(fcList: "20-7e\n"))
        var other = one
        other.fonts.family = "B"
        var moreFonts = one
        moreFonts.fonts.installed = InstalledFonts(fcList: "20-7e\nac00-d7a3\n")
        let code = "digraph { label=\"glyph\"; a -> b }\n"
        #expect(one.key(code, id: "d") != other.key(code, id: "d"))
        #expect(one.key(code, id: "d") != moreFonts.key(code, id: "d"))
        _ = render(code, with: one)
        // Drawn in family A; in family B, with no Graphviz to run, the cache must not answer.
        other.commands = (dot: "/nonexistent/dot", gvpr: "/nonexistent/gvpr")
        #expect(render(code, with: other).html == nil)
    }

    @Test func fcListRangesAreMergedAndSearched() {
        let fonts = InstalledFonts(fcList: "41-43 50\n44-45\nzz 60-5f\n")
        for (scalar, covered) in [
            ("A", true), ("C", true), ("D", true), ("E", true), ("F", false), ("P", true), ("Q", false),
        ] as [(Unicode.Scalar, Bool)] {
            #expect(fonts.covers(scalar) == covered, "\(scalar)")
        }
        #expect(!fonts.covers("`"), "an inverted range covers nothing")
        #expect(!InstalledFonts(fcList: nil).isKnown)
    }

    /// Code review 41 #10: the check of `diagram-font` and the renderer each had a probe of
    /// their own, two `fc-list` processes for one question (and two answers that could differ).
    /// The renderer a build finds asks the build's probe.
    @Test func theRendererAsksTheBuildsFontProbe() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let probes = Probes(cacheDirectory: folder, run: RunContext())
        #expect(probes.diagrams().fonts.probe === probes.fonts)
    }
}
