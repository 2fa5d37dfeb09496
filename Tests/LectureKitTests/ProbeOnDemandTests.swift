import Foundation
import Testing

@testable import LectureSupport

/// The compiler and Graphviz are asked for only when a build needs them (`Probes`): an mdBook
/// book with no sample to verify and no `dot` block starts neither `swiftc` nor `dot` (their
/// version probes made a first build of such a book wait on them, 1.5 to 4.3 times as long as
/// mdBook's); one `dot` block starts Graphviz. Each program is a script on `PATH` (`SWIFTC` for
/// the compiler) that logs its call and runs the real one.
@Suite struct ProbeOnDemandTests {
    /// Builds the book of `files` with the logging programs; returns the calls they logged.
    func calls(building files: [String: String]) throws -> [String] {
        let root = try TestSupport.makeTree(files)
        let bin = root + "/bin"
        let log = root + "/calls.log"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for (name, real) in [("dot", "/usr/bin/dot"), ("fc-list", "/usr/bin/fc-list"), ("swiftc", "swiftc")] {
            try TestSupport.writeScript(
                "echo \"\(name) $*\" >> '\(log)'\nPATH='\(ProcessInfo.processInfo.environment["PATH"] ?? "")' exec \(real) \"$@\"",
                to: bin + "/" + name)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "")
        environment["SWIFTC"] = bin + "/swiftc"
        let cache = root + "/cache"
        let result = try Subprocess.run(
            TestSupport.executable, ["build", root + "/book", "--cache-dir", cache], environment: environment,
            timeout: 300, cancellation: .process)
        #expect(result.succeeded, "\(result.stdoutText)\(result.stderrText)")
        return (TestSupport.read(log) ?? "").split(separator: "\n").map(String.init)
    }

    static let book = [
        "book/book.toml": "[book]\ntitle = \"B\"\n",
        "book/src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n",
    ]

    @Test func anMdBookBookStartsNeitherTheCompilerNorGraphviz() throws {
        var files = Self.book
        files["book/src/a.md"] = "# A\n\n```rust\nfn main() {}\n```\n\n```swift\nprint(1)\n```\n"
        #expect(try calls(building: files) == [])
    }

    @Test func aDiagramStartsGraphvizAndNotTheCompiler() throws {
        var files = Self.book
        files["book/src/a.md"] = "# A\n\n> ```dot alt=\"two boxes\"\n> digraph { a -> b }\n> ```\n"
        let calls = try calls(building: files)
        #expect(calls.contains("dot -V"), "\(calls)")
        #expect(!calls.contains { $0.hasPrefix("swiftc") }, "\(calls)")
    }
}
