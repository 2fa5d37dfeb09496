import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// The files of `/etc` a sample is shown are in its cache key (`SystemFilesDigest`): the ones the
/// sandbox binds, by the sandbox's one list of them (`SampleSandbox.systemPaths`), read once per
/// build (the verifier's `systemFiles`), not once per sample.
@Suite struct SystemFilesDigestTests {
    /// Every path of `/etc` on a sample's command line (bound, or made as a link) is in the
    /// digest: the digest and the sandbox read the same list.
    @Test func everyFileTheSandboxBindsFromEtcIsInTheDigest() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let sandbox = SampleSandbox(setting: .auto, readable: [], hidden: [])
        let command = sandbox.command(running: "/bin/true", in: folder)
        let arguments = sandbox.isContained ? command.arguments : SampleSandbox.namespaces
        let places = arguments.indices.dropLast(2).filter {
            ["--ro-bind", "--ro-bind-try", "--bind", "--bind-try", "--symlink"].contains(arguments[$0])
        }.map { arguments[$0 + 2] }
        let fromEtc = places.filter { $0 == "/etc" || $0.hasPrefix("/etc/") }
        #expect(!fromEtc.isEmpty && !fromEtc.contains("/etc"), "\(places)")
        for path in fromEtc { #expect(SystemFilesDigest.paths.contains(path), "\(path) \(SystemFilesDigest.paths)") }
        #expect(SystemFilesDigest.paths == SampleSandbox.systemPaths.map(\.path).filter { $0.hasPrefix("/etc/") })
        #expect(SampleSandbox.systemPaths.contains { $0.path == "/etc/hosts" } == FileSystem.exists("/etc/hosts"))
    }

    /// One verifier, made once per build (`SampleStage.prepare`), reads the files once however
    /// many samples' keys it makes, and every key holds that digest.
    @Test func theDigestIsReadOncePerVerifier() {
        var reads = 0
        let verifier = SampleVerifier(
            toolchain: Toolchain(swiftc: "swiftc", versionLine: "", shortVersion: ""),
            libraries: SampleLibraries(directory: "/nonexistent", modules: [], digest: ""),
            cache: Cache(directory: "/nonexistent"), options: SampleVerifier.Options(), run: RunContext(),
            systemFiles: {
                reads += 1
                return "etc-digest"
            })
        let samples = SampleExtractor.extract(
            from: MarkdownParser.parse(
                (1...5).map { "```swift\nprint(\($0))\n```\n\n```output\n\($0)\n```\n" }.joined(separator: "\n")),
            path: "page.md"
        ).samples
        #expect(samples.count == 5)
        let keys = Set(samples.map { verifier.cacheKey($0) })
        #expect(keys.count == 5)
        #expect(samples.allSatisfy { verifier.verdictInputs($0).systemFiles == "etc-digest" })
        #expect(reads == 1)
    }
}
