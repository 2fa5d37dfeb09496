import Foundation
import LectureSupport

/// The frontend job swiftc's driver runs for a sample's `main.swift` (`swiftc -###`), so the
/// merged path (`MergedSamples`) runs that job itself, with exactly the driver's flags, and no
/// driver process per sample: `swift-frontend` started directly costs ~11 ms less per job than
/// `swiftc -frontend`, which starts the driver only for it to start `swift-frontend` (measured
/// on the 2-core machine of the manual's Measurements, 2026-12-01).
///
/// Asked once per compiler and set of flags and kept in the cache (`toolchain` kind). `nil`
/// (and every sample verified alone) when the driver's answer is not one plain job line: a
/// quoted argument, say, from a toolchain in a folder with a space.
struct FrontendArguments: Sendable {
    /// The program that runs the job: the job line's first word (`…/swift-frontend`) when it
    /// names an executable file by its absolute path, else the driver (`swiftc`), which runs `swift-frontend` itself
    /// for a first argument `-frontend`.
    var executable: String
    /// The arguments after the executable, from `-frontend` on, without the output (`-o`).
    var job: [String]

    /// The job's arguments, as given to `executable`, for a sample (`Sample`) or another module.
    /// `files` are the primary files in place of `main.swift`, each compiled to its own object
    /// (one `-o` each, in their order), as the driver's jobs for several files would, in one job.
    func arguments(parseAsLibrary: Bool, moduleName: String? = nil, files: [String] = ["main.swift"]) -> [String] {
        var arguments = job
        if let moduleName, let at = arguments.firstIndex(of: "-module-name"), at + 1 < arguments.count {
            arguments[at + 1] = moduleName
        }
        if let at = arguments.firstIndex(of: "main.swift"), let first = files.first {
            arguments.replaceSubrange(at...at, with: [first] + files.dropFirst().flatMap { ["-primary-file", $0] })
        }
        return arguments + (parseAsLibrary ? ["-parse-as-library"] : [])
    }

    /// The driver's frontend job for `verifier`'s flags, from the cache or by asking the driver.
    static func find(for verifier: SampleVerifier) -> FrontendArguments? {
        let key = SHA256.hex(
            "frontend-arguments-v2", SourceDigests.samples, verifier.toolchain.versionLine, verifier.toolchain.identity,
            verifier.flags.joined(separator: " "))
        if let bytes = verifier.cache.read(kind: .toolchain, key: key) {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            guard lines.count > 1, lines[1] == "-frontend" else { return nil }
            return FrontendArguments(
                job: Array(lines.dropFirst()), frontend: lines[0], driver: verifier.toolchain.swiftc)
        }
        guard let scratch = try? FileSystem.makeTemporaryDirectory(prefix: "lecture-swiftc") else { return nil }
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        guard
            let answer = try? verifier.compilerJob(
                verifier.toolchain.swiftc, ["-###"] + verifier.flags + ["main.swift", "-o", "sample"], in: scratch,
                timeout: 60),
            answer.succeeded, let found = parse(answer.stdoutText)
        else { return nil }
        verifier.cache.write(
            kind: .toolchain, key: key, Array(([found.frontend] + found.job).joined(separator: "\n").utf8))
        return FrontendArguments(job: found.job, frontend: found.frontend, driver: verifier.toolchain.swiftc)
    }

    /// The job run by `frontend` when it is an executable file named by its absolute path (jobs
    /// run in other folders), else by `driver`.
    init(job: [String], frontend: String, driver: String) {
        self.job = job
        executable =
            frontend.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: frontend) ? frontend : driver
    }

    /// The first line of `swiftc -###` output as a job, `FRONTEND -frontend -c … -o PATH`: the
    /// frontend's path and the arguments after it, without the output.
    static func parse(_ output: String) -> (frontend: String, job: [String])? {
        guard let line = output.split(separator: "\n").first, !line.contains("\""), !line.contains("'"),
            !line.contains("\\")
        else { return nil }
        let all = line.split(separator: " ").map(String.init)
        var words = all.dropFirst()
        guard let frontend = all.first, words.first == "-frontend", words.contains("-c"), words.contains("main.swift")
        else { return nil }
        if let at = words.firstIndex(of: "-o"), at + 1 < words.endIndex { words.removeSubrange(at...(at + 1)) }
        return (frontend, Array(words))
    }
}

extension FrontendArguments {
    /// `FrontendArguments.find(for:)` run on a Dispatch thread from the moment it is made.
    final class Lookup: Sendable {
        private let found = Locked<FrontendArguments?>(nil)
        private let asking = DispatchGroup()

        /// Starts asking for `verifier`'s flags.
        init(for verifier: SampleVerifier) {
            DispatchQueue.global().async(group: asking) { [found] in
                let answer = FrontendArguments.find(for: verifier)
                found.withLock { $0 = answer }
            }
        }

        /// The answer, once there: `nil` when the driver's answer was not one plain job line.
        func answer() -> FrontendArguments? {
            asking.wait()
            return found.withLock { $0 }
        }
    }
}
