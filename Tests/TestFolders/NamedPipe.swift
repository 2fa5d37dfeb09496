import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A named pipe (FIFO) where a book's file should be, for tests of code that opens book paths:
/// opening a FIFO to read waits until a writer opens it, so code that opens one without
/// `O_NONBLOCK` holds a build forever (code review 41, #7). `call` releases such code after a
/// while by opening the pipe itself, so its test fails on `released` instead of hanging.
package enum NamedPipe {
    /// Makes a FIFO at `path`; whether it was made.
    package static func make(at path: String) -> Bool { mkfifo(path, 0o644) == 0 }

    /// `body`'s value, and whether it had to be released: it was still running after `patience`
    /// seconds, and the FIFO at `path` was then opened for writing (which ends an open waiting
    /// for a writer), and held open until `body` returned.
    package static func call<T>(_ body: () -> T, releasing path: String, after patience: Double = 5) -> (
        value: T, released: Bool
    ) {
        let finished = DispatchSemaphore(value: 0)
        let rescuerEnded = DispatchSemaphore(value: 0)
        let released = Locked(false)
        Thread.detachNewThread {
            if finished.wait(timeout: .now() + patience) == .timedOut {
                let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
                released.withLock { $0 = true }
                finished.wait()
                if fd >= 0 { close(fd) }
            }
            rescuerEnded.signal()
        }
        let value = body()
        finished.signal()
        rescuerEnded.wait()
        return (value, released.withLock { $0 })
    }
}
