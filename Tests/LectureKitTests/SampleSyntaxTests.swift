import Testing

@testable import LectureKit
@testable import SwiftAnalysis

/// A sample's syntax tree is read at most once (`ParsedSource`), and a plain sample only when its
/// text could declare something the whole process sees: the shortcuts answer as a full reading would.
struct SampleSyntaxTests {
    /// Programs that declare something the whole process sees, one of each kind and spelling.
    static let processWide = [
        "extension String: @retroactive Error {}\nprint(1)",
        "extension Swift.Int: Identifiable { public var id: Int { self } }",
        "struct A {}\nextension Array: CustomDebugStringConvertible where Element == A { var debugDescription: String { \"\" } }",
        "@_cdecl(\"lecture_shared\") func shared() -> Int32 { 1 }",
        "@_silgen_name(\"lecture_shared\") func shared() -> Int32",
        "@_extern(c, \"abs\") func abs(_ x: Int32) -> Int32",
        "@_section(\"__DATA,x\") let value = 1",
        "@_used @_section(\"x\") let value = 1",
        "@used @section(\".init_array\")\nlet run: @convention(c) () -> Void = { print(\"every process\") }",
        "@c(lecture_shared) func shared() -> Int32 { 1 }",
        "@c func shared() -> Int32 { 1 }",
        "@ _cdecl(\"spaced\") func spaced() -> Int32 { 1 }",
        "enum Outer { struct Inner {} }\nextension Outer.Inner: Equatable {}\nextension String: Outer.P {}",
        // Attack 22 F2: a name the sample declares only nested, qualified, aliased or sugared.
        "enum Notes { struct StrideTo {} }\nextension Swift.StrideTo: Swift.CustomStringConvertible {\n    public var description: String { \"0, 1, 2\" }\n}",
        "enum Notes { struct StrideTo {} }\nextension StrideTo: CustomStringConvertible { public var description: String { \"\" } }",
        "struct StrideTo {}\nextension Swift.StrideTo: CustomStringConvertible { public var description: String { \"\" } }",
        "func f() { struct Range {} }\nextension Range: Identifiable { public var id: Int { 0 } }",
        "#if true\nstruct Range {}\n#endif\nextension Range: Identifiable { public var id: Int { 0 } }",
        "typealias S = StrideTo<Int>\nextension S: CustomStringConvertible { public var description: String { \"\" } }",
        "enum Outer { typealias Inner = StrideTo<Int> }\nextension Outer.Inner: CustomStringConvertible { public var description: String { \"\" } }",
        "struct Outer {}\nextension Outer { struct Inner {} }\nextension Outer.Inner: Equatable {}",
        "struct A {}\nextension Optional: CustomStringConvertible where Wrapped == A { public var description: String { \"\" } }",
        "struct A {}\nextension [A]: Identifiable { public var id: Int { 0 } }",
        "struct A {}\nextension A?: Identifiable { public var id: Int { 0 } }",
        "enum N { protocol CustomStringConvertible {} }\nextension StrideTo: CustomStringConvertible { public var description: String { \"\" } }",
        "protocol Shown: CustomStringConvertible {}\nextension StrideTo: Shown { public var description: String { \"\" } }",
        "protocol Named {}\nextension StrideTo: Named, CustomStringConvertible { public var description: String { \"\" } }",
        "extension `Int`: Identifiable { public var id: Int { self } }",
        "extension Swift.Int { @_dynamicReplacement(for: description) var lectureDescription: String { \"\" } }",
        "@_expose(wasm, \"shared\") func shared() -> Int32 { 1 }",
    ]

    /// Programs that do not, some of them spelling `extension` or an attribute's name harmlessly.
    static let local = [
        "print(1)",
        "struct Local {}\nprotocol Named {}\nextension Local: Named {}\nextension Int: Named {}",
        "enum Outer { struct Inner {} }\nextension Outer.Inner: Equatable {}\nextension `Outer`: Hashable {}",
        "struct StrideTo {}\nextension StrideTo: CustomStringConvertible { var description: String { \"\" } }",
        "struct Box<T> {}\nextension Box: Equatable where T: Equatable {}\nextension Box<Int>: Sendable {}",
        "extension String { var shouted: String { uppercased() } }",
        "// an extension in a comment\nlet note = \"_cdecl in a string\"",
        "let f: @convention(c) (Int32) -> Int32 = { $0 }\nlet used = 1, section = 2\nprint(f(used + section))",
        "@MainActor final class Counter { @discardableResult func count() -> Int { 1 } }",
        "import Observation\n@Observable final class Model { var count = 0 }",
        String(repeating: "[", count: 20) + String(repeating: "]", count: 20),
    ]

    @Test func aProgramIsReadWithoutParsingOnlyWhenItCannotDeclareWhatTheProcessSees() {
        for program in Self.processWide {
            #expect(ProcessWideDeclarations.mayDeclare(in: program), "\(program)")
            #expect(ProcessWideDeclarations.found(in: program), "\(program)")
        }
        for program in Self.local {
            #expect(!ProcessWideDeclarations.found(in: program), "\(program)")
        }
        #expect(!ProcessWideDeclarations.mayDeclare(in: "struct A {}\nprint(A())"))
        // An attribute's name alone is not a reason to parse; `@` before it is.
        #expect(
            !ProcessWideDeclarations.mayDeclare(
                in: "let used = 1\n@MainActor func c() {}\nlet f: @convention(c) () -> Void"))
    }

    @Test func theShortcutAnswersAsTheFullReading() {
        for program in Self.processWide + Self.local {
            let parsed = ParsedSource(program)
            #expect(ProcessWideDeclarations.found(in: program) == ProcessWideDeclarations.found(in: parsed))
        }
        // Nested too deep to parse counts as unknown, unless the text rules both kinds out.
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        #expect(ParsedSource(deep).tree == nil)
        #expect(ProcessWideDeclarations.found(in: "extension String: Error {}\nlet x = " + deep))
        #expect(!ProcessWideDeclarations.found(in: "let x = " + deep))
    }

    @Test func oneTreeServesEveryReadingOfATestSample() {
        let program = """
            import Testing
            struct Counter { var count = 0 }
            extension Int: @retroactive Identifiable { public var id: Int { self } }
            @Test func counts() { #expect(Counter().count == 0) }
            """
        let parsed = ParsedSource(program)
        #expect(TestDiscovery.discover(in: parsed) == TestDiscovery.discover(in: program))
        #expect(ModuleScopeNames.of(parsed) == ModuleScopeNames.of(program))
        #expect(ProcessWideDeclarations.found(in: parsed))
        #expect(TestDiscovery.discover(in: parsed).swiftTestingFunctions == ["counts"])
    }

    @Test func aPlainSampleIsReadAsItsFullReadingSays() {
        let syntax = SampleSyntax()
        for (program, expected) in Self.processWide.map({ ($0, true) }) + Self.local.map({ ($0, false) }) {
            let sample = Sample(
                path: "a.md",
                parts: [.init(code: program, firstLine: 2, column: 1, fence: .init(line: 1, column: 1), endLine: 3)],
                mode: .run, shouldFail: false, group: nil, expectedOutput: nil)
            let facts = syntax.facts(of: sample)
            #expect(facts.processWide == expected, "\(program)")
            #expect(facts.tests == nil && facts.names == nil)
        }
    }
}
