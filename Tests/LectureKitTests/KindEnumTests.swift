import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// The kinds written once as enums: every case is read from its word, so a new
/// case cannot be left out of a list of strings beside the enum.
@Suite struct KindEnumTests {
    /// Each sample mode's attribute gives that mode, and is among the attributes a misspelling is
    /// matched against.
    @Test func everySampleModeIsReadFromItsAttribute() {
        for mode in Sample.Mode.allCases {
            let found = SampleExtractor.extract(
                from: MarkdownParser.parse("```swift \(mode.rawValue)\nprint(1)\n```\n"), path: "page.md")
            #expect(found.diagnostics.isEmpty, "\(mode)")
            #expect(found.samples.map(\.mode) == [mode])
            #expect(Sample.attributeNames.contains(mode.rawValue), "\(mode)")
        }
    }

    /// Each figure kind is found from its info string's language, and its ids are its own.
    @Test func everyFigureKindIsFoundFromItsLanguage() {
        for kind in FigureKind.allCases {
            #expect(FigureKind(language: kind.language) == kind)
            #expect(!kind.knownAttributes.isEmpty && kind.knownAttributes.contains("caption"))
        }
        #expect(FigureKind(language: "swift") == nil)
        #expect(Set(FigureKind.allCases.map(\.language)).count == FigureKind.allCases.count)
        #expect(FigureKind.diagram.id(2) == "lecture-diagram-2" && FigureKind.table.id(3) == "lecture-table-3")
    }
}
