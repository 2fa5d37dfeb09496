import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Issue 11's "Done when": the same book gives the same verdict under any shell `LANG`, `TZ`,
/// `HOME` or colour variables, warm and with `--no-cache`. Runs the built `lecture` as a user
/// would, each time with another environment.
@Suite(.serialized) struct HermeticVerdictTests {
    static let executable = TestSupport.executable

    /// Samples that print what a leaking shell would change: a date and a currency in the
    /// current locale and time zone, the colour variables and TERM, the files in HOME.
    static let page = """
        # 환경

        ```swift
        import Foundation
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        print(formatter.string(from: Date(timeIntervalSince1970: 0)))
        let money = NumberFormatter()
        money.numberStyle = .currency
        print(money.string(from: 1234.5) ?? "-")
        ```

        ```output
        1 Jan 1970 at 12:00\u{202F}AM
        ¤1,234.50
        ```

        ```swift
        import Foundation
        let environment = ProcessInfo.processInfo.environment
        print(environment["NO_COLOR"] ?? "-", environment["FORCE_COLOR"] ?? "-", environment["CLICOLOR_FORCE"] ?? "-", environment["TERM"] ?? "-")
        print(try FileManager.default.contentsOfDirectory(atPath: environment["HOME"] ?? "/").count)
        ```

        ```output
        - - - dumb
        0
        ```

        """

    func run(_ arguments: [String], environment overrides: [String: String]) throws -> (
        status: Subprocess.Termination, output: String
    ) {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in overrides { environment[key] = value }
        // `env -i` then the chosen variables: exactly this environment, nothing of the test's.
        let result = try Subprocess.run(
            "env", ["-i"] + environment.map { "\($0.key)=\($0.value)" } + [Self.executable] + arguments,
            timeout: 600, cancellation: .process)
        return (result.termination, result.stdoutText + result.stderrText)
    }

    @Test func theSameBookGivesTheSameVerdictInEveryShell() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [쪽](page.md)\n", "content/page.md": Self.page,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let otherHome = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(otherHome) }
        try FileSystem.writeAtomically("a file the samples must not see\n", to: otherHome + "/.profile")
        let check = ["check", "--content", root + "/content", "--cache-dir", root + "/cache", "-j", "2"]

        let shells: [(name: String, variables: [String: String])] = [
            ("LANG=C.UTF-8", ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]),
            ("LANG=de_DE.UTF-8", ["LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"]),
            ("TZ=UTC", ["TZ": "UTC"]),
            ("TZ=Asia/Seoul", ["TZ": "Asia/Seoul"]),
            ("FORCE_COLOR=1", ["FORCE_COLOR": "1", "CLICOLOR_FORCE": "1", "TERM": "xterm-256color"]),
            ("NO_COLOR=1", ["NO_COLOR": "1"]),
            ("another HOME", ["HOME": otherHome]),
        ]
        var verdicts: [String: String] = [:]
        for shell in shells {
            for cached in [true, false] {
                let outcome = try run(check + (cached ? [] : ["--no-cache"]), environment: shell.variables)
                let label = "\(shell.name) \(cached ? "warm" : "--no-cache")"
                #expect(outcome.status == .exited(0), "\(label): \(outcome.output)")
                verdicts[label] = outcome.output.split(separator: "\n").last.map(String.init) ?? ""
            }
        }
        #expect(Set(verdicts.values) == ["2 passed, 0 failed"], "\(verdicts)")
    }

    /// A compiler whose toolchain has no SourceKit (here a wrapper that hides it: nothing beside
    /// it, no `runtimeResourcePath` in its `-print-target-info`): the pass is still cached, so a
    /// warm build compiles nothing (found by `make bench`, whose compile counter is a wrapper),
    /// and its "no hover cards" warning shows again (the cards are asked for on every build); a
    /// check, which looks up no cards, shows none.
    @Test func aPassWithoutSourceKitIsCachedAndItsWarningReplayed() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [쪽](page.md)\n",
            "content/page.md": "# 쪽\n\n```swift\nlet greeting = \"안녕\"\nprint(greeting)\n```\n\n```output\n안녕\n```\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        try TestSupport.writeScript(
            "[ \"$1\" = -print-target-info ] && { echo '{}'; exit 0; }\necho \"$*\" >> '\(root)/compiles'\nexec swiftc \"$@\"",
            to: root + "/swiftc")
        let build = [
            "build", "--content", root + "/content", "--output", root + "/site", "--cache-dir", root + "/cache",
        ]
        let cold = try run(build, environment: ["SWIFTC": root + "/swiftc"])
        #expect(cold.status == .exited(0), "\(cold.output)")
        #expect(cold.output.contains("no hover cards"))
        try FileManager.default.removeItem(atPath: root + "/compiles")
        let warm = try run(build, environment: ["SWIFTC": root + "/swiftc"])
        #expect(warm.status == .exited(0) && warm.output.contains("no hover cards"), "\(warm.output)")
        let check = try run(
            ["check", "--content", root + "/content", "--cache-dir", root + "/cache"],
            environment: ["SWIFTC": root + "/swiftc"])
        #expect(check.status == .exited(0) && !check.output.contains("hover"), "\(check.output)")
        let compiles = (TestSupport.read(root + "/compiles") ?? "").split(separator: "\n").filter {
            !$0.contains("--version")
        }
        #expect(compiles.isEmpty, "a warm run compiled: \(compiles)")
    }

    @Test func aWrapperCompilerNamedBySWIFTCIsNotAnsweredFromTheCache() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [쪽](page.md)\n",
            "content/page.md":
                "# 쪽\n\n```swift\n#if WRAPPED\nprint(\"wrapped\")\n#else\nprint(\"plain\")\n#endif\n```\n\n```output\nplain\n```\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        try TestSupport.writeScript("exec swiftc -D WRAPPED \"$@\"", to: root + "/swiftc")
        let check = ["check", "--content", root + "/content", "--cache-dir", root + "/cache"]
        #expect(try run(check, environment: [:]).status == .exited(0))
        let wrapped = try run(check, environment: ["SWIFTC": root + "/swiftc"])
        #expect(wrapped.status == .exited(1), "\(wrapped.output)")
        #expect(wrapped.output.contains("+wrapped"))
    }
}
