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
        var context = SHA256_CTX()
        SHA256_Init(&context)
        for part in parts {
            var length = UInt64(part.count).littleEndian
            withUnsafeBytes(of: &length) { _ = SHA256_Update(&context, $0.baseAddress, 8) }
            part.withUnsafeBytes { _ = SHA256_Update(&context, $0.baseAddress, $0.count) }
        }
        var digest = [UInt8](repeating: 0, count: 32)
        SHA256_Final(&digest, &context)
        return digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    // SHA-256's own functions rather than EVP's: the first `EVP_MD_fetch` (or `EVP_sha256()` given
    // to `EVP_DigestInit_ex`) starts OpenSSL's library context, reading openssl.cnf and loading the
    // default provider with every algorithm in it, 5.4 M instructions of a small book's 86 M
    // (callgrind); `SHA256_Update` runs the same assembly (the CPU's SHA instructions when it has them).

    /// The SHA-256 of the given strings, each length-prefixed.
    package static func hex(_ parts: String...) -> String {
        var hash = SHA256()
        for part in parts { hash.update(part) }
        return hash.hexDigest()
    }
}
