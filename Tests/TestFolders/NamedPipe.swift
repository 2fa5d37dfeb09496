import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A named pipe (FIFO) where a book's file should be, for tests of code that opens book paths:
/// opening a FIFO to read waits until a writer opens it, so code that opens one without
/// `O_NONBLOCK` holds a build forever (code review 41, #7). `call` releases such code by opening
/// the pipe itself once the kernel says the code waits in a FIFO's open, so its test fails on
/// `released` instead of hanging.
///
/// The kernel decides, not the clock (code review 42 #6): a body that is merely slow (a build on
/// a busy machine) is never released, so a correct build never fails for its time.
package enum NamedPipe {
    /// Makes a FIFO at `path`; whether it was made.
    package static func make(at path: String) -> Bool { mkfifo(path, 0o644) == 0 }

    /// What the kernel says a thread of this process waits in (`/proc/self/task/TID/wchan`),
    /// nil when it runs or the file cannot be read.
    static func waitChannel(ofThread thread: pid_t) -> String? {
        let fd = open("/proc/self/task/\(thread)/wchan", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let name = String(decoding: buffer[..<count], as: UTF8.self)
        return name == "0" ? nil : name
    }

    /// This thread's id (`/proc/thread-self` names `PID/task/TID`; Glibc's `gettid` is not
    /// imported), 0 when it cannot be read.
    static func currentThread() -> pid_t {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard count > 0 else { return 0 }
        let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return link.split(separator: "/").last.flatMap { pid_t($0) } ?? 0
    }

    /// Whether the thread waits for the other end of a FIFO it opens: `fifo_open` sleeps in
    /// `wait_for_partner` (Linux 2.6 to 6.18; `fifo_open` itself where that is inlined).
    package static func waitsInAFIFOsOpen(thread: pid_t) -> Bool {
        ["wait_for_partner", "fifo_open"].contains(waitChannel(ofThread: thread))
    }

    /// `body`'s value, and whether it had to be released: the thread running it waited in a
    /// FIFO's open (`waitsInAFIFOsOpen`), and the FIFO at `path` was then opened for reading and
    /// writing (which ends an open waiting for either end), and held open until `body` returned.
    /// - Parameter backstop: seconds after which the FIFO is opened anyway, for a body that
    ///   waits on the FIFO on another thread; only a regression pays it.
    package static func call<T>(_ body: () -> T, releasing path: String, backstop: Double = 120) -> (
        value: T, released: Bool
    ) {
        let finished = DispatchSemaphore(value: 0)
        let rescuerEnded = DispatchSemaphore(value: 0)
        let released = Locked(false)
        let thread = currentThread()
        Thread.detachNewThread {
            let end = DispatchTime.now() + backstop
            while finished.wait(timeout: .now() + 0.02) == .timedOut {
                guard waitsInAFIFOsOpen(thread: thread) || DispatchTime.now() >= end else { continue }
                let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
                released.withLock { $0 = true }
                finished.wait()
                if fd >= 0 { close(fd) }
                break
            }
            rescuerEnded.signal()
        }
        let value = body()
        finished.signal()
        rescuerEnded.wait()
        return (value, released.withLock { $0 })
    }
}
