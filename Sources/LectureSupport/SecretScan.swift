import Foundation

/// The last line of defence against publishing a secret: finds, in one pass
/// over bytes, a private key (`-----BEGIN … PRIVATE KEY-----`, PEM or OpenSSH, and PGP's
/// `PRIVATE KEY BLOCK`) or a token of a well-known format: an AWS access key id (`AKIA`/`ASIA`
/// and 16 capitals or digits, AWS's documented `…EXAMPLE` id excepted), a GitHub token (`ghp_`,
/// `gho_`, `ghu_`, `ghs_`, `ghr_` and 36 letters or digits; `github_pat_` and 22 or more), a Slack
/// token (`xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xoxs-` and 10 or more). Each check starts only at
/// a byte that can begin one, and reads a bounded number of bytes from there.
package enum SecretScan {
    /// One secret found: where it starts and what it is (never the secret itself).
    package struct Finding: Equatable, Sendable {
        /// Its first byte's offset.
        package var offset: Int
        /// What it is, for a message: "a private key".
        package var kind: String
    }

    /// The longest a finding's check reads past its start; a caller that scans in chunks
    /// overlaps them by this much.
    package static let reach = 96

    /// The first secret in `bytes`, if any.
    package static func first(in bytes: UnsafeBufferPointer<UInt8>) -> Finding? {
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "-"):
                if let kind = privateKey(bytes, at: index) { return Finding(offset: index, kind: kind) }
            case UInt8(ascii: "A"):
                if awsKeyID(bytes, at: index) { return Finding(offset: index, kind: "an AWS access key id") }
            case UInt8(ascii: "g"):
                if gitHubToken(bytes, at: index) { return Finding(offset: index, kind: "a GitHub token") }
            case UInt8(ascii: "x"):
                if slackToken(bytes, at: index) { return Finding(offset: index, kind: "a Slack token") }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The first secret in `bytes`, if any.
    package static func first(in bytes: [UInt8]) -> Finding? {
        bytes.withUnsafeBufferPointer { first(in: $0) }
    }

    /// The first secret in `text`'s UTF-8, if any.
    package static func first(in text: String) -> Finding? {
        var text = text
        return text.withUTF8 { first(in: $0) }
    }

    private static func has(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString, at index: Int) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let start = prefix.utf8Start
        for offset in 0..<length where bytes[index + offset] != start[offset] { return false }
        return true
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// How many bytes from `index` (at most `limit`) satisfy `accepts`.
    private static func run(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, limit: Int, _ accepts: (UInt8) -> Bool
    ) -> Int {
        var end = index
        while end < bytes.count && end - index < limit && accepts(bytes[end]) { end += 1 }
        return end - index
    }

    /// Whether a token starts at `index`: not preceded by a letter or digit.
    private static func startsWord(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index == 0 || !(isAlphanumeric(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: "_"))
    }

    /// `-----BEGIN ` then capitals and spaces ending in `PRIVATE KEY-----` or `PRIVATE KEY BLOCK-----`.
    private static func privateKey(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> String? {
        guard has(bytes, "-----BEGIN ", at: index) else { return nil }
        let start = index + 11
        let length = run(bytes, from: start, limit: 60) { ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x20 }
        let end = start + length
        guard has(bytes, "-----", at: end) else { return nil }
        let label = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard label.hasSuffix("PRIVATE KEY") || label.hasSuffix("PRIVATE KEY BLOCK") else { return nil }
        return label.hasPrefix("OPENSSH") ? "an OpenSSH private key" : "a private key"
    }

    private static func awsKeyID(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard startsWord(bytes, at: index), has(bytes, "AKIA", at: index) || has(bytes, "ASIA", at: index) else {
            return false
        }
        let body = run(bytes, from: index + 4, limit: 17) { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }
        guard body == 16 else { return false }
        // AWS's own documentation uses AKIAIOSFODNN7EXAMPLE.
        return !has(bytes, "EXAMPLE", at: index + 13)
    }

    private static func gitHubToken(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard startsWord(bytes, at: index) else { return false }
        if has(bytes, "github_pat_", at: index) {
            return run(bytes, from: index + 11, limit: 22) { isAlphanumeric($0) || $0 == UInt8(ascii: "_") } == 22
        }
        guard has(bytes, "gh", at: index), index + 3 < bytes.count, bytes[index + 3] == UInt8(ascii: "_"),
            [UInt8(ascii: "p"), UInt8(ascii: "o"), UInt8(ascii: "u"), UInt8(ascii: "s"), UInt8(ascii: "r")]
                .contains(bytes[index + 2])
        else { return false }
        let body = run(bytes, from: index + 4, limit: 37, isAlphanumeric)
        return body == 36
    }

    private static func slackToken(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard startsWord(bytes, at: index), has(bytes, "xox", at: index), index + 4 < bytes.count,
            [UInt8(ascii: "b"), UInt8(ascii: "p"), UInt8(ascii: "a"), UInt8(ascii: "r"), UInt8(ascii: "s")]
                .contains(bytes[index + 3]), bytes[index + 4] == UInt8(ascii: "-")
        else { return false }
        return run(bytes, from: index + 5, limit: 10) { isAlphanumeric($0) || $0 == UInt8(ascii: "-") } == 10
    }
}

extension SecretScan {
    /// The first secret in the file at `path`, read in bounded chunks (overlapping by `reach`, so
    /// none is missed across a chunk's edge); nil when there is none or the file cannot be read.
    package static func first(inFileAt path: String) -> Finding? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let chunk = 1 << 20
        var buffer = [UInt8](repeating: 0, count: chunk + reach)
        var kept = 0
        var consumed = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { raw in
                Foundation.read(fd, raw.baseAddress! + kept, chunk)
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            let filled = kept + got
            if let found = buffer.withUnsafeBufferPointer({ first(in: UnsafeBufferPointer(rebasing: $0[0..<filled])) })
            {
                return Finding(offset: consumed - kept + found.offset, kind: found.kind)
            }
            // Keep the last `reach` bytes: a secret may begin there and end in the next chunk.
            let keep = min(reach, filled)
            buffer.withUnsafeMutableBufferPointer { pointer in
                for index in 0..<keep { pointer[index] = pointer[filled - keep + index] }
            }
            consumed += got
            kept = keep
        }
        return nil
    }
}
