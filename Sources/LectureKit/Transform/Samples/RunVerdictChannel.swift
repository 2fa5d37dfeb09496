import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The channel a contained run's shell gives its verdict through (`ContainedRunFolder`): a FIFO
/// lecture makes beside the run folder and holds open for reading, bound into the sandbox. The
/// program can open it too, so what it says is read as the program could have written it
/// (attack 21, F1): every byte is kept, none pushed out of a window by padding, and what passes
/// `maximumBytes` (more than the shell ever writes) makes the channel `overflowed`, which judges
/// the run full, and stops it; nothing of it reaches the builder's disk, where the regular file
/// it replaced took 64 MiB (`RLIMIT_FSIZE`). The shell's first line is `started`, before the
/// program can run; its word is the last line, `ended STATUS`, written once every other process
/// of the sandbox has been ended, so no line of the program's comes after it (`VerdictLine`).
final class RunVerdictChannel: Sendable {
    /// The most the channel keeps: `started`, dash's lines about a signal, `full` and `ended STATUS`.
    static let maximumBytes = 16384

    /// The FIFO's path on the builder's disk (`FOLDER.verdict`).
    let path: String
    private let descriptor: Int32
    private let said = Locked(
        (bytes: [UInt8](), overflowed: false, startedAt: ContinuousClock.Instant?.none))

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// A new FIFO beside `folder`, open for reading without blocking.
    /// - Throws: `LectureError` when it cannot be made (another user took the name first in a
    ///   shared `/tmp`): a run without it would read no "full" and no SIGXFSZ, so it is not run
    ///   (code review 41 #8).
    static func make(beside folder: String) throws -> RunVerdictChannel {
        let path = folder + ".verdict"
        func refused(_ error: Int32) -> LectureError {
            LectureError(
                .error(
                    .fileSystem, path, nil,
                    "cannot make the sample run's verdict channel: \(String(cString: strerror(error)))",
                    notes: [
                        "the sandbox's shell says there whether the run filled its folder; make TMPDIR a folder of your own"
                    ]))
        }
        guard mkfifo(path, 0o600) == 0 else { throw refused(errno) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        let opened = errno
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO, info.st_uid == geteuid() else {
            if fd >= 0 { close(fd) }
            unlink(path)
            throw refused(fd >= 0 ? EPERM : opened)
        }
        return RunVerdictChannel(path: path, descriptor: fd)
    }

    /// Reads what is there now, keeping at most `maximumBytes`; past them, only drains.
    func drain() {
        said.withLock { said in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                if said.bytes.count + count > Self.maximumBytes { said.overflowed = true }
                if !said.overflowed { said.bytes += buffer[..<count] }
                // The shell's first line, written before anything of the program's can be.
                if said.startedAt == nil, said.bytes.starts(with: Self.startedLine) { said.startedAt = .now }
            }
        }
    }

    /// `started` and its newline, the channel's first bytes once the sandbox started.
    private static let startedLine = Array((VerdictLine.started.text + "\n").utf8)

    /// When a drain first read the shell's `started` (within a tick of its writing it), or nil
    /// while it has not: the program's time limit counts from there (`SampleVerifier.runBuilt`).
    var startedAt: ContinuousClock.Instant? { said.withLock { $0.startedAt } }

    /// Whether more than `maximumBytes` came through: the program wrote into the channel.
    var overflowed: Bool { said.withLock { $0.overflowed } }

    /// Its lines once the run ended, read as the protocol's (`VerdictLine`); nil when it
    /// overflowed.
    func lines() -> [VerdictLine]? {
        drain()
        return said.withLock { $0.overflowed ? nil : VerdictLine.lines(of: $0.bytes) }
    }

    /// Closes and removes the FIFO.
    func remove() {
        close(descriptor)
        unlink(path)
    }
}
