import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The write end of the self-pipe, for the signal handler (which may touch nothing else).
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1

/// Turns SIGINT and SIGTERM into calls on an ordinary thread, with the self-pipe trick: the
/// handler only `write(2)`s the signal number to a pipe (async-signal-safe, POSIX.1-2008
/// §2.4.3), and a thread reading the pipe does the real work. Handlers are installed with
/// `SA_RESTART`, so system calls elsewhere are not interrupted, and `restore()` puts the
/// previous ones back.
///
/// Child processes are unaffected: `Subprocess` resets these signals to their defaults in the
/// child and puts it in its own process group, so Ctrl-C at the terminal reaches `lecture`
/// alone, which then ends its children itself.
public final class SignalTrap: @unchecked Sendable {
    private let signals: [Int32]
    private var previous: [sigaction] = []
    private let pipeWrite: Int32

    /// Installs the handlers; `action` runs on the trap's thread with the signal number and
    /// how many trapped signals have arrived so far (1 for the first).
    /// - Throws: `LectureError` when the pipe cannot be made.
    public init(_ signals: [Int32], action: @escaping @Sendable (Int32, Int) -> Void) throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw LectureError(.fileSystem, "cannot create a pipe for signals") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        self.signals = signals
        pipeWrite = fds[1]
        signalPipeWrite = fds[1]
        let reader = fds[0]
        let thread = Thread {
            var count = 0
            var byte: UInt8 = 0
            while true {
                let n = read(reader, &byte, 1)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                count += 1
                action(Int32(byte), count)
            }
            close(reader)
        }
        thread.name = "lecture: signals"
        thread.start()
        for signal in signals {
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = { number in
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(signalPipeWrite, &byte, 1)
                }
            #else
                action.__sigaction_u.__sa_handler = { number in
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(signalPipeWrite, &byte, 1)
                }
            #endif
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous.append(old)
        }
        // A parent may have started us with these signals blocked (the mask survives exec);
        // unblocked here, on the calling thread, they reach the handler.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in signals { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Puts the previous handlers back and ends the trap's thread.
    public func restore() {
        for (signal, old) in zip(signals, previous) {
            var old = old
            sigaction(signal, &old, nil)
        }
        signalPipeWrite = -1
        close(pipeWrite)
    }
}
