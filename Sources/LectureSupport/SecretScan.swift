import Foundation

/// The last line of defence against publishing a secret: finds, in one pass over bytes, every
/// private key or token of a well-known, published format (`SecretFormats`). Each check starts
/// only at a byte that can begin one, and reads a bounded number of bytes (`reach`) from there.
package enum SecretScan {
    /// One secret found: where it starts and what it is (never the secret itself).
    package struct Finding: Equatable, Sendable {
        /// Its first byte's offset.
        package var offset: Int
        /// What it is, for a message: "a private key".
        package var kind: String
    }

    /// The longest a finding's check reads past the byte it starts at; a caller that scans in
    /// chunks overlaps them by this much.
    package static let reach = 800

    /// Every secret in `bytes`, in order, each once. Only checks that start before `limit` are
    /// made (a chunked caller leaves the rest to the next chunk, whose head they are).
    package static func all(in bytes: UnsafeBufferPointer<UInt8>) -> [Finding] {
        matches(in: bytes, from: 0, before: bytes.count).map { Finding(offset: $0.start, kind: $0.kind) }
    }

    /// Every secret whose check starts in `from..<limit` of `bytes`; a match's bytes are not
    /// checked again.
    static func matches(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before limit: Int)
        -> [SecretFormats.Match]
    {
        let end = min(limit, bytes.count)
        var found: [SecretFormats.Match] = []
        var index = start
        let (low, high) = SecretFormats.firstBytes
        while index < end {
            // Most bytes cannot start a secret: one bit test each.
            let byte = bytes[index]
            guard byte < 0x80, ((byte < 0x40 ? low : high) >> UInt64(byte & 63)) & 1 == 1 else {
                index += 1
                continue
            }
            if let match = SecretFormats.match(bytes, at: index) {
                found.append(match)
                index = max(index + 1, match.end)
            } else {
                index += 1
            }
        }
        return found
    }

    /// Every secret in `text`'s UTF-8, in order.
    package static func all(in text: String) -> [Finding] {
        var text = text
        return text.withUTF8 { all(in: $0) }
    }

    /// The first secret in `text`'s UTF-8, if any.
    package static func first(in text: String) -> Finding? { all(in: text).first }
}

extension SecretScan {
    /// A secret found in a file: what and where (1-based line, 1-based byte column).
    package struct FileFinding: Equatable, Sendable {
        package var finding: Finding
        package var line: Int
        package var column: Int
        /// Where in the file `line` and `column` count, when not in its own bytes: "its
        /// gzip-compressed text", "its zip member 'env'".
        package var inside: String? = nil
    }

    /// Every secret in the file at `path`, read in bounded chunks (overlapping by `reach`, so
    /// none is missed across a chunk's edge, and none found twice); empty when there is none or
    /// the file cannot be read. Each of `wholePaths` found as a whole path (`WholePath`: a path
    /// of the machine) is a finding of its `kind` too, in the same read.
    package static func all(
        inFileAt path: String, wholePaths: [(bytes: [UInt8], kind: String)] = [], budget: DecompressionBudget
    ) -> [FileFinding] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        return all(inDescriptor: fd, wholePaths: wholePaths, budget: budget)
    }

    /// As `all(inFileAt:)`, for the regular file open at `fd` (opened and judged by its reader),
    /// read from its first byte with `pread`: the descriptor's offset is left as it was, so the
    /// same descriptor can then be copied. Its bytes as they are, and what they encode (wide text,
    /// gzip, zip members: `scan(descriptor:wholePaths:)`, which also says what it could not read).
    package static func all(
        inDescriptor fd: Int32, wholePaths: [(bytes: [UInt8], kind: String)] = [], budget: DecompressionBudget
    ) -> [FileFinding] {
        scan(descriptor: fd, wholePaths: wholePaths, budget: budget).findings
    }

    /// Every secret in the bytes `source` gives, in order, at their lines and columns there.
    static func all(in source: ScanSource, wholePaths: [(bytes: [UInt8], kind: String)] = []) -> [FileFinding] {
        let chunk = 1 << 20
        // What a check starting in a chunk may read past it: a secret's reach, a whole path (its
        // `/`s escaped at most) and the byte after it.
        let tail = max(reach, (wholePaths.map { WholePath.longest($0.bytes) }.max() ?? 0) + 1)
        var buffer = [UInt8](repeating: 0, count: chunk + tail + SecretFormats.lookBehind)
        var kept = 0
        // The file offset of the buffer's first byte, and the lines counted before it.
        var base = 0
        var lines = LineCount()
        // Where the next chunk's checks start: past the last match, which may reach into it.
        var resume = 0
        var pathsFrom = 0
        var result: [FileFinding] = []
        while true {
            let got = buffer.withUnsafeMutableBytes { raw in source.read(raw.baseAddress! + kept, chunk) }
            let filled = kept + max(got, 0)
            // At the end every byte is checked; before it, the last `tail` bytes wait for the
            // next chunk, where a check starting there can read all it needs.
            let last = got <= 0
            let checked = last ? filled : filled - min(tail, filled)
            buffer.withUnsafeBufferPointer { pointer in
                let bytes = UnsafeBufferPointer(rebasing: pointer[0..<filled])
                let found = matches(in: bytes, from: resume, before: checked)
                // The paths from where the last chunk's checks ended (a secret's bytes too).
                let paths = wholePaths.flatMap { wholePath in
                    WholePath.offsets(of: wholePath.bytes, in: bytes, from: pathsFrom, before: checked).map {
                        SecretFormats.Match(start: $0, end: $0 + wholePath.bytes.count, kind: wholePath.kind)
                    }
                }
                for match in (found + paths).sorted(by: { $0.start < $1.start }) {
                    let (line, column) = lines.advance(bytes, to: match.start, base: base)
                    result.append(
                        FileFinding(
                            finding: Finding(offset: base + match.start, kind: match.kind), line: line,
                            column: column))
                }
                _ = lines.advance(bytes, to: checked, base: base)
                resume = max(checked, found.last?.end ?? 0)
                pathsFrom = checked
            }
            if last { break }
            // Kept: the unchecked tail, and a little before it for a check that looks back (a
            // URL's scheme before its `://`).
            let from = checked - min(SecretFormats.lookBehind, checked)
            let keep = filled - from
            buffer.withUnsafeMutableBufferPointer { pointer in
                for index in 0..<keep { pointer[index] = pointer[from + index] }
            }
            base += from
            resume -= from
            pathsFrom -= from
            kept = keep
        }
        return result
    }

    /// The lines of a file read in chunks, counted up to a file offset.
    private struct LineCount {
        /// The file offset counted up to, the lines before it and where the last of them starts.
        var counted = 0
        var newlines = 0
        var lineStart = 0

        /// Counts up to `offset` of `bytes` (which start at file offset `base`); the 1-based line
        /// and byte column of that offset.
        mutating func advance(_ bytes: UnsafeBufferPointer<UInt8>, to offset: Int, base: Int) -> (Int, Int) {
            var index = counted - base
            while index < offset {
                if bytes[index] == UInt8(ascii: "\n") {
                    newlines += 1
                    lineStart = base + index + 1
                }
                index += 1
            }
            counted = max(counted, base + offset)
            return (newlines + 1, base + offset - lineStart + 1)
        }
    }
}
