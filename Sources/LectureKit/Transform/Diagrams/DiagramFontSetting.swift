import Foundation
import LectureSupport

/// `[preprocessor.lecture] diagram-font` naming a family the machine does not have (attack 18):
/// fontconfig then gives Graphviz another font (`fc-match "No Such Font"` answers with the
/// default, DejaVu Sans here), and every diagram is drawn in it without a word. So the family
/// is looked up among the families `fc-list : family` lists (each font's names, any of which
/// fontconfig matches, in any case), once per build that draws a diagram, and a family that is
/// none of them is a warning at the setting's line, with the nearest installed family. It is a
/// check of book.toml's value, under its own identifier, made by the `Parse` step, which
/// `lecture check` runs too (code review 40 #14).
enum DiagramFontSetting {
    /// The warning for `configuration`'s `diagram-font`, when the book `drawsDiagrams` (only then
    /// is `families`, fontconfig's answer, asked for) and no installed family has it.
    static func warning(
        for configuration: BuildConfiguration, drawsDiagrams: Bool, families: () -> Set<String>?
    ) -> Diagnostic? {
        guard let family = configuration.diagramFont, drawsDiagrams else { return nil }
        return warning(
            family, installed: families(), place: configuration.diagramFontSetting,
            bookTOML: FileSystem.join(configuration.bookDirectory ?? ".", "book.toml"))
    }

    /// The warning for `family` at `place`, or nil when it is installed or fontconfig did not
    /// answer (`installed` nil: no fontconfig, nothing to tell).
    static func warning(_ family: String, installed: Set<String>?, place: SettingPlace?, bookTOML: String)
        -> Diagnostic?
    {
        guard let installed, !installed.isEmpty, !installed.contains(family.lowercased()) else { return nil }
        let nearest = EditDistance.nearest(to: family.lowercased(), in: Array(installed))
        return .warning(
            .bookTOMLDiagramFont, place?.path ?? bookTOML, place?.location,
            "'diagram-font' is \(quoted: family), which no font installed on this machine has: Graphviz draws every diagram in fontconfig's default instead",
            notes: [
                (nearest.map { "did you mean \(quoted: $0)? " } ?? "")
                    + "install the font, or name a family that fc-list : family prints"
            ])
    }

    /// The families `fc-list : family` printed (a font's names joined by commas), in small letters.
    static func families(fcList: String) -> Set<String> {
        Set(
            fcList.split(whereSeparator: \.isNewline).flatMap { $0.split(separator: ",") }.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }.filter { !$0.isEmpty })
    }
}
