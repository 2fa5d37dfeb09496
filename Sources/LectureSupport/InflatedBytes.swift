import CZlib

#if canImport(Glibc)
    import Glibc
#endif

/// What deflated bytes of a file unpack to, for the secret scan (attack 19 F4: a token in a `.gz`
/// was copied into the site unread): a gzip file (every member of it, as `zcat` reads it) or a
/// zip archive's deflated member, inflated by zlib a chunk at a time. At most `limit` bytes are
/// given (`InflatedBytes.limit`, or what is left of it for a zip's later members); `cut` then
/// says the rest went unread.
final class InflatedBytes {
    /// Unpacked bytes given at most, per stream: a small file may unpack to gigabytes (a
    /// "zip bomb"), which would hold the build for minutes.
    static let limit = 256 << 20

    enum Format {
        /// A gzip file: members one after another, each with its header.
        case gzip
        /// Raw deflate, as a zip member holds it.
        case deflate
    }

    private var stream = z_stream()
    private let fd: Int32
    private var offset: Int
    private let end: Int
    private let format: Format
    private let input = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    private let most: Int
    /// The bytes given so far.
    private(set) var given = 0
    private var started = false
    private var finished = false
    /// Whether the bytes were cut at `limit`, or ended in a damaged stream.
    private(set) var cut = false
    private(set) var damaged = false

    /// The bytes of the file open at `fd` from `start` to `end`, inflated as `format`, `limit`
    /// of them at most; nil when zlib cannot start.
    init?(_ fd: Int32, from start: Int, to end: Int, format: Format, limit: Int = InflatedBytes.limit) {
        most = limit
        self.fd = fd
        offset = start
        self.end = end
        self.format = format
        let bits: Int32 = format == .gzip ? 15 + 16 : -15
        // A failed start leaves `started` false: `deinit` frees the input alone.
        guard inflateInit2_(&stream, bits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        started = true
    }

    deinit {
        if started { inflateEnd(&stream) }
        input.deallocate()
    }

    /// The unpacked bytes as a source the scan reads.
    var source: ScanSource { ScanSource { [self] pointer, count in fill(pointer, count) } }

    /// Fills up to `count` bytes at `pointer`; 0 at the end of the data, at `limit`, or at damage.
    private func fill(_ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        guard !finished else { return 0 }
        let wanted = min(count, most - given)
        guard wanted > 0 else {
            cut = true
            finished = true
            return 0
        }
        stream.next_out = pointer.assumingMemoryBound(to: UInt8.self)
        stream.avail_out = UInt32(wanted)
        while stream.avail_out > 0 {
            if stream.avail_in == 0 {
                let got = readInput()
                guard got > 0 else {
                    finished = true
                    break
                }
            }
            let result = inflate(&stream, Z_NO_FLUSH)
            if result == Z_STREAM_END {
                // A gzip file may hold more members (`cat a.gz b.gz`), each read as zcat does.
                guard format == .gzip, stream.avail_in > 0 || offset < end, inflateReset(&stream) == Z_OK else {
                    finished = true
                    break
                }
            } else if result != Z_OK && result != Z_BUF_ERROR {
                damaged = true
                finished = true
                break
            }
        }
        let filled = wanted - Int(stream.avail_out)
        given += filled
        return filled
    }

    private func readInput() -> Int {
        let wanted = min(1 << 16, end - offset)
        guard wanted > 0 else { return 0 }
        while true {
            let got = pread(fd, input, wanted, off_t(offset))
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return 0 }
            offset += got
            stream.next_in = input
            stream.avail_in = UInt32(got)
            return got
        }
    }
}
