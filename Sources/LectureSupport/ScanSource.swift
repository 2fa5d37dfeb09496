#if canImport(Glibc)
    import Glibc
#endif

/// Bytes the secret scan reads in order, a chunk at a time (`SecretScan.all(in:wholePaths:)`):
/// a file's own bytes, or what they encode (`WideText`'s narrowed text, `InflatedBytes`).
struct ScanSource {
    /// Fills up to the count of bytes at the pointer; how many it filled, 0 at the end (or on an
    /// error: the scan reads what came before it).
    var read: (UnsafeMutableRawPointer, Int) -> Int

    /// The bytes of the file open at `fd` from `start` to `end` (its end when nil), read with
    /// `pread`: the descriptor's offset is left as it was.
    static func file(_ fd: Int32, from start: Int = 0, to end: Int? = nil) -> ScanSource {
        var offset = start
        return ScanSource { pointer, count in
            let wanted = end.map { min(count, max(0, $0 - offset)) } ?? count
            guard wanted > 0 else { return 0 }
            while true {
                let got = pread(fd, pointer, wanted, off_t(offset))
                if got < 0 && errno == EINTR { continue }
                offset += max(got, 0)
                return max(got, 0)
            }
        }
    }

    /// Up to `count` bytes from the start of what `make` gives (a new source each time it is
    /// called): what the bytes are is judged from their head before they are scanned.
    static func head(of make: () -> ScanSource?, count: Int = 4096) -> [UInt8] {
        guard let source = make() else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { source.read($0.baseAddress! + filled, count - filled) }
            guard got > 0 else { break }
            filled += got
        }
        return Array(bytes[0..<filled])
    }
}
