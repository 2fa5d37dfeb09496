import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writing to stdout and stderr (or any file descriptor) without Foundation's `FileHandle`.
package enum StandardStream {
    /// Writes to a file descriptor with write(2), ignoring failures: a reader that went away
    /// (a closed pipe, `| head`) must not stop the tool, which Foundation's `FileHandle.write`
    /// does by trapping on EPIPE.
    package static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}
