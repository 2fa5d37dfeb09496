import CCrypto

/// SHA-256 (FIPS 180-4) through OpenSSL's libcrypto, for content-addressed cache keys.
package struct SHA256: Sendable {
    private var parts: [[UInt8]] = []

    /// A digest of nothing yet.
    package init() {}

    /// Adds bytes to the digest. Each part is length-prefixed, so `("ab", "c")` and `("a", "bc")`
    /// give different digests.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        parts.append(Array(bytes))
    }

    /// Adds the string's UTF-8 bytes as one part.
    package mutating func update(_ text: String) { update(Array(text.utf8)) }

    /// The digest as 64 lowercase hexadecimal digits.
    package func hexDigest() -> String {
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new failed") }
        defer { EVP_MD_CTX_free(context) }
        EVP_DigestInit_ex(context, Self.algorithm, nil)
        for part in parts {
            var length = UInt64(part.count).littleEndian
            withUnsafeBytes(of: &length) { _ = EVP_DigestUpdate(context, $0.baseAddress, 8) }
            part.withUnsafeBytes { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        }
        var digest = [UInt8](repeating: 0, count: 32)
        var size: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &size)
        return digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// OpenSSL's SHA-256, fetched once per process: `EVP_sha256()` given to `EVP_DigestInit_ex`
    /// is fetched from the providers again at each digest (OpenSSL 3; a third of a small
    /// digest's instructions). Never freed: it lives as long as the process.
    private nonisolated(unsafe) static let algorithm: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil) ?? EVP_sha256()

    /// The SHA-256 of the given strings, each length-prefixed.
    package static func hex(_ parts: String...) -> String {
        var hash = SHA256()
        for part in parts { hash.update(part) }
        return hash.hexDigest()
    }
}
