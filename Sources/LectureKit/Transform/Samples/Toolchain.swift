import Foundation

/// The Swift compiler the samples are built with, found once per run.
public struct Toolchain: Sendable {
    /// The `swiftc` to run: `$SWIFTC` if set, else `swiftc` on `PATH`.
    public var swiftc: String
    /// `swiftc --version`'s first line, part of every cache key.
    public var versionLine: String
    /// The short version shown on the site, as `Swift 6.3.1`.
    public var shortVersion: String

    /// Finds the compiler and asks its version.
    /// - Throws: `LectureError` (exit status 2) when no `swiftc` runs.
    public static func find() throws -> Toolchain {
        let swiftc = ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc"
        let result: Subprocess.Result
        do {
            // swift-driver leaves a TemporaryDirectory.* behind in $TMPDIR; give it one to lose.
            let scratch = try FileSystem.makeTemporaryDirectory(prefix: "lecture-swiftc")
            defer { FileSystem.removeTemporaryDirectory(scratch) }
            result = try Subprocess.run(swiftc, ["--version"], environment: ["TMPDIR": scratch], timeout: 60)
        } catch {
            throw LectureError("error: cannot run the Swift compiler '\(swiftc)': install the Swift toolchain or set SWIFTC")
        }
        let text = result.stdoutText + result.stderrText
        let line = text.split(separator: "\n").first(where: { $0.contains("Swift version") }).map(String.init) ?? text
        var short = "Swift"
        if let range = line.range(of: "Swift version ") {
            let version = line[range.upperBound...].prefix { !$0.isWhitespace }
            short = "Swift \(version)"
        }
        return Toolchain(swiftc: swiftc, versionLine: line, shortVersion: short)
    }
}
