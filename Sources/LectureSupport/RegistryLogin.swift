/// A registry's saved login, base64 of `user:password` as an `Authorization: Basic` header's
/// value is (`AuthorizationHeader`), under the key the tool saves it at (attack 19 F4):
/// - `"auth": "…"`: Docker's `~/.docker/config.json` (`docker login`), Podman's and Skopeo's
///   `auth.json`, a Kubernetes `.dockerconfigjson` once decoded;
/// - `_auth = …`: npm's `.npmrc` (also `//registry.example/:_auth=…`), and Yarn's.
/// The password may be no placeholder (`user:password`, `user:$TOKEN`), as in a URL.
enum RegistryLogin {
    static let kind = "a registry login (user and password or token)"

    /// At `"auth"`: the key, `:`, and a quoted base64 value.
    static func dockerAuth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> SecretFormats.Match? {
        guard SecretFormats.has(bytes, "\"auth\"", at: index) else { return nil }
        var cursor = skipBlanks(bytes, from: index + 6)
        guard SecretFormats.has(bytes, ":", at: cursor) else { return nil }
        cursor = skipBlanks(bytes, from: cursor + 1)
        guard SecretFormats.has(bytes, "\"", at: cursor) else { return nil }
        return value(bytes, from: cursor + 1, start: index, closing: UInt8(ascii: "\""))
    }

    /// At `_auth`: the key, `=`, and a base64 value, quoted or not.
    static func npmAuth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> SecretFormats.Match? {
        guard SecretFormats.has(bytes, "_auth", at: index) else { return nil }
        var cursor = skipBlanks(bytes, from: index + 5)
        guard SecretFormats.has(bytes, "=", at: cursor) else { return nil }
        cursor = skipBlanks(bytes, from: cursor + 1)
        let quote =
            bytes.indices.contains(cursor) && (bytes[cursor] == 0x22 || bytes[cursor] == 0x27) ? bytes[cursor] : nil
        return value(bytes, from: cursor + (quote == nil ? 0 : 1), start: index, closing: quote)
    }

    /// The base64 value from `from`, ending at `closing` (or at the first byte that is no base64)
    /// when it decodes to a credential.
    private static func value(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, start: Int, closing: UInt8?)
        -> SecretFormats.Match?
    {
        let length = SecretFormats.run(bytes, from: from, limit: 513) {
            SecretFormats.isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/")
                || $0 == UInt8(ascii: "=")
        }
        guard length <= 512 else { return nil }
        if let closing, !(bytes.indices.contains(from + length) && bytes[from + length] == closing) { return nil }
        let value = UnsafeBufferPointer(rebasing: bytes[from..<(from + length)])
        guard AuthorizationHeader.isBasicCredential(value) else { return nil }
        return SecretFormats.Match(start: start, end: from + length, kind: kind)
    }

    private static func skipBlanks(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        index + SecretFormats.run(bytes, from: index, limit: 16) { $0 == 0x20 || $0 == 0x09 }
    }
}
