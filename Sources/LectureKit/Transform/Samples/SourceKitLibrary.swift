import Foundation
import LectureSupport

/// Where the toolchain's in-process SourceKit (`libsourcekitdInProc.so`) is, for a `swiftc`.
enum SourceKitLibrary {
    /// The library's file name, in the toolchain's `usr/lib`.
    static let fileName = "libsourcekitdInProc.so"

    /// The library of `swiftc`'s toolchain: in `usr/lib` beside the `usr/bin` that holds
    /// `swiftc` (symbolic links resolved); else, for a compiler named through a wrapper script
    /// outside the toolchain, beside the runtime resource folder the compiler itself reports
    /// (`swiftc -print-target-info`: `paths.runtimeResourcePath` is `usr/lib/swift`, the library
    /// is in `usr/lib`). The compiler's answer is asked once per compiler and process
    /// (`reported`, the one memo); the rest, a `realpath` and a `stat`, is looked at each call,
    /// so a failed question is asked again (code review 40 #3).
    /// - Returns: the library's path, or why there is none (the places looked at).
    static func path(for swiftc: String, run: RunContext) -> Result<String, SourceKitMissing> {
        look(for: swiftc, run: run)
    }

    /// No library where it was looked for.
    struct SourceKitMissing: Error, CustomStringConvertible {
        /// The paths looked at, and what the compiler said when it was asked.
        var description: String
    }

    private static func look(for swiftc: String, run: RunContext) -> Result<String, SourceKitMissing> {
        var tried: [String] = []
        let resolved = Toolchain.resolve(swiftc) ?? swiftc
        let beside =
            URL(fileURLWithPath: resolved).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/" + fileName).path
        if FileManager.default.fileExists(atPath: beside) { return .success(beside) }
        tried.append(beside)
        switch runtimeResourcePath(of: swiftc, run: run) {
        case .success(let resources):
            let library = URL(fileURLWithPath: resources).deletingLastPathComponent()
                .appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: library) { return .success(library) }
            tried.append(library)
        case .failure(let problem):
            tried.append("(`\(swiftc) -print-target-info`: \(problem))")
        }
        return .failure(SourceKitMissing(description: "no in-process SourceKit at " + tried.joined(separator: " nor ")))
    }

    /// The toolchain's `usr` folder as `swiftc` itself reports it (`runtimeResourcePath`, which
    /// is `usr/lib/swift`), when that holds `lib/swift`: for a compiler named through a wrapper
    /// script, whose place names no toolchain, the folder a sample's runtime libraries are
    /// loaded from (`SampleVerifier.sandbox`).
    static func reportedToolchain(of swiftc: String, run: RunContext) -> String? {
        guard case .success(let resources) = runtimeResourcePath(of: swiftc, run: run) else { return nil }
        let usr = FileSystem.parent(FileSystem.parent(resources))
        return FileSystem.isDirectory(usr + "/lib/swift") ? usr : nil
    }

    /// The one memo of `swiftc -print-target-info`'s answer, shared by `path(for:)` and
    /// `reportedToolchain(of:)`: an answer (its `runtimeResourcePath`, or an answer without one)
    /// is asked once per compiler and process, but a failure (a cancelled or timed-out query, a
    /// compiler that could not start or failed) is not remembered, so a `lecture serve` whose
    /// first query an edit cancelled asks again on the next build. The lock is held across the
    /// query, which the threads verifying samples wait for.
    private static let reported = Locked<[String: Result<String, SourceKitMissing>]>([:])

    private static func runtimeResourcePath(of swiftc: String, run: RunContext) -> Result<String, SourceKitMissing> {
        reported.withLock { known in
            if let answer = known[swiftc] { return answer }
            let (answer, answered) = askRuntimeResourcePath(of: swiftc, run: run)
            if answered { known[swiftc] = answer }
            return answer
        }
    }

    /// `paths.runtimeResourcePath` of `swiftc -print-target-info` (JSON), or why it is not there;
    /// `answered`: whether the compiler answered (ran and succeeded), so the result is its answer
    /// and may be remembered.
    private static func askRuntimeResourcePath(of swiftc: String, run: RunContext) -> (
        Result<String, SourceKitMissing>, answered: Bool
    ) {
        do {
            // swift-driver leaves a TemporaryDirectory.* behind in $TMPDIR; give it one to lose.
            let scratch = try FileSystem.makeTemporaryDirectory(prefix: "lecture-swiftc")
            defer { FileSystem.removeTemporaryDirectory(scratch) }
            let result = try run.process(
                swiftc, ["-print-target-info"], environment: CompilerEnvironment.variables(scratch: scratch),
                inheritingEnvironment: false, timeout: 60)
            guard result.succeeded else {
                return (.failure(SourceKitMissing(description: "it failed (\(result.termination))")), false)
            }
            guard let info = try? JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any],
                let paths = info["paths"] as? [String: Any], let resources = paths["runtimeResourcePath"] as? String
            else {
                return (.failure(SourceKitMissing(description: "no paths.runtimeResourcePath in its answer")), true)
            }
            return (.success(resources), true)
        } catch {
            return (.failure(SourceKitMissing(description: SystemErrorText.reason(of: error))), false)
        }
    }
}
