/// One range of a `Range: bytes=…` request (RFC 9110 §14), so a video or an audio file seeks.
///
/// Only a single range is served as 206: a request for several (`bytes=0-1,5-6`) gets the whole
/// file (200), which RFC 9110 §14.2 allows. A field of another unit or malformed is ignored (200).
struct ByteRange: Equatable {
    /// The first byte sent.
    var first: UInt64
    /// The last byte sent (inclusive).
    var last: UInt64

    /// How many bytes the range holds.
    var count: UInt64 { last - first + 1 }

    /// What a `Range` field asks of a file of `size` bytes.
    enum Request: Equatable {
        /// No range (or one that is ignored): the whole file, 200.
        case whole
        /// One satisfiable range: 206 with `Content-Range: bytes first-last/size`.
        case part(ByteRange)
        /// No byte of the range lies in the file: 416 with `Content-Range: bytes */size`.
        case unsatisfiable
    }

    /// Reads `field` (`bytes=0-99`, `bytes=100-`, `bytes=-500`) against a file of `size` bytes.
    static func request(_ field: String?, size: UInt64) -> Request {
        guard let field else { return .whole }
        let text = field.trimmingCharacters(in: [" ", "\t"])
        guard text.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = text.dropFirst(6).trimmingCharacters(in: [" ", "\t"])
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let start = spec[..<dash].trimmingCharacters(in: [" ", "\t"])
        let end = spec[spec.index(after: dash)...].trimmingCharacters(in: [" ", "\t"])
        func number(_ text: String) -> UInt64? {
            text.isEmpty || !text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) ? nil : UInt64(text)
        }
        if start.isEmpty {
            // A suffix: the last `n` bytes.
            guard let suffix = number(end) else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .part(ByteRange(first: size - min(suffix, size), last: size - 1))
        }
        guard let first = number(start) else { return .whole }
        var last = size == 0 ? 0 : size - 1
        if !end.isEmpty {
            guard let given = number(end), given >= first else { return .whole }
            last = min(given, last)
        }
        guard first < size else { return .unsatisfiable }
        return .part(ByteRange(first: first, last: last))
    }
}
