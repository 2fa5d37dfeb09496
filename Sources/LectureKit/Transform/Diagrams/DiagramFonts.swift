import CommonMark
import LectureSupport

/// The font diagrams are drawn with, as fontconfig finds it on this machine.
///
/// Graphviz sizes every box from the metrics of the font it draws the label with. When no
/// installed font covers the labels' script, fontconfig silently substitutes one that does not,
/// and the boxes are sized wrongly with no word from Graphviz; and a diagram cached under one
/// font setup is wrong under another. So the font found is part of every diagram's cache key, and
/// a graph whose labels hold Hangul with no font covering Hangul gets a warning naming the
/// Debian package to install.
struct DiagramFonts: Hashable, Sendable {
    /// The family diagrams ask for (`-Nfontname`, `-Efontname`, `-Gfontname`).
    static let family = "Noto Sans CJK KR"
    /// The Debian package that installs it (`make deps` does).
    static let debianPackage = "fonts-noto-cjk"

    /// `fc-match`'s answer for `family`: the file and family it would use, as
    /// `/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc: Noto Sans CJK KR`; empty when
    /// fontconfig's tools are missing.
    var match: String
    /// Whether an installed font covers Korean (`fc-list :lang=ko` lists one).
    var coversHangul: Bool

    /// Asks fontconfig (`fc-match`, `fc-list`, from Graphviz's dependency fontconfig); `environment`
    /// is added to theirs (a test points `FONTCONFIG_FILE` at a configuration without fonts).
    package static func find(environment: [String: String] = [:]) -> DiagramFonts {
        let match =
            (try? Subprocess.run(
                "fc-match", ["-f", "%{file}: %{family}", family], environment: environment, timeout: 30,
                cancellation: .process))
            .flatMap { $0.succeeded ? $0.stdoutText : nil } ?? ""
        let korean =
            (try? Subprocess.run(
                "fc-list", [":lang=ko", "family"], environment: environment, timeout: 30, cancellation: .process))
            .map { $0.succeeded && !$0.stdoutText.trimmingCharacters(in: "\n ").isEmpty } ?? false
        return DiagramFonts(match: match, coversHangul: korean)
    }

    /// The warning for a graph at `location` whose text holds Hangul when no font covers it.
    func warning(for code: String, path: String, location: SourceLocation) -> Diagnostic? {
        guard !coversHangul, code.unicodeScalars.contains(where: Self.isHangul) else { return nil }
        return .warning(
            .diagramFont,
            path, location, "no installed font covers Hangul: the diagram's boxes are sized from a fallback font",
            notes: [
                "install the Debian package '\(Self.debianPackage)' (make deps does it), which provides '\(Self.family)'"
            ])
    }

    /// Hangul syllables, jamo and compatibility jamo (Unicode blocks AC00–D7AF, 1100–11FF, 3130–318F).
    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7AF).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
            || (0x3130...0x318F).contains(scalar.value)
    }
}
