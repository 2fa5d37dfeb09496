import CZlib

#if canImport(Glibc)
    import Glibc
#endif

/// What deflated bytes of a file unpack to, for the secret scan (attack 19 F4: a token in a `.gz`
/// was copied into the site unread): a gzip file (every member of it, as `zcat` reads it) or a
/// zip archive's deflated member, inflated by zlib a chunk at a time. The bytes given stop, and
/// `cut` says why, at the first of three bounds (code review 40 #1): `limit` bytes of the stream
/// (`InflatedBytes.limit`, or what is left of it for a zip's later members); the pass's
/// `DecompressionBudget`, shared by every file; past the first `ratioFloor` bytes, more than
/// `ratio` times the packed bytes read so far. Every byte given is taken from the budget, so
/// what a whole pass unpacks is bounded whatever the book holds.
final class InflatedBytes {
    /// Unpacked bytes given at most, per stream: a small file may unpack to gigabytes (a
    /// "zip bomb"), which would hold the build for minutes.
    static let limit = 256 << 20
    /// The most unpacked bytes per packed byte read, past `ratioFloor`: deflate reaches about
    /// 1,030 on a run of one byte, text about 3 to 10, a log of one repeated line rarely 100.
    static let ratio = 200
    /// The unpacked bytes given before `ratio` is judged: a small file's ratio says nothing.
    static let ratioFloor = 1 << 20

    /// Why the bytes stopped before the stream's end.
    enum Cut: Equatable {
        /// At `limit` (or what the zip's earlier members left of it).
        case limit
        /// At the pass's `DecompressionBudget`.
        case budget
        /// At `ratio` times the packed bytes read.
        case ratio
        /// At bytes zlib cannot inflate (`Z_DATA_ERROR`): a damaged stream.
        case damaged
    }

    enum Format {
        /// A gzip file: members one after another, each with its header.
        case gzip
        /// Raw deflate, as a zip member holds it.
        case deflate
        /// zlib data (RFC 1950), as a PNG's text chunk or a PDF's `/FlateDecode` stream holds it.
        case zlib
    }

    private var stream = z_stream()
    private let fd: Int32
    private var offset: Int
    private let end: Int
    private let format: Format
    private let input = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    private let most: Int
    private let budget: DecompressionBudget
    private let start: Int
    /// The bytes given so far.
    private(set) var given = 0
    private var started = false
    private var finished = false
    /// Why the bytes stopped before the stream's end; nil when it was read to its end.
    private(set) var cut: Cut?
    /// A gzip file's members read to their end, and the bytes given in the member being read:
    /// bytes past a whole member that are no member (zeros a tape's blocking left) end the file
    /// for `zcat` too, and are no damage.
    private var membersEnded = 0
    private var givenInMember = 0

    /// The bytes of the file open at `fd` from `start` to `end`, inflated as `format`, `limit`
    /// of them at most, each taken from `budget`; nil when zlib cannot start.
    init?(
        _ fd: Int32, from start: Int, to end: Int, format: Format, limit: Int = InflatedBytes.limit,
        budget: DecompressionBudget
    ) {
        most = limit
        self.budget = budget
        self.start = start
        self.fd = fd
        offset = start
        self.end = end
        self.format = format
        let bits: Int32 =
            switch format {
            case .gzip: 15 + 16
            case .deflate: -15
            case .zlib: 15
            }
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

    /// The packed bytes inflated so far.
    private var consumed: Int { offset - start - Int(stream.avail_in) }

    /// Fills up to `count` bytes at `pointer`; 0 at the end of the data or at a `cut`.
    private func fill(_ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        guard !finished else { return 0 }
        if given >= Self.ratioFloor, given > Self.ratio * consumed { return stop(.ratio) }
        // Judged once per call past the floor: a call gives at most a chunk of the scan's (1 MiB).
        let ratioRoom = given < Self.ratioFloor ? Self.ratioFloor - given : Int.max
        let wanted = min(count, most - given, ratioRoom)
        guard wanted > 0 else { return stop(.limit) }
        let granted = budget.take(wanted)
        guard granted > 0 else { return stop(.budget) }
        stream.next_out = pointer.assumingMemoryBound(to: UInt8.self)
        stream.avail_out = UInt32(granted)
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
                membersEnded += 1
                givenInMember = -(granted - Int(stream.avail_out))
                // A gzip file may hold more members (`cat a.gz b.gz`), each read as zcat does.
                guard format == .gzip, stream.avail_in > 0 || offset < end, inflateReset(&stream) == Z_OK else {
                    finished = true
                    break
                }
            } else if result != Z_OK && result != Z_BUF_ERROR {
                let trailing = format == .gzip && membersEnded > 0 && givenInMember + granted == Int(stream.avail_out)
                if !trailing { cut = .damaged }
                finished = true
                break
            }
        }
        let filled = granted - Int(stream.avail_out)
        budget.giveBack(Int(stream.avail_out))
        given += filled
        givenInMember += filled
        return filled
    }

    private func stop(_ reason: Cut) -> Int {
        cut = reason
        finished = true
        return 0
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
