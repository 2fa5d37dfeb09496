import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Progress lines on a terminal that does not move its cursor (attack 9, kind 27): under
/// `TERM=dumb` (Emacs' shell, some CI runners' ptys) the build wrote `\r ESC[K [1/8] Load…`,
/// which such a terminal shows as text. Run on a real pseudo-terminal (util-linux's `script`):
/// no cursor control under `TERM=dumb` or without `TERM`; progress still under `xterm`. A sibling
/// (attack 9, found again): `NO_COLOR=1` with `TERM=xterm` still got the escapes; `NO_COLOR` asks
/// for none (no-color.org: when set and not empty), so an empty `NO_COLOR` keeps the progress.
@Suite(.enabled(if: FileSystem.exists("/usr/bin/script"))) struct DumbTerminalBadInputTests {
    @Test func aDumbTerminalGetsNoCursorControl() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "- [A](a.md)\n", "content/a.md": "# A\n\n[broken](nope.md)\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        func onATerminal(_ term: String?, noColor: String? = nil) throws -> String {
            let command = [TestSupport.executable, "build", "--content", root + "/content", "--output", root + "/site"]
                .map { "'" + $0 + "'" }.joined(separator: " ")
            var environment = ProcessInfo.processInfo.environment
            environment["TERM"] = term
            environment["NO_COLOR"] = noColor
            let result = try Subprocess.run(
                "/usr/bin/script", ["-qec", command, "/dev/null"], environment: environment,
                inheritingEnvironment: false, timeout: 300, cancellation: .process)
            return result.stdoutText
        }
        let erase = "\u{1B}[K"
        let xterm = try onATerminal("xterm")
        #expect(xterm.contains(erase) && xterm.contains("error: "), "\(xterm)")
        let emptyNoColor = try onATerminal("xterm", noColor: "")
        #expect(emptyNoColor.contains(erase), "NO_COLOR empty: \(emptyNoColor)")
        for noColor in ["1", "true"] {
            let shown = try onATerminal("xterm-256color", noColor: noColor)
            #expect(!shown.contains(erase) && !shown.contains("\r\u{1B}"), "NO_COLOR=\(noColor): \(shown)")
            #expect(shown.contains("nope.md"), "NO_COLOR=\(noColor): \(shown)")
        }
        for term in ["dumb", nil] {
            let shown = try onATerminal(term)
            #expect(!shown.contains(erase) && !shown.contains("\r\u{1B}"), "\(term ?? "no TERM"): \(shown)")
            #expect(shown.contains("nope.md"), "\(term ?? "no TERM"): \(shown)")
        }
    }
}
