import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The file a contained run's shell writes its verdict into (`ContainedRunFolder`): made empty
/// beside the run folder on the builder's disk, bound into the sandbox, read back once the run
/// ends (at most `maximumBytes`, without following a link), and removed.
enum RunVerdictFile {
    /// The most of it read: a line of dash's about a signal, and `full`.
    static let maximumBytes = 4096

    /// A new empty file beside `folder` (`FOLDER.verdict`), or nil when none can be made.
    static func make(beside folder: String) -> String? {
        let path = folder + ".verdict"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return nil }
        close(fd)
        return path
    }

    /// Its lines, trimmed; none when it cannot be read.
    static func lines(_ path: String) -> [String] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        guard let read = try? FileSystem.read(descriptor: fd, atMost: maximumBytes, naming: path) else { return [] }
        return String(decoding: read.bytes.prefix(maximumBytes), as: UTF8.self).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    static func remove(_ path: String) { unlink(path) }
}
