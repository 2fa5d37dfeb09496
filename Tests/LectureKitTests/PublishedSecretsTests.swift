import CommonMark
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
        // Attack 10 #47: the formats the scan missed (GitHub secret scanning's and gitleaks' shapes).
        ("STRIPE=" + "sk_" + "live_4eC39HqLyjWDarjtT1zdp7dc", "a Stripe live key"),
        ("rk_" + "live_51H8abcdEFGHijklMNOPqrst", "a Stripe live key"),
        ("key: " + "AIza" + "SyA-1234567890abcdefghijklmnopqrstu", "a Google API key"),
        ("glpat" + "-abcdefghij1234567890", "a GitLab token"),
        ("gldt" + "-abcdefghij1234567890xy", "a GitLab token"),
        ("//registry.npmjs.org/:_authToken=" + "npm_" + "abcdefghijklmnopqrstuvwxyz0123456789", "an npm token"),
        ("Bearer " + jwt, "a JSON Web Token"),
        ("git clone https://user:" + "hunter2pass@example.com/repo.git", "a password in a URL"),
        ("postgres://app:" + "s3cr3t-Pw@db.internal:5432/app", "a password in a URL"),
        ("<https://:" + "tok3nvalue@host.example>", "a password in a URL"),
        // Attack 14, kind 8: fixed-prefix formats of services, and an Authorization header's value.
        (
            "url: https://" + "hooks.slack.com/services/" + "T0A1B2C3D/B4E5F6G7H/abcdEFGHijklMNOPqrstUVWX",
            "a Slack webhook URL"
        ),
        (
            "OPENAI=" + "sk-" + "proj-" + String(repeating: "Ab1_", count: 15) + "T3Blbk" + "FJ"
                + String(repeating: "Zy9-", count: 15), "an OpenAI API key"
        ),
        ("sk-" + "abcdefghij0123456789" + "T3Blbk" + "FJ" + "abcdefghij0123456789", "an OpenAI API key"),
        ("key=" + "sk-ant-" + "api03-" + String(repeating: "Xy7_", count: 23) + "AbAA", "an Anthropic API key"),
        (
            "password = " + "pypi-" + "AgEIcHlwaS5vcmc" + String(repeating: "CJDa1b2c3d", count: 6),
            "a PyPI upload token"
        ),
        ("docker login -p " + "dckr_" + "pat_" + "Ab3dEf6hIj9lMn2pQr5tUv8xYz1", "a Docker Hub access token"),
        ("HF_TOKEN=" + "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz" + "AbCdEfGh", "a Hugging Face token"),
        ("hf: " + "hf_" + "Dd3XRAkccJ11HKw8gTep5ZFf7EdRpPdFzY", "a Hugging Face token"),
        (
            "SENDGRID=" + "SG." + "Ab3dEf6hIj9lMn2pQr5tUv" + "." + "Ab3dEf6hIj9lMn2pQr5tUv8xYz1Ab3dEf6hIj9lMn2p",
            "a SendGrid API key"
        ),
        ("twilio: " + "SK" + "0123456789abcdef0123456789ABCDEF", "a Twilio API key"),
        ("PuTTY-User-Key-File-" + "3: ssh-ed25519\nEncryption: none\n", "a PuTTY private key"),
        // actions/checkout's extraheader: base64 of x-access-token:ghs_….
        (
            "\textraheader = AUTHORIZATION: basic " + "eC1hY2Nlc3MtdG9rZW46Z2hzX2FiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6"
                + "MDEyMzQ1Njc4OTAx", "an HTTP Authorization header's credentials"
        ),
        ("curl -H 'Authorization: Basic " + "YWxpY2U6czNjcjN0LXB3" + "'", "an HTTP Authorization header's credentials"),
        (
            "Proxy-Authorization: Bearer " + "ya29.A0ARrdaM-b3Jd8xQ2zLk9Tm4",
            "an HTTP Authorization header's credentials"
        ),
    ]

    /// jwt.io's example token, split.
    static let jwt =
        "eyJ" + "hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + "eyJ"
        + "zdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ."
        + "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"

    /// A token of three JSON parts: its payload and third part alone look like a token too, and
    /// must not be reported again.
    static let nestedJWT =
        "eyJ" + "hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + "eyJ" + "zdWIiOiIxMjM0NTY3ODkwIn0." + "eyJ"
        + "lbmMiOiJBMjU2R0NNIn0abc"

    static let harmless = [
        dashes + "BEGIN PUBLIC KEY" + dashes, dashes + "BEGIN CERTIFICATE" + dashes, "AKIA" + "IOSFODNN7EXAMPLE",
        "XAKIA" + "Q3EGRIXUOQ5ZKJ7M", "ghp_short", "xoxb-short", "a -- b ---- c", "github_pat_x",
        // Lookalikes of the formats added for attack 10 #47.
        "sk_" + "test_4eC39HqLyjWDarjtT1zdp7dc", "sk_live_short", "Xsk_" + "live_4eC39HqLyjWDarjtT1zdp7dc",
        "AIza" + "SyA-short", "AIza" + "SyA-1234567890abcdefghijklmnopqrstuvwxyz0",
        "glpat-short", "npm_install", "npm_" + "abcdefghijklmnopqrstuvwxyz0123456789extra",
        "eyJ" + "hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", "eyJ" + "hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.payload",
        "https://user@example.com/", "http://localhost:8080/a@b", "git@github.com:owner/repo.git",
        "https://user:$PASSWORD@example.com", "https://user:${TOKEN}@example.com", "https://user:<password>@host",
        "https://user:password@example.com", "https://user:***@host", "https://user:xxxx@host",
        "mailto:someone@example.com", "https://example.com/a:b@c", "let url = \"https://x.y/z?u=a:b@c\"",
        "Swift's `a ?? b`: see https://swift.org/@main", "https://user:@host",
        // Lookalikes of the formats added for attack 14, kind 8: Slack's documented placeholder,
        // short or unmarked bodies, a letter before the prefix, one byte too many or too few.
        "https://hooks.slack.com/services/" + "T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
        "https://hooks.slack.com/services/T0A1B2C3D", "sk-" + String(repeating: "abcd1234", count: 6),
        "Xsk-" + "abcdefghij0123456789" + "T3Blbk" + "FJ" + "abcdefghij0123456789", "sk-ant-api03-short",
        "sk-ant-" + "api03-" + String(repeating: "Xy7_", count: 24), "pypi-" + "AgEIcHlwaS5vcmc" + "short",
        "pip install pypi-simple", "dckr_pat_short", "hf_hub_download",
        "hf_" + String(repeating: "abcdefghijklmnop1", count: 2),
        "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz" + "AbCdEfGhI", "SG.short.value",
        "SG." + "Ab3dEf6hIj9lMn2pQr5tUv" + "." + "Ab3dEf6hIj9lMn2pQr5tUv8xYz1Ab3dEf6hIj9lMn2",
        "SK" + "0123456789abcdef0123456789ABCDE", "SK" + "0123456789abcdef0123456789ABCDEF0",
        "XSK" + "0123456789abcdef0123456789ABCDEF", "SK" + "0123456789abcdef0123456789ABCDEG",
        "PuTTY-User-Key-File-2 is PuTTY's format", "Authorization: Basic " + "QWxhZGRpbjpvcGVuIHNlc2FtZQ==",
        "Authorization: Basic " + "dXNlcjpwYXNzd29yZA==", "Authorization: Basic " + "dXNlcjokVE9LRU4=",
        "Authorization: Basic ${CREDENTIALS}", "Authorization: Bearer $TOKEN", "Authorization: Bearer <token>",
        "Authorization: Bearer YOUR_ACCESS_TOKEN_HERE", "Authorization: Bearer abc", "the Authorization: header",
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
        #expect(
            SecretScan.all(inFileAt: path, budget: DecompressionBudget()).map(\.finding) == [
                SecretScan.Finding(offset: (1 << 20) - 10, kind: "a private key")
            ])
    }

    /// Attack 10 #47: several secrets in one text are each reported once, in order, where each
    /// starts; two on one line, and one that is the text's last bytes.
    @Test func everySecretOfATextIsFound() {
        var text = "a\n"
        var starts: [Int] = []
        for (secret, skip) in [(Self.secrets[4].text, 6), (Self.secrets[8].text, 7), ("Bearer " + Self.nestedJWT, 7)] {
            text += " and "
            starts.append(text.utf8.count + skip)
            text += secret
        }
        let found = SecretScan.all(in: text)
        #expect(found.map(\.kind) == ["an AWS access key id", "a Stripe live key", "a JSON Web Token"])
        #expect(found.map(\.offset) == starts)
    }

    /// Attack 10 #47: every secret of a file read in chunks, each once, at its line and column:
    /// a token across the first chunk's checked part (its check may read on), a URL whose scheme
    /// lies before the second's edge and its `://` after, and a token in the last chunk.
    @Test func everySecretOfAFileReadInChunksIsFoundOnce() throws {
        let folder = try TestSupport.temporaryDirectory()
        let path = folder + "/big.txt"
        // A chunk's checks end `reach` bytes before the bytes read so far: at k * 2^20 - reach.
        let edge = (1 << 20) - SecretScan.reach
        var text = "line one\n" + Self.secrets[4].text + "\n"
        var starts = [9 + 6]
        func pad(to offset: Int) {
            text += String(repeating: "x\n", count: (offset - text.utf8.count) / 2)
            text += String(repeating: " ", count: offset - text.utf8.count)
        }
        pad(to: edge - 30)
        starts.append(text.utf8.count)
        text += Self.nestedJWT + "\n"
        // Its scheme before the second chunk's edge, its `:` after it.
        pad(to: edge + (1 << 20) - 5)
        starts.append(text.utf8.count)
        text += "postgres://app:" + "s3cr3t-Pw@db.internal/app\n"
        pad(to: 3 << 20)
        starts.append(text.utf8.count + 7)
        text += Self.secrets[5].text + "\n"
        try TestSupport.write(Array(text.utf8), to: path)
        let found = SecretScan.all(inFileAt: path, budget: DecompressionBudget())
        #expect(
            found.map(\.finding.kind) == [
                "an AWS access key id", "a JSON Web Token", "a password in a URL", "a GitHub token",
            ])
        #expect(found.map(\.finding.offset) == starts)
        let lineStarts = LineStarts(text.utf8)
        #expect(
            found.map { [$0.line, $0.column] }
                == starts.map {
                    let location = lineStarts.location(ofByte: $0)
                    return [location.line, location.column]
                })
        #expect(found.first.map { [$0.line, $0.column] } == [2, 7])
    }

    /// Attack 10 #47: each secret of a page is an error at its own line and column.
    @Test func eachSecretOfAPageIsAnErrorAtItsLineAndColumn() {
        let text =
            "# T\n\n```text\n" + Self.secrets[6].text + "\n" + Self.secrets[12].text + " "
            + Self.secrets[10].text + "\n```\n"
        let page = SourceFile(displayPath: "src/a.md", relativePath: "a.md", text: text)
        let errors = PublishedSecrets.inPages([page])
        #expect(
            errors.map { "\($0.location.map(\.description) ?? "-") \($0.summary)" } == [
                "4:1 a GitHub token would be published; nothing is written",
                "5:1 a GitLab token would be published; nothing is written",
                "5:34 a Google API key would be published; nothing is written",
            ], "\(errors)")
    }

    /// Attack 14, kind 9: a CI checkout's `.git/config`-like file, its extraheader holding the
    /// job token's base64, included into a page: an error at the included line, nothing written.
    @Test func anAuthorizationHeaderInAnIncludedFileStopsTheBuild() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let config =
            "[core]\n\tbare = false\n[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic "
            + "eC1hY2Nlc3MtdG9rZW46Z2hzX2FiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6" + "MDEyMzQ1Njc4OTAx\n"
        try TestSupport.write(Array(config.utf8), to: book + "/ci/config")
        try TestSupport.write(
            Array("# Intro\n\n```ini\n{{#include ../ci/config}}\n```\n".utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "ci/config:4:16: error: an HTTP Authorization header's credentials would be published"),
            "\(result.stderrText)")
        #expect(!result.stderrText.contains("eC1h"))
        #expect(!FileSystem.exists(book + "/book"))
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
            lines.contains { $0.contains("src/key.png:1:21: error: a GitHub token would be published") },
            "\(result.stderrText)")
        #expect(!result.stderrText.contains("CANARY"))
        #expect(!FileSystem.exists(book + "/book"))
    }
}
