/// The secrets `SecretScan` knows, each a published format with a fixed prefix or shape, so that
/// prose and code rarely look like one (the formats of GitHub's secret scanning and gitleaks):
/// - a private key: `-----BEGIN … PRIVATE KEY-----` (PEM, OpenSSH) or PGP's `PRIVATE KEY BLOCK`;
/// - an AWS access key id: `AKIA`/`ASIA` and 16 capitals or digits (AWS's documented
///   `…EXAMPLE` id excepted);
/// - a Google API key: `AIza` and 35 letters, digits, `_` or `-`;
/// - a GitHub token: `ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` and 36 letters or digits;
///   `github_pat_` and 22 or more;
/// - a GitLab token: `glpat-`, `gldt-`, `glrt-`, `glptt-` and 20 or more letters, digits, `_`, `-`;
/// - a Slack token: `xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xoxs-` and 10 or more;
/// - a Stripe live key: `sk_live_`, `rk_live_` and 16 or more letters or digits (test-mode
///   keys, which Stripe's own documentation publishes, are not secrets of a live account);
/// - an npm token: `npm_` and 36 letters or digits;
/// - a JSON Web Token: `eyJ` and 17 or more base64url characters, `.`, `eyJ` and 17 more (a
///   header and a payload that are JSON objects);
/// - a password in a URL: `scheme://user:password@host`, a placeholder password (`$VAR`,
///   `{…}`, `<…>`, `***`, `password`…) excepted;
/// - the services' tokens of `ServiceTokens.swift` (OpenAI, Anthropic, PyPI, Docker Hub, Hugging
///   Face, SendGrid, Twilio, Slack webhooks, PuTTY keys) and an `Authorization: Basic|Bearer`
///   header's value (`AuthorizationHeader`).
/// Every token must start a word: a letter, digit or `_` before it makes it part of another.
enum SecretFormats {
    /// A secret found: its bytes `start..<end`, and what it is.
    struct Match {
        var start: Int
        var end: Int
        var kind: String
    }

    /// The bytes a check starts at, all ASCII: a set of bits, for bytes below 64 and the rest
    /// (bit `b % 64`).
    static let firstBytes: (low: UInt64, high: UInt64) = {
        var words: [UInt64] = [0, 0]
        for byte in "-:AgxsrnepPdhaS".utf8 { words[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }
        return (words[0], words[1])
    }()

    /// The longest a check looks before the byte it starts at (a URL's scheme).
    static let lookBehind = 32

    /// The secret whose check starts at `index`, if any. The byte after a candidate first byte
    /// is compared before any check runs: most bytes are letters of prose and code.
    @inline(__always)
    static func match(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Match? {
        guard index + 1 < bytes.count else { return nil }
        let next = bytes[index + 1]
        switch bytes[index] {
        case UInt8(ascii: "-") where next == UInt8(ascii: "-"): return privateKey(bytes, at: index)
        case UInt8(ascii: "A") where next == UInt8(ascii: "K") || next == UInt8(ascii: "S"):
            return token(bytes, at: index, awsKeyID, "an AWS access key id")
        case UInt8(ascii: "A") where next == UInt8(ascii: "I"):
            return token(bytes, at: index, googleKey, "a Google API key")
        case UInt8(ascii: "g") where next == UInt8(ascii: "h") || next == UInt8(ascii: "i"):
            return token(bytes, at: index, gitHubToken, "a GitHub token")
        case UInt8(ascii: "g") where next == UInt8(ascii: "l"):
            return token(bytes, at: index, gitLabToken, "a GitLab token")
        case UInt8(ascii: "x") where next == UInt8(ascii: "o"):
            return token(bytes, at: index, slackToken, "a Slack token")
        case UInt8(ascii: "s") where next == UInt8(ascii: "k"):
            return token(bytes, at: index, stripeKey, "a Stripe live key")
                ?? token(bytes, at: index, anthropicKey, "an Anthropic API key")
                ?? token(bytes, at: index, openAIKey, "an OpenAI API key")
        case UInt8(ascii: "r") where next == UInt8(ascii: "k"):
            return token(bytes, at: index, stripeKey, "a Stripe live key")
        case UInt8(ascii: "p") where next == UInt8(ascii: "y"):
            return token(bytes, at: index, pyPIToken, "a PyPI upload token")
        case UInt8(ascii: "d") where next == UInt8(ascii: "c"):
            return token(bytes, at: index, dockerHubToken, "a Docker Hub access token")
        case UInt8(ascii: "h") where next == UInt8(ascii: "f"), UInt8(ascii: "a") where next == UInt8(ascii: "p"):
            return token(bytes, at: index, huggingFaceToken, "a Hugging Face token")
        case UInt8(ascii: "h") where next == UInt8(ascii: "o"):
            return token(bytes, at: index, slackWebhook, "a Slack webhook URL")
        case UInt8(ascii: "S") where next == UInt8(ascii: "G"):
            return token(bytes, at: index, sendGridKey, "a SendGrid API key")
        case UInt8(ascii: "S") where next == UInt8(ascii: "K"):
            return token(bytes, at: index, twilioKey, "a Twilio API key")
        case UInt8(ascii: "P") where next == UInt8(ascii: "u"):
            return token(bytes, at: index, puttyPrivateKey, "a PuTTY private key")
        case UInt8(ascii: "A") where next == UInt8(ascii: "U") || next == UInt8(ascii: "u"),
            UInt8(ascii: "a") where next == UInt8(ascii: "u"):
            guard startsWord(bytes, at: index) else { return nil }
            return AuthorizationHeader.match(bytes, at: index)
        case UInt8(ascii: "n") where next == UInt8(ascii: "p"):
            return token(bytes, at: index, npmToken, "an npm token")
        case UInt8(ascii: "e") where next == UInt8(ascii: "y"):
            return token(bytes, at: index, jsonWebToken, "a JSON Web Token")
        case UInt8(ascii: ":") where next == UInt8(ascii: "/"): return URLPassword.match(bytes, at: index)
        default: return nil
        }
    }

    /// The token `check` finds at `index`, which starts a word.
    private static func token(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ check: (UnsafeBufferPointer<UInt8>, Int) -> Int?,
        _ kind: String
    ) -> Match? {
        guard startsWord(bytes, at: index), let length = check(bytes, index) else { return nil }
        return Match(start: index, end: index + length, kind: kind)
    }

    // MARK: Bytes

    static func has(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString, at index: Int) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard index >= 0, index + length <= bytes.count else { return false }
        let start = prefix.utf8Start
        for offset in 0..<length where bytes[index + offset] != start[offset] { return false }
        return true
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    static func isCapitalOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
    }

    /// A letter, digit, `_` or `-`: base64url, and the alphabet of most tokens.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// How many bytes from `index` (at most `limit`) satisfy `accepts`.
    static func run(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, limit: Int, _ accepts: (UInt8) -> Bool
    ) -> Int {
        var end = index
        while end < bytes.count && end - index < limit && accepts(bytes[end]) { end += 1 }
        return end - index
    }

    /// Whether a token starts at `index`: not preceded by a letter, digit or `_`.
    static func startsWord(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index == 0 || !(isAlphanumeric(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: "_"))
    }

    /// The length of `prefix` and a body of `accepts` bytes from `index`, when the body is at
    /// least `minimum` bytes (and at most `maximum`, when given: one more makes it no token).
    static func prefixed(
        _ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString, at index: Int, minimum: Int,
        maximum: Int? = nil, _ accepts: (UInt8) -> Bool
    ) -> Int? {
        guard has(bytes, prefix, at: index) else { return nil }
        let start = index + prefix.utf8CodeUnitCount
        let body = run(bytes, from: start, limit: (maximum ?? 256) + 1, accepts)
        guard body >= minimum, body <= maximum ?? Int.max else { return nil }
        return prefix.utf8CodeUnitCount + body
    }

    // MARK: Formats

    /// `-----BEGIN ` then capitals and spaces ending in `PRIVATE KEY-----` or `PRIVATE KEY BLOCK-----`.
    static func privateKey(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Match? {
        guard has(bytes, "-----BEGIN ", at: index) else { return nil }
        let start = index + 11
        let length = run(bytes, from: start, limit: 60) { ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x20 }
        let end = start + length
        guard has(bytes, "-----", at: end) else { return nil }
        let label = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard label.hasSuffix("PRIVATE KEY") || label.hasSuffix("PRIVATE KEY BLOCK") else { return nil }
        let kind = label.hasPrefix("OPENSSH") ? "an OpenSSH private key" : "a private key"
        return Match(start: index, end: end + 5, kind: kind)
    }

    static func awsKeyID(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard
            let length = prefixed(bytes, "AKIA", at: index, minimum: 16, maximum: 16, isCapitalOrDigit)
                ?? prefixed(bytes, "ASIA", at: index, minimum: 16, maximum: 16, isCapitalOrDigit)
        else { return nil }
        // AWS's own documentation uses AKIAIOSFODNN7EXAMPLE.
        return has(bytes, "EXAMPLE", at: index + 13) ? nil : length
    }

    static func googleKey(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        prefixed(bytes, "AIza", at: index, minimum: 35, maximum: 35, isTokenByte)
    }

    static func gitHubToken(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        if let length = prefixed(bytes, "github_pat_", at: index, minimum: 22, { isAlphanumeric($0) || $0 == 0x5F }) {
            return length
        }
        guard has(bytes, "gh", at: index), index + 3 < bytes.count, bytes[index + 3] == UInt8(ascii: "_"),
            [UInt8(ascii: "p"), UInt8(ascii: "o"), UInt8(ascii: "u"), UInt8(ascii: "s"), UInt8(ascii: "r")]
                .contains(bytes[index + 2])
        else { return nil }
        return run(bytes, from: index + 4, limit: 37, isAlphanumeric) == 36 ? 40 : nil
    }

    static func gitLabToken(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        prefixed(bytes, "glpat-", at: index, minimum: 20, isTokenByte)
            ?? prefixed(bytes, "glptt-", at: index, minimum: 20, isTokenByte)
            ?? prefixed(bytes, "gldt-", at: index, minimum: 20, isTokenByte)
            ?? prefixed(bytes, "glrt-", at: index, minimum: 20, isTokenByte)
    }

    static func slackToken(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard has(bytes, "xox", at: index), index + 4 < bytes.count,
            [UInt8(ascii: "b"), UInt8(ascii: "p"), UInt8(ascii: "a"), UInt8(ascii: "r"), UInt8(ascii: "s")]
                .contains(bytes[index + 3]), bytes[index + 4] == UInt8(ascii: "-")
        else { return nil }
        let body = run(bytes, from: index + 5, limit: 256) { isAlphanumeric($0) || $0 == UInt8(ascii: "-") }
        return body >= 10 ? 5 + body : nil
    }

    static func stripeKey(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        prefixed(bytes, "sk_live_", at: index, minimum: 16, isAlphanumeric)
            ?? prefixed(bytes, "rk_live_", at: index, minimum: 16, isAlphanumeric)
    }

    static func npmToken(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        prefixed(bytes, "npm_", at: index, minimum: 36, maximum: 36, isAlphanumeric)
    }

    /// A header and a payload, each base64url of a JSON object (`eyJ` is `{"`), and the
    /// signature after them, if any.
    static func jsonWebToken(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let base64URL: (UInt8) -> Bool = { isAlphanumeric($0) || $0 == 0x5F || $0 == 0x2D }
        guard let header = prefixed(bytes, "eyJ", at: index, minimum: 17, maximum: 512, base64URL),
            has(bytes, ".", at: index + header),
            let payload = prefixed(bytes, "eyJ", at: index + header + 1, minimum: 17, base64URL)
        else { return nil }
        return header + 1 + payload
    }
}
