/// The tokens of services with a fixed prefix that `SecretFormats` knew too little of (attack 14,
/// kind 8), in the shapes gitleaks' rules and GitHub's secret scanning describe:
/// - an OpenAI key: `sk-` (`sk-proj-`, `sk-svcacct-`, `sk-admin-`) and 40 or more letters, digits,
///   `_` or `-` holding `T3BlbkFJ` (base64 of `OpenAI`, in every key OpenAI issues);
/// - an Anthropic key: `sk-ant-` and 90 or more such bytes ending in `AA`;
/// - a PyPI upload token: `pypi-AgEIcHlwaS5vcmc` (`pypi.org`'s macaroon) or
///   `pypi-AgENdGVzdC5weXBpLm9yZw` (TestPyPI's) and 50 or more;
/// - a Docker Hub access token: `dckr_pat_` or `dckr_oat_` and 27 or more;
/// - a Hugging Face token: `hf_` or `api_org_` and 34 letters (of both cases) and digits;
/// - a SendGrid key: `SG.`, 22 bytes, `.`, 43 bytes;
/// - a Twilio API key: `SK` and 32 hexadecimal digits;
/// - a Slack webhook: `hooks.slack.com/services/` (`workflows/`, `triggers/`) and 43 or more
///   letters, digits, `+`, `/` or `_`; Slack's documented placeholder
///   (`T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`: a byte seven times in a row) excepted;
/// - a PuTTY private key file: `PuTTY-User-Key-File-`, a digit and `:`.
extension SecretFormats {
    static func openAIKey(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard has(bytes, "sk-", at: index), !has(bytes, "sk-ant-", at: index) else { return nil }
        let body = run(bytes, from: index + 3, limit: 257, isTokenByte)
        guard body >= 40, body <= 256,
            contains(bytes, "T3BlbkFJ", in: (index + 3)..<(index + 3 + body))
        else { return nil }
        return 3 + body
    }

    static func anthropicKey(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard let length = prefixed(bytes, "sk-ant-", at: index, minimum: 90, maximum: 256, isTokenByte),
            has(bytes, "AA", at: index + length - 2)
        else { return nil }
        return length
    }

    static func pyPIToken(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        prefixed(bytes, "pypi-AgEIcHlwaS5vcmc", at: index, minimum: 50, isTokenByte)
            ?? prefixed(bytes, "pypi-AgENdGVzdC5weXBpLm9yZw", at: index, minimum: 50, isTokenByte)
    }

    static func dockerHubToken(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        prefixed(bytes, "dckr_pat_", at: index, minimum: 27, isTokenByte)
            ?? prefixed(bytes, "dckr_oat_", at: index, minimum: 27, isTokenByte)
    }

    static func huggingFaceToken(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard
            let length = prefixed(bytes, "hf_", at: index, minimum: 34, maximum: 34, isAlphanumeric)
                ?? prefixed(bytes, "api_org_", at: index, minimum: 34, maximum: 34, isAlphanumeric),
            index + length == bytes.count || !isTokenByte(bytes[index + length])
        else { return nil }
        // 34 random letters and digits hold both cases; a word in one case is a name.
        let body = bytes[(index + length - 34)..<(index + length)]
        guard body.contains(where: { $0 >= 0x61 && $0 <= 0x7A }), body.contains(where: { $0 >= 0x41 && $0 <= 0x5A })
        else { return nil }
        return length
    }

    static func sendGridKey(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard let first = prefixed(bytes, "SG.", at: index, minimum: 22, maximum: 22, isTokenByte),
            let second = prefixed(bytes, ".", at: index + first, minimum: 43, maximum: 43, isTokenByte)
        else { return nil }
        return first + second
    }

    static func twilioKey(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let isHex: (UInt8) -> Bool = { ($0 >= 0x30 && $0 <= 0x39) || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x66) }
        guard let length = prefixed(bytes, "SK", at: index, minimum: 32, maximum: 32, isHex),
            index + length == bytes.count || !isTokenByte(bytes[index + length])
        else { return nil }
        return length
    }

    static func slackWebhook(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard has(bytes, "hooks.slack.com/", at: index) else { return nil }
        let kind = index + 16
        guard
            let path = ["services/", "workflows/", "triggers/"].first(where: {
                $0.utf8.elementsEqual(bytes[kind..<min(bytes.count, kind + $0.utf8.count)])
            })
        else { return nil }
        let start = kind + path.utf8.count
        let body = run(bytes, from: start, limit: 256) {
            isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "_")
        }
        guard body >= 43, !repeatsAByte(bytes[start..<(start + body)], times: 7) else { return nil }
        return start + body - index
    }

    static func puttyPrivateKey(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard has(bytes, "PuTTY-User-Key-File-", at: index), index + 21 < bytes.count,
            bytes[index + 20] >= 0x30, bytes[index + 20] <= 0x39, bytes[index + 21] == UInt8(ascii: ":")
        else { return nil }
        return 22
    }

    /// Whether `needle` occurs in `bytes[range]`.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString, in range: Range<Int>) -> Bool {
        let length = needle.utf8CodeUnitCount
        guard range.count >= length else { return false }
        return (range.lowerBound...(range.upperBound - length)).contains { has(bytes, needle, at: $0) }
    }

    /// Whether one byte comes `times` times in a row: a placeholder, not a random token.
    static func repeatsAByte(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, times: Int) -> Bool {
        var count = 0
        var previous: UInt8?
        for byte in bytes {
            count = byte == previous ? count + 1 : 1
            previous = byte
            if count >= times { return true }
        }
        return false
    }
}
