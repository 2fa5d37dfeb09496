import Foundation
import LectureSupport

/// The Swift compiler the samples are built with, found once per run.
package struct Toolchain: Sendable {
    /// The `swiftc` to run: `$SWIFTC` if set, else `swiftc` on `PATH`.
    var swiftc: String
    /// `swiftc --version`'s first line, part of every cache key.
    var versionLine: String
    /// The short version shown on the site, as `Swift 6.3.1`.
    var shortVersion: String
    /// Who the compiler is, beyond what it says of itself: `swiftc` as given, the path it
    /// resolves to (symbolic links followed) and a SHA-256 of that file's bytes. Part of every
    /// cache key, so another compiler or a wrapper script with the same `--version` text is
    /// never answered from results of the first; then the variables of the environment that
    /// steer it (`CompilerEnvironment.steering`, as `SWIFT_DRIVER_SWIFT_FRONTEND_EXEC`), so a
    /// verdict, a sample library or a frontend job made under one value is never used under
    /// another. Empty but for those when the command cannot be resolved.
    var identity: String = ""

    /// Finds the compiler and asks its version, or reads the answer from `cache`, where it is
    /// kept under the compiler's resolved path and `stat` signature (asking costs ~50 ms a run,
    /// hashing the file ~100 ms).
    /// - Throws: `LectureError` (exit status 2) when no `swiftc` runs.
    package static func find(cache: Cache? = nil, run: RunContext) throws -> Toolchain {
        let swiftc = ProcessEnvironment.value("SWIFTC") ?? "swiftc"
        let steering = CompilerEnvironment.cacheKeyText()
        var key: String?
        let resolved = resolve(swiftc)
        if let cache, let resolved, let signature = FileSignature(path: resolved) {
            let entry = SHA256.hex("toolchain-v3", swiftc, resolved, "\(signature)", steering)
            key = entry
            if let bytes = cache.read(kind: .toolchain, key: entry),
                let known = try? JSONDecoder().decode(Known.self, from: Data(bytes))
            {
                return Toolchain(
                    swiftc: swiftc, versionLine: known.versionLine, shortVersion: shortVersion(of: known.versionLine),
                    identity: known.identity + "\n" + steering)
            }
        }
        var found = try ask(swiftc, run: run)
        found.identity = resolved.map { identity(of: swiftc, resolvedTo: $0) } ?? ""
        if let cache, let key,
            let data = try? JSONEncoder().encode(Known(versionLine: found.versionLine, identity: found.identity))
        {
            cache.write(kind: .toolchain, key: key, Array(data))
        }
        found.identity += "\n" + steering
        return found
    }

    /// What the cache remembers of a compiler file.
    private struct Known: Codable {
        var versionLine: String
        var identity: String
    }

    /// `command`, the file it resolves to, and the SHA-256 of that file's bytes.
    static func identity(of command: String, resolvedTo path: String) -> String {
        var hash = SHA256()
        if let bytes = try? FileSystem.read(path) { hash.update(bytes) }
        return "\(command) -> \(path) sha256:\(hash.hexDigest())"
    }

    /// `command` as the path it runs: itself when it has a `/`, else the first match on `PATH`,
    /// with symbolic links resolved.
    package static func resolve(_ command: String) -> String? {
        let candidates =
            command.contains("/")
            ? [command]
            : (ProcessEnvironment.value("PATH") ?? "").split(separator: ":").map { "\($0)/\(command)" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        return URL(fileURLWithPath: found).resolvingSymlinksInPath().path
    }

    static func shortVersion(of line: String) -> String {
        guard let range = line.range(of: "Swift version ") else { return "Swift" }
        return "Swift \(line[range.upperBound...].prefix { !$0.isWhitespace })"
    }

    private static func ask(_ swiftc: String, run: RunContext) throws -> Toolchain {
        let result: Subprocess.Result
        do {
            // swift-driver leaves a TemporaryDirectory.* behind in $TMPDIR; give it one to lose.
            let scratch = try FileSystem.makeTemporaryDirectory(prefix: "lecture-swiftc")
            defer { FileSystem.removeTemporaryDirectory(scratch) }
            result = try run.process(
                swiftc, ["--version"], environment: CompilerEnvironment.variables(scratch: scratch),
                inheritingEnvironment: false, timeout: 60)
        } catch {
            throw LectureError(
                .missingToolchain, "cannot run the Swift compiler \(quoted: swiftc)",
                notes: ["install the Swift toolchain or set SWIFTC"])
        }
        let text = result.stdoutText + result.stderrText
        guard result.succeeded,
            let line = text.split(separator: "\n").first(where: { $0.contains("Swift version") }).map(String.init)
        else {
            throw LectureError(
                .missingToolchain, "'\(swiftc) --version' did not say which Swift it is",
                notes: [TerminalText.capped(text)] + [CompilerEnvironment.note()].compactMap { $0 })
        }
        return Toolchain(swiftc: swiftc, versionLine: line, shortVersion: shortVersion(of: line))
    }

}
