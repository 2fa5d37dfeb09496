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

    /// A new empty file beside `folder` (`FOLDER.verdict`).
    /// - Throws: `LectureError` when it cannot be made (another user took the name first in a
    ///   shared `/tmp`): a run without it would read no "full" and no SIGXFSZ, so it is not run
    ///   (code review 41 #8).
    static func make(beside folder: String) throws -> String {
        let path = folder + ".verdict"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw LectureError(
                .error(
                    .fileSystem, path, nil,
                    "cannot make the sample run's verdict file: \(String(cString: strerror(errno)))",
                    notes: [
                        "the sandbox's shell says there whether the run filled its folder; make TMPDIR a folder of your own"
                    ]))
        }
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
