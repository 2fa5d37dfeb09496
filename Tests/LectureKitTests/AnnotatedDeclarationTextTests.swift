import Testing

@testable import SwiftAnalysis

/// SourceKit's annotated declarations read as plain text without Foundation's XML parser: tags
/// dropped (a `>` inside a quoted attribute value too), XML's entities and character references
/// decoded, and a tag or a reference left open refused, as the XML parser refused it.
@Suite struct AnnotatedDeclarationTextTests {
    @Test func tagsAreDroppedAndEntitiesDecoded() {
        let annotated =
            "<Declaration>func map&lt;T&gt;(_ transform: (<Type usr=\"s:Si\">Int</Type>) "
            + "-&gt; T) -&gt; [T] where T : &quot;A&quot; &amp; &apos;B&apos;</Declaration>"
        #expect(
            DeclarationCards.plainText(ofAnnotated: annotated)
                == "func map<T>(_ transform: (Int) -> T) -> [T] where T : \"A\" & 'B'")
    }

    @Test func aQuotedGreaterThanSignStaysInsideItsTag() {
        #expect(
            DeclarationCards.plainText(ofAnnotated: "<T usr='a>b' k=\"c>d\">Box</T>&#60;&#x1F600;&#x3E;") == "Box<😀>")
    }

    @Test func markupThatIsNotWellFormedIsRefused() {
        for broken in ["<Declaration let x", "a &lt b", "a &nbsp; b", "&#xZZ;", "&#1114112;"] {
            #expect(DeclarationCards.plainText(ofAnnotated: broken) == nil, "\(broken)")
        }
        #expect(DeclarationCards.plainText(ofAnnotated: "let x: Int") == "let x: Int")
    }
}
