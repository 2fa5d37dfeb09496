import Foundation
import LectureSupport
import Testing

/// A real git repository for a test: `git init` at a folder, and `git add` of the paths the test
/// says the repository tracks. Git is run on the scratch tree only, never on the book lecture reads.
enum GitRepositoryFixture {
    /// Makes `folder` a repository (`objectFormat`: git's `--object-format`) tracking `paths`
    /// (relative to it), the index written in `indexVersion` (2 to 4).
    static func make(
        _ folder: String, tracking paths: [String] = [], objectFormat: String = "sha1", indexVersion: Int = 2
    ) throws {
        try FileSystem.makeDirectories(folder)
        try git(["init", "-q", "--object-format=\(objectFormat)", folder])
        if !paths.isEmpty { try git(["-C", folder, "add", "--"] + paths) }
        try git(["-C", folder, "update-index", "--index-version", "\(indexVersion)"])
    }

    /// Runs git with `arguments`, failing the test when it fails.
    static func git(_ arguments: [String]) throws {
        let result = try Subprocess.run(
            "/usr/bin/git", arguments,
            environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null"], timeout: 60,
            cancellation: .process)
        #expect(result.succeeded, "git \(arguments): \(result.stderrText)")
    }
}
