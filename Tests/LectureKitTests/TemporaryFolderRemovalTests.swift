import Foundation
import Testing

@testable import LectureSupport

/// A temporary folder is never left in `TMPDIR` (CI's `make test` found a `lecture-run.*` after
/// a green run): its removal tries again while something still holds it for a moment, and a
/// forced stop's clean-up makes no folder afterwards that the ending process would leave.
@Suite struct TemporaryFolderRemovalTests {
    /// A folder that cannot be removed at first (a file system mounted inside, which the removal
    /// leaves) and can a moment later (unmounted by another process) is removed: the first
    /// failure is tried again.
    @Test(
        .enabled(
            if: TmpfsMount.allowed,
            "mounting a tmpfs is not allowed here (needs root or CAP_SYS_ADMIN); nothing holds the folder"))
    func aFolderHeldForAMomentIsRemovedOnceReleased() throws {
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "lecture-removal")
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let mount = try TmpfsMount(at: folder + "/held", megabytes: 1)
        try FileSystem.writeAtomically("written", to: folder + "/held/file")
        // Released by another process once the removal has begun and failed once.
        let release = Process()
        release.executableURL = URL(fileURLWithPath: "/bin/sh")
        release.arguments = ["-c", "sleep 0.2; umount \"$0\"", mount.path]
        try release.run()
        DeepFolderRemoval.removeWaiting([folder], patience: .seconds(60))
        release.waitUntilExit()
        if release.terminationStatus != 0 { mount.unmount() }
        #expect(release.terminationStatus == 0, "the mount was not released")
        #expect(!FileSystem.exists(folder), "the folder stayed after its mount was released")
    }

    /// Once the forced stop's clean-up ran (the process ends next), making a folder is refused
    /// before anything is made.
    @Test func noFolderIsMadeAfterTheStopsCleanUp() throws {
        let registry = FolderRegistry()
        let before = try FileSystem.makeTemporaryDirectory(prefix: "lecture-registry")
        defer { FileSystem.removeTemporaryDirectory(before) }
        let made = try registry.make { try FileSystem.makeTemporaryDirectory(prefix: "lecture-registry") }
        Interruption.untrack(made)
        registry.removeAll()
        #expect(!FileSystem.exists(made), "the recorded folder stayed")
        var called = false
        #expect(throws: LectureError.self) {
            _ = try registry.make {
                called = true
                return before
            }
        }
        #expect(!called, "a folder was made after the clean-up")
    }
}
