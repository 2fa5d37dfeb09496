import Foundation
import LectureSupport
import TestFolders
import Testing

/// Attack 16, k75: `--bless` wrote a token a sample printed into the page, `lecture check`
/// then passed and `lecture build` refused the page. Bless, check and build now apply one rule
/// (`SecretScan`), as they do to machine paths (`MachinePathBlessBadInputTests`): output that
/// prints a secret is an error at the sample and is not blessed; an output block holding one is
/// an error at its line. Each run is contained (`ContainedRun`): bless writes pages.
@Suite(.serialized) struct SecretBlessBadInputTests {
    /// A sample that prints a token it computes (its source holds none), and its kind.
    static let samples: [(program: String, kind: String)] = [
        (#"print("gh" + "p_" + String(repeating: "a1B2", count: 9))"#, "a GitHub token"),
        (#"print("AK" + "IA" + "Z7Q4RT2MXPL3VN8K")"#, "an AWS access key id"),
        (#"print("https://user:" + "S3cr3tPassw0rd" + "@example.com/x")"#, "a password in a URL"),
    ]

    @Test func blessRefusesASecretAtTheSample() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        for (program, kind) in Self.samples {
            let page = "# Intro\n\n```swift\n\(program)\n```\n\n```output\nold\n```\n"
            try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
            let result = try run.lecture(["check", "--bless"], in: "work/book")
            let text = result.stdoutText + result.stderrText
            #expect(result.termination == .exited(1), "\(kind): \(text)")
            #expect(
                text.contains("src/intro.md:3:1: error: sample printed \(kind), which 'lecture build' would refuse"),
                "\(kind): \(text)")
            #expect(try FileSystem.read(book + "/src/intro.md") == Array(page.utf8), "\(kind): page left as it was")
        }
    }

    /// An output block that holds a secret (written by hand) fails the check at its line, as the
    /// build refuses the page.
    @Test func checkFailsAnOutputBlockHoldingASecret() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let token = "gh" + "p_" + String(repeating: "a1B2", count: 9)
        try TestSupport.write(
            Array("# Intro\n\n```swift\nprint(\"a\")\nprint(\"b\")\n```\n\n```output\na\n\(token)\n```\n".utf8),
            to: book + "/src/intro.md")
        let result = try run.lecture(["check"], in: "work/book")
        let text = result.stdoutText + result.stderrText
        #expect(result.termination == .exited(1), "\(text)")
        #expect(
            text.contains("src/intro.md:10:1: error: the output block holds a GitHub token, which 'lecture build'"),
            "\(text)")
        #expect(
            !text.split(separator: "\n").contains { $0.contains("the output block holds") && $0.contains(token) },
            "the error never quotes the secret")
    }
}
