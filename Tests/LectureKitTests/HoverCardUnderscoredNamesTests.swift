import Foundation
import Testing

@testable import LectureKit
@testable import SwiftAnalysis

/// A hover card leaves out the names a library marks as not for its users by a leading
/// underscore, as Swift-DocC and sourcekit-lsp do for what a reader sees (new-user review 2,
/// P20: `@frozen @_eagerMove struct String`, `_ExpressibleByBuiltinIntegerLiteral`).
@Suite(.serialized) struct HoverCardUnderscoredNamesTests {
    /// The standard library's cards, as the real SourceKit prints them: each kind of underscored
    /// name it shows (an attribute, an attribute on a method, a protocol of a type) is gone, and
    /// what is left reads as Swift.
    @Test func theStandardLibrarysCardsShowNoUnderscoredName() throws {
        let markdown = """
            ```swift
            var counts: [String: Int] = [:]
            let small: UInt8 = 1
            let unique: Set<Int> = [1]
            let doubled = [1, 2].map { $0 * 2 }
            counts["x", default: 0] += 1
            print(counts.count, small, unique.count, doubled)
            ```

            ```output
            1 1 1 [2, 4]
            ```

            """
        let result = try HoverCardTests().verify(markdown)[0]
        #expect(result.outcome == .passed, "\(result.diagnostics)")
        let texts = result.hoverCards.map(\.text)
        #expect(texts.count > 8, "\(texts)")
        for text in texts {
            #expect(!text.contains("@_") && !text.contains(" _") && !text.contains("__"), "\(text)")
        }
        #expect(texts.contains("@frozen struct String"), "\(texts)")
        #expect(texts.contains("@frozen struct Int : FixedWidthInteger, SignedInteger"), "\(texts)")
        #expect(texts.contains("@frozen struct UInt8 : FixedWidthInteger, UnsignedInteger"), "\(texts)")
        #expect(texts.contains { $0.hasPrefix("@inlinable func map<") }, "\(texts)")
    }

    @Test(arguments: [
        ("@frozen @_eagerMove struct String", "@frozen struct String"),
        ("@inlinable @_alwaysEmitIntoClient func f()", "@inlinable func f()"),
        ("@_effects(readonly) @_semantics(\"a.b\") func g() -> Int", "func g() -> Int"),
        ("func h(_ x: __owned [Int], y: __shared String)", "func h(_ x: [Int], y: String)"),
        ("__consuming func take()", "func take()"),
        (
            "@frozen struct Int : FixedWidthInteger, _ExpressibleByBuiltinIntegerLiteral",
            "@frozen struct Int : FixedWidthInteger"
        ),
        ("struct Raw : _Private, _Other", "struct Raw"),
        ("struct Set<Element> where Element : Hashable", "struct Set<Element> where Element : Hashable"),
        ("struct Pair : Comparable where T : _P", "struct Pair : Comparable where T : _P"),
        ("struct Box : P<A, _B>, _Q", "struct Box : P<A, _B>"),
        ("let s: String = \"@_x __y\"", "let s: String = \"@_x __y\""),
        ("var __x: Int", "var __x: Int"),
        ("let _count: Int", "let _count: Int"),
    ])
    func underscoredNamesAreLeftOut(_ printed: String, _ shown: String) {
        #expect(UnderscoredNames.hidden(from: printed) == shown)
    }
}
