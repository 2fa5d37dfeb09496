import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Nothing secret is published: a page, text it includes or a copied file
/// holding a private key or a well-known token is an error at its source, and nothing is written.
@Suite struct PublishedSecretsTests {
    // Assembled from parts, so this file holds no secret of its own.
    static let dashes = "-----"
    static let secrets: [(text: String, kind: String)] = [
        (dashes + "BEGIN RSA PRIVATE KEY" + dashes + "\nMIIE\n", "a private key"),
        (dashes + "BEGIN OPENSSH PRIVATE KEY" + dashes + "\nb3Bl\n", "an OpenSSH private key"),
        (dashes + "BEGIN PRIVATE KEY" + dashes, "a private key"),
        (dashes + "BEGIN PGP PRIVATE KEY BLOCK" + dashes, "a private key"),
        ("key = " + "AKIA" + "Q3EGRIXUOQ5ZKJ7M", "an AWS access key id"),
        ("token: " + "ghp_" + String(repeating: "a1B2", count: 9), "a GitHub token"),
        ("github_pat_" + String(repeating: "11AbCd_", count: 5), "a GitHub token"),
        ("xoxb" + "-123456789012-abcdef", "a Slack token"),
    ]

    static let harmless = [
        dashes + "BEGIN PUBLIC KEY" + dashes, dashes + "BEGIN CERTIFICATE" + dashes, "AKIA" + "IOSFODNN7EXAMPLE",
        "XAKIA" + "Q3EGRIXUOQ5ZKJ7M", "ghp_short", "xoxb-short", "a -- b ---- c", "github_pat_x",
    ]

    @Test(arguments: secrets.indices) func eachKindIsFound(_ index: Int) {
        let (text, kind) = Self.secrets[index]
        let found = SecretScan.first(in: "prose\n" + text + "\nmore")
        #expect(found?.kind == kind)
        #expect((found?.offset ?? 0) >= 6)
    }

    @Test(arguments: harmless) func lookalikesAreNot(_ text: String) {
        #expect(SecretScan.first(in: text) == nil, "\(text)")
    }

    /// A key across a chunk's edge of a file read in chunks is found.
    @Test func aKeyAcrossChunksOfAFileIsFound() throws {
        let folder = try TestSupport.temporaryDirectory()
        let path = folder + "/big.bin"
        let key = Array((Self.dashes + "BEGIN EC PRIVATE KEY" + Self.dashes).utf8)
        var bytes = [UInt8](repeating: 0x20, count: (1 << 20) - 10)
        bytes += key
        try TestSupport.write(bytes, to: path)
        #expect(SecretScan.first(inFileAt: path) == SecretScan.Finding(offset: (1 << 20) - 10, kind: "a private key"))
    }

    /// The attack: a key included from a folder the book may read, a token in a page, a key
    /// copied as an asset: each an error at its source, and no site is written.
    @Test func aSecretInAPageAnIncludeOrAnAssetStopsTheBuild() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture]\ninclude-from = [\"../shared\"]")
        let key = Self.dashes + "BEGIN OPENSSH PRIVATE KEY" + Self.dashes + "\nKEY-CANARY-K1\n"
        try TestSupport.write(Array(("line one\n" + key).utf8), to: run.scratch + "/work/shared/id_ed25519")
        try TestSupport.write(
            Array("# Intro\n\n```text\n{{#include ../../shared/id_ed25519}}\n```\n".utf8), to: book + "/src/intro.md")
        try TestSupport.write(Array(("TOKEN-CANARY " + Self.secrets[5].text + "\n").utf8), to: book + "/src/key.png")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        let lines = result.stderrText.split(separator: "\n").filter {
            $0.contains("error:") && $0.contains("would be published")
        }
        #expect(
            lines.contains { $0.contains("shared/id_ed25519:2:1: error: an OpenSSH private key would be published") },
            "\(result.stderrText)")
        #expect(
            lines.contains { $0.contains("src/key.png: error: a GitHub token would be published") },
            "\(result.stderrText)")
        #expect(!result.stderrText.contains("CANARY"))
        #expect(!FileSystem.exists(book + "/book"))
    }
}
