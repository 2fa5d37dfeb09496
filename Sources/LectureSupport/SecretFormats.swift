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
///   header's value (`AuthorizationHeader`), and a registry's saved login, Docker's `"auth"` or
///   npm's `_auth` (`RegistryLogin`).
/// Every token must start a word: a letter, digit or `_` before it makes it part of another.
enum SecretFormats {
    /// A secret found: its bytes `start..<end`, and what it is.
    struct Match {
        var start: Int
        var end: Int
        var kind: String
    }

    /// A check: the first byte of what it finds, the bytes that may follow it, and the search
    /// made there (`nil`: no secret at that index).
    struct Check: Sendable {
        var first: UInt8
        var second: [UInt8]
        var find: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Match?

        init(
            _ first: Unicode.Scalar, _ second: String,
            _ find: @escaping @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Match?
        ) {
            self.first = UInt8(ascii: first)
            self.second = Array(second.utf8)
            self.find = find
        }

        /// A token of `kind` that `length` measures from its first byte; it must start a word.
        init(
            _ first: Unicode.Scalar, _ second: String, _ kind: String,
            _ length: @escaping @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int?
        ) {
            self.init(first, second) { bytes, index in
                guard startsWord(bytes, at: index), let found = length(bytes, index) else { return nil }
                return Match(start: index, end: index + found, kind: kind)
            }
        }
    }

    /// Every check, by the two bytes it starts with; where two start alike, the first that finds
    /// a secret wins (a `sk_live_` Stripe key before an Anthropic or OpenAI key).
    static let checks: [Check] = [
        Check("-", "-") { privateKey($0, at: $1) },
        Check("A", "KS", "an AWS access key id") { awsKeyID($0, at: $1) },
        Check("A", "I", "a Google API key") { googleKey($0, at: $1) },
        Check("g", "hi", "a GitHub token") { gitHubToken($0, at: $1) },
        Check("g", "l", "a GitLab token") { gitLabToken($0, at: $1) },
        Check("x", "o", "a Slack token") { slackToken($0, at: $1) },
        Check("s", "k", "a Stripe live key") { stripeKey($0, at: $1) },
        Check("s", "k", "an Anthropic API key") { anthropicKey($0, at: $1) },
        Check("s", "k", "an OpenAI API key") { openAIKey($0, at: $1) },
        Check("r", "k", "a Stripe live key") { stripeKey($0, at: $1) },
        Check("p", "y", "a PyPI upload token") { pyPIToken($0, at: $1) },
        Check("d", "c", "a Docker Hub access token") { dockerHubToken($0, at: $1) },
        Check("h", "f", "a Hugging Face token") { huggingFaceToken($0, at: $1) },
        Check("a", "p", "a Hugging Face token") { huggingFaceToken($0, at: $1) },
        Check("h", "o", "a Slack webhook URL") { slackWebhook($0, at: $1) },
        Check("S", "G", "a SendGrid API key") { sendGridKey($0, at: $1) },
        Check("S", "K", "a Twilio API key") { twilioKey($0, at: $1) },
        Check("P", "u", "a PuTTY private key") { puttyPrivateKey($0, at: $1) },
        Check("A", "Uu") { startsWord($0, at: $1) ? AuthorizationHeader.match($0, at: $1) : nil },
        Check("a", "u") { startsWord($0, at: $1) ? AuthorizationHeader.match($0, at: $1) : nil },
        Check("\"", "a") { RegistryLogin.dockerAuth($0, at: $1) },
        Check("_", "a") { startsWord($0, at: $1) ? RegistryLogin.npmAuth($0, at: $1) : nil },
        Check("n", "p", "an npm token") { npmToken($0, at: $1) },
        Check("e", "y", "a JSON Web Token") { jsonWebToken($0, at: $1) },
        Check(":", "/") { URLPassword.match($0, at: $1) },
    ]

    /// For each pair of ASCII bytes (`first << 7 | second`), the index in `checkGroups` of the
    /// checks that start with it, plus one; 0 for none (most pairs): one load decides most bytes.
    static let pairs: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 128 * 128)
        for (number, group) in checkGroups.enumerated() {
            for second in group[0].second { table[Int(group[0].first) << 7 | Int(second)] = UInt8(number + 1) }
        }
        return table
    }()

    /// `checks` grouped by the bytes they start with, each group in the order of `checks`.
    static let checkGroups: [[Check]] = {
        var groups: [[Check]] = []
        for check in checks {
            if let index = groups.firstIndex(where: { $0[0].first == check.first && $0[0].second == check.second }) {
                groups[index].append(check)
            } else {
                groups.append([check])
            }
        }
        return groups
    }()

    /// The bytes a check starts at, all ASCII: a set of bits, for bytes below 64 and the rest
    /// (bit `b % 64`).
    static let firstBytes: (low: UInt64, high: UInt64) = {
        var words: [UInt64] = [0, 0]
        for check in checks { words[Int(check.first >> 6)] |= 1 << UInt64(check.first & 63) }
        return (words[0], words[1])
    }()

    /// The longest a check looks before the byte it starts at (a URL's scheme).
    static let lookBehind = 32

    /// The secret whose check starts at `index`, if any: the checks of the two bytes there, in
    /// order. The pair is looked up before any check runs: most bytes are letters of prose and code.
    @inline(__always)
    static func match(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Match? {
        guard index + 1 < bytes.count, bytes[index] < 0x80, bytes[index + 1] < 0x80 else { return nil }
        let group = pairs[Int(bytes[index]) << 7 | Int(bytes[index + 1])]
        guard group != 0 else { return nil }
        for check in checkGroups[Int(group - 1)] {
            if let found = check.find(bytes, index) { return found }
        }
        return nil
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
