import Foundation
import Testing

/// No process-wide hook a test sets is left in the sources (code review 42 #4): a test's hook
/// is a value it passes to the call it tests (`SiteWriter.Hooks`), so it runs in that call only,
/// never inside another test's build running at the same time.
@Suite struct ProcessWideHookTests {
    /// A static that holds a closure and can change (`static var f: () -> Void`,
    /// `static let f = Locked<(() -> Void)?>`), or a static its doc comment says tests set.
    static func hooks(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let declaration = try! NSRegularExpression(pattern: #"\bstatic\s+(let|var)\s+(\w+)\s*(.*)$"#)
        var found: [String] = []
        for (index, line) in lines.enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            guard let match = declaration.firstMatch(in: line, range: range),
                let kind = Range(match.range(at: 1), in: line), let name = Range(match.range(at: 2), in: line),
                let rest = Range(match.range(at: 3), in: line)
            else { continue }
            let after = line[rest]
            // A computed property (`static var x: T {`) holds nothing.
            let brace = after.firstIndex(of: "{") ?? after.endIndex
            let stored = !after.hasPrefix(":") || after[..<brace].contains("=") || brace == after.endIndex
            let holdsClosure = after.contains("->")
            let mutable =
                line[kind] == "var" || after.contains("Locked<") || after.contains("Mutex<")
                || after.contains("Atomic<")
            var comment = ""
            var above = index - 1
            while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                comment = lines[above] + " " + comment
                above -= 1
            }
            let setByTests = comment.range(
                of: #"\b(by|for) tests\b|\btests (set|change|use)\b"#, options: .regularExpression)
            if (stored && holdsClosure && mutable) || setByTests != nil {
                found.append("\(index + 1): static \(line[kind]) \(line[name])")
            }
        }
        return found
    }

    @Test func noSourceHoldsAProcessWideTestHook() {
        let sources = ArchitectureMapTests.sources.filter { $0.key.hasPrefix("Sources/") }
        #expect(sources.count > 100, "the sources were not found")
        var found: [String] = []
        for (path, text) in sources.sorted(by: { $0.key < $1.key }) {
            found += Self.hooks(in: text).map { "\(path):\($0)" }
        }
        #expect(found.isEmpty, "process-wide hooks: \(found)")
    }

    /// The scan finds the shapes the review found (`SiteWriter.beforeSwap`, `exchangeUnavailable`)
    /// and passes a constant closure table or a computed property.
    @Test func theScanFindsTheHooksItLooksFor() {
        let hooks = """
            /// Run right before the swap, by tests that change the output folder there.
            static let beforeSwap = Locked<(@Sendable () -> Void)?>(nil)
            /// Set by tests to take the way of a file system without `RENAME_EXCHANGE`.
            static let exchangeUnavailable = Locked(false)
            nonisolated(unsafe) static var onWrite: (() -> Void)? = nil
            """
        #expect(Self.hooks(in: hooks).count == 3, "\(Self.hooks(in: hooks))")
        let fine = """
            /// The readers, by kind.
            static let readers: [String: (String) -> Int] = [:]
            static var identity: (Int) -> Int { { $0 } }
            private static let answers = Locked<[Key: Listing]>([:])
            """
        #expect(Self.hooks(in: fine).isEmpty, "\(Self.hooks(in: fine))")
    }
}
