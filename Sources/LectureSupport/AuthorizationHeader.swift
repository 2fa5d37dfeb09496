import Foundation

/// An HTTP `Authorization:` header's credentials written out (attack 14, kind 8): what
/// actions/checkout leaves in `.git/config` (`extraheader = AUTHORIZATION: basic <base64 of
/// x-access-token:…>`), a `curl -H` line, a proxy's configuration. Found at the header's name (any
/// case; `Proxy-Authorization:` too), then `Basic` or `Bearer` (any case) and the value:
/// - `Basic`: base64 of `user:password`, with a password that is no placeholder (as in a URL,
///   `URLPassword`); RFC 7617's example (`Aladdin:open sesame`) excepted;
/// - `Bearer`: 20 or more bytes of a token (RFC 6750's `b64token`) holding a digit, a capital and
///   a small letter, as a random token does and `YOUR_TOKEN_HERE` does not.
enum AuthorizationHeader {
    static let kind = "an HTTP Authorization header's credentials"

    static func match(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> SecretFormats.Match? {
        guard hasIgnoringCase(bytes, "authorization:", at: index) else { return nil }
        var cursor = skipBlanks(bytes, from: index + 14)
        let isBasic = hasIgnoringCase(bytes, "basic", at: cursor)
        guard isBasic || hasIgnoringCase(bytes, "bearer", at: cursor) else { return nil }
        cursor += isBasic ? 5 : 6
        let valueStart = skipBlanks(bytes, from: cursor)
        guard valueStart > cursor else { return nil }
        let length = SecretFormats.run(bytes, from: valueStart, limit: 513, isTokenValueByte)
        guard length <= 512 else { return nil }
        let value = UnsafeBufferPointer(rebasing: bytes[valueStart..<(valueStart + length)])
        guard isBasic ? isBasicCredential(value) : isBearerToken(value) else { return nil }
        return SecretFormats.Match(start: index, end: valueStart + length, kind: kind)
    }

    /// Base64 of `user:password`, the password no placeholder.
    static func isBasicCredential(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = String(decoding: value, as: UTF8.self)
        guard text.count >= 8 else { return false }
        text += String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        guard let decoded = Data(base64Encoded: text), let colon = decoded.firstIndex(of: UInt8(ascii: ":")) else {
            return false
        }
        let password = Array(decoded[(colon + 1)...])
        guard !password.isEmpty, String(decoding: decoded, as: UTF8.self) != "Aladdin:open sesame" else {
            return false
        }
        return !password.withUnsafeBufferPointer { URLPassword.isPlaceholder($0) }
    }

    static func isBearerToken(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        value.count >= 20 && value.contains { $0 >= 0x30 && $0 <= 0x39 } && value.contains { $0 >= 0x41 && $0 <= 0x5A }
            && value.contains { $0 >= 0x61 && $0 <= 0x7A }
    }

    /// RFC 6750's `b64token`: letters, digits, `-._~+/`, then `=`s.
    private static func isTokenValueByte(_ byte: UInt8) -> Bool {
        SecretFormats.isAlphanumeric(byte) || "-._~+/=".utf8.contains(byte)
    }

    private static func skipBlanks(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        index + SecretFormats.run(bytes, from: index, limit: 16) { $0 == 0x20 || $0 == 0x09 }
    }

    /// Whether `bytes` holds `word` (small letters) at `index`, in any case.
    static func hasIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString, at index: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard index >= 0, index + length <= bytes.count else { return false }
        let start = word.utf8Start
        for offset in 0..<length {
            let byte = bytes[index + offset]
            let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if folded != start[offset] { return false }
        }
        return true
    }
}
