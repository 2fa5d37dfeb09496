/// The tests a Swift source declares, found in its syntax tree (swift-syntax's `Parser`), the way
/// SwiftPM's test discovery finds XCTest methods on Linux, where no Objective-C runtime lists them.
package struct DiscoveredTests: Hashable, Sendable {
    /// An `XCTestCase` subclass and its test methods.
    package struct XCTestClass: Hashable, Sendable {
        /// The class's name as written.
        package var name: String
        /// Its `test…` methods, in source order.
        package var methods: [XCTestMethod]
    }

    /// A method XCTest runs: an instance method named `test…` with no parameters.
    package struct XCTestMethod: Hashable, Sendable {
        /// The method's name, such as `testIncrement`.
        package var name: String
        /// Declared `async`: XCTest runs it through `asyncTest(_:)`.
        package var isAsync: Bool
        /// Isolated to the main actor (`@MainActor` on the method or its class): called through
        /// `MainActor.assumeIsolated`, as XCTest runs tests on the main thread.
        package var isMainActor: Bool
    }

    /// Whether the source imports Swift Testing (`import Testing`).
    var importsTesting = false
    /// Whether the source imports XCTest (`import XCTest`).
    var importsXCTest = false
    /// Functions marked `@Test`, at any depth (Swift Testing's own runner finds them at run time).
    package var swiftTestingFunctions: [String] = []
    /// `XCTestCase` subclasses (direct, or through another class of the source) with at least one
    /// test method, in source order.
    package var xcTestClasses: [XCTestClass] = []

    /// Whether there is anything to run.
    package var isEmpty: Bool { swiftTestingFunctions.isEmpty && xcTestClasses.isEmpty }
}

/// Finds Swift Testing and XCTest tests in Swift source.
package enum TestDiscovery {
    /// The tests declared in `source`, a whole program (`#sourceLocation` lines are fine).
    /// Source nested deeper than `ParsingLimit` allows has none.
    package static func discover(in source: String) -> DiscoveredTests {
        discover(in: ParsedSource(source))
    }

    /// `discover(in:)` read from a tree already parsed.
    package static func discover(in parsed: ParsedSource) -> DiscoveredTests {
        guard let tree = parsed.tree else { return DiscoveredTests() }
        let read = SwiftSyntaxLibrary.table.tests(tree)
        let walker = (
            imports: read.imports, testFunctions: read.testFunctions, superclasses: read.superclasses,
            classOrder: read.classOrder,
            methods: read.methods.mapValues {
                $0.map { DiscoveredTests.XCTestMethod(name: $0.name, isAsync: $0.isAsync, isMainActor: $0.isMainActor) }
            }
        )

        // A class is a test case when its superclass is XCTestCase or another test case class
        // (first inherited type, as Swift requires the superclass to come first).
        var testClasses: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for (name, superclass) in walker.superclasses where !testClasses.contains(name) {
                if superclass == "XCTestCase" || superclass == "XCTest.XCTestCase" || testClasses.contains(superclass) {
                    testClasses.insert(name)
                    changed = true
                }
            }
        }
        var found = DiscoveredTests()
        found.importsTesting = walker.imports.contains("Testing")
        found.importsXCTest = walker.imports.contains("XCTest")
        found.swiftTestingFunctions = walker.testFunctions
        let superclass = Dictionary(
            walker.superclasses.map { ($0.name, $0.superclass) }, uniquingKeysWith: { a, _ in a })
        for name in walker.classOrder where testClasses.contains(name) {
            let methods = inheritedMethods(of: name, superclass: superclass, own: walker.methods)
            if !methods.isEmpty { found.xcTestClasses.append(.init(name: name, methods: methods)) }
        }
        return found
    }

    /// The test methods XCTest runs for `name`: those its superclasses of the source declare
    /// (the farthest first), then its own, a method it overrides listed once. XCTest on macOS
    /// runs inherited tests for every subclass (the abstract base test case); SwiftPM's Linux
    /// discovery lists only a class's own, so the subclass would pass without running them.
    static func inheritedMethods(
        of name: String, superclass: [String: String], own: [String: [DiscoveredTests.XCTestMethod]]
    ) -> [DiscoveredTests.XCTestMethod] {
        var chain = [name]
        var seen: Set<String> = [name]
        while let parent = superclass[chain[chain.count - 1]], own[parent] != nil || superclass[parent] != nil,
            seen.insert(parent).inserted
        {
            chain.append(parent)
        }
        var methods: [DiscoveredTests.XCTestMethod] = []
        var index: [String: Int] = [:]
        for type in chain.reversed() {
            for method in own[type] ?? [] {
                if let at = index[method.name] {
                    methods[at] = method
                } else {
                    index[method.name] = methods.count
                    methods.append(method)
                }
            }
        }
        return methods
    }
}
