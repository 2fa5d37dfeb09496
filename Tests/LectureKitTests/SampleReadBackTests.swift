import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Attack 19's hostile samples, run as `SampleSandboxTests` runs its own: `lecture check` in a
/// private mount namespace with scratch folders bound over the home folder and `/var/tmp`.
extension SampleSandboxTests {
    /// F1 and F2: a test sample replaces its events file with a link to a file of the machine
    /// (here a decoy in `/var/tmp`, outside the sandbox, readable by lecture), or makes it a
    /// sparse tebibyte. Contained, neither can be done any more (attack 19, F6: the file is
    /// bound into the run's tmpfs); the decoy is never printed; lecture does not abort.
    @Test(.enabled(if: canContain, "needs unshare -rm and bubblewrap"))
    func aTestSamplesEventsFileIsReadNeitherThroughALinkNorPastTheLimit() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let (home, varTmp, book) = try Self.onePageBook(in: scratch)
        try FileSystem.writeAtomically(
            """
            {"kind":"test","payload":{"id":"X/t()","kind":"function","name":"t()","displayName":"HOST-FILE-SECRET"}}
            {"kind":"event","payload":{"kind":"testStarted","testID":"X/t()"}}

            """, to: varTmp + "/decoy-events.jsonl")
        try FileSystem.writeAtomically(
            """
            # P

            ```swift test
            import Testing
            import Glibc

            @Test func swapsTheEventsFile() {
                #expect(unlink("lecture-test-events.jsonl") != 0)
                #expect(symlink("/var/tmp/decoy-events.jsonl", "lecture-test-events.jsonl") != 0)
            }
            ```

            ```swift test
            import Testing
            import Glibc

            @Test func growsTheEventsFile() {
                let fd = open("lecture-test-events.jsonl", O_WRONLY)
                #expect(ftruncate(fd, 1 << 40) != 0)
                close(fd)
            }
            ```

            """, to: book + "/src/page.md")
        let run = try check(book, home: home, varTmp: varTmp, terminal: false)
        let text = run.stdoutText + run.stderrText
        // Contained, the events file is a file bound into the run's tmpfs (`ContainedRunFolder`):
        // it cannot be unlinked, so no link takes its place, and it cannot grow past 64 MiB
        // (`RLIMIT_FSIZE`: the `ftruncate` fails): both tests pass by being refused;
        // `RunFolderFile` still refuses both where a program can do them (`RunFolderFileTests`).
        #expect(text.contains("2 passed, 0 failed"), "\(text)")
        #expect(!text.contains("error"), "\(text)")
        #expect(!text.contains("HOST-FILE-SECRET"), "\(text)")
    }

    /// F9: `swiftc` reached through a wrapper script in the home folder (`SWIFTC=~/bin/swiftc`)
    /// made the home folder the toolchain's `usr`, bound readable over its empty one: a sample
    /// printed `~/.ssh/id_rsa`. The home folder stays hidden whatever names the compiler.
    @Test(.enabled(if: canContain && Toolchain.resolve("swiftc") != nil, "needs unshare -rm, bubblewrap, swiftc"))
    func aCompilerWrapperInTheHomeFolderDoesNotUncoverIt() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let (home, varTmp, book) = try Self.onePageBook(in: scratch)
        let realHome = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        // swiftc by its own name (resolved, it is `swift-driver`, which reads its name).
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let swiftc = try #require(
            path.split(separator: ":").map { String($0) + "/swiftc" }.first { access($0, X_OK) == 0 })
        try FileSystem.writeAtomically("#!/bin/sh\nexec '\(swiftc)' \"$@\"\n", to: home + "/bin/swiftc")
        #expect(chmod(home + "/bin/swiftc", 0o755) == 0)
        try FileSystem.writeAtomically("SSH-KEY-DECOY\n", to: home + "/.ssh/id_rsa")
        try FileSystem.writeAtomically(
            """
            # P

            ```swift
            import Foundation
            print(FileManager.default.contents(atPath: "\(realHome)/.ssh/id_rsa") == nil ? "unseen" : "seen")
            ```

            ```output
            unseen
            ```

            """, to: book + "/src/page.md")
        let run = try check(
            book, home: home, varTmp: varTmp, terminal: false, environment: ["SWIFTC=\(realHome)/bin/swiftc"])
        let text = run.stdoutText + run.stderrText
        #expect(run.termination == .exited(0), "\(text)")
        #expect(text.contains("1 passed, 0 failed"), "\(text)")
    }

    /// The rule behind it: no folder bound readable is `/`, the home folder, a folder holding it
    /// or `/tmp`, or a repository's top; a toolchain's own folder is.
    @Test func noBoundFolderUncoversWhatTheSandboxHides() throws {
        let home = try #require(CanonicalPath.homeFolders().first)
        #expect(!SampleSandbox.isBindable("/"))
        #expect(!SampleSandbox.isBindable(home))
        #expect(!SampleSandbox.isBindable(FileSystem.parent(home)))
        #expect(!SampleSandbox.isBindable("/tmp"))
        let scratch = CanonicalPath.of(try TestSupport.temporaryDirectory())
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        try FileSystem.makeDirectories(scratch + "/repo/.git")
        #expect(!SampleSandbox.isBindable(scratch + "/repo"))
        #expect(SampleSandbox.isBindable("/usr/lib"))
    }
}
