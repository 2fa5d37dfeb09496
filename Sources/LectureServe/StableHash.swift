/// FNV-1a, 64 bits (Fowler, Noll, Vo; http://www.isthe.com/chongo/tech/comp/fnv/): a hash that
/// is the same in every process, unlike `Hasher`, which is seeded per process. Not for
/// security: it tells builds and page shells apart.
enum StableHash {
    /// The hash of `bytes`, as lowercase hex.
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
