import Foundation
import TestFolders
import Testing

@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `NamedPipe.call` releases a body when the kernel says it waits in a FIFO's open, never by the
/// clock (code review 42 #6): a slow body is not released (a correct build on a busy machine
/// failed after 5 s), and a body waiting on the FIFO is released at once.
@Suite struct NamedPipeTests {
    @Test func aBodyWaitingInTheFIFOsOpenIsReleasedAtOnce() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        #expect(NamedPipe.make(at: folder + "/pipe"))
        let start = ContinuousClock.now
        let waited = NamedPipe.call(
            { () -> Bool in
                // Blocks until a writer opens the pipe: the rescuer.
                let fd = open(folder + "/pipe", O_RDONLY | O_CLOEXEC)
                if fd >= 0 { close(fd) }
                return fd >= 0
            }, releasing: folder + "/pipe")
        let elapsed = ContinuousClock.now - start
        #expect(waited.value && waited.released)
        #expect(elapsed < .seconds(3), "released after \(elapsed), not when the kernel said it waited")
    }

    /// Slower than the 5 s the helper used to allow, and never near the FIFO.
    @Test func aSlowBodyIsNotReleased() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        #expect(NamedPipe.make(at: folder + "/pipe"))
        let slow = NamedPipe.call(
            { () -> Bool in
                Thread.sleep(forTimeInterval: 6)
                return true
            }, releasing: folder + "/pipe")
        #expect(slow.value && !slow.released, "a slow body was released")
    }
}
