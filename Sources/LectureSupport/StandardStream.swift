import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writing to stdout and stderr (or any file descriptor) without Foundation's `FileHandle`.
package enum StandardStream {
    /// Writes to a file descriptor with write(2), going on after failures: a reader that went
    /// away (a closed pipe, `| head`) must not stop the tool, which Foundation's `FileHandle.write`
    /// does by trapping on EPIPE. Any other failure on stdout or stderr (a full disk,
    /// `> /dev/full`) is kept for `failure(of:)`: what the user asked to be printed was lost.
    package static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n < 0 && errno != EPIPE && (descriptor == 1 || descriptor == 2) {
                    let code = errno
                    failures.withLock { if $0[descriptor] == nil { $0[descriptor] = code } }
                }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// The first error (errno) of a write to `descriptor` (1 or 2) other than EPIPE, if any.
    package static func failure(of descriptor: Int32) -> Int32? { failures.withLock { $0[descriptor] } }

    private static let failures = Locked<[Int32: Int32]>([:])
}
