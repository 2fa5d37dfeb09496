import Foundation
import LectureSupport

/// The frontend job swiftc's driver runs for a sample's `main.swift` (`swiftc -###`), so the
/// merged path (`MergedSamples`) runs that job itself, with exactly the driver's flags, and no
/// driver process per sample.
///
/// Asked once per compiler and set of flags and kept in the cache (`toolchain` kind). `nil`
/// (and every sample verified alone) when the driver's answer is not one plain job line: a
/// quoted argument, say, from a toolchain in a folder with a space.
struct FrontendArguments: Sendable {
    /// The arguments after the executable, from `-frontend` on, without the output (`-o`).
    var job: [String]

    /// The job's arguments, as given to `swiftc` (which runs `swift-frontend` for a first
    /// argument `-frontend`), for a sample (`Sample`) or another module. `files` are the
    /// primary files in place of `main.swift`, each compiled to its own object (one `-o` each, in
    /// their order), as the driver's jobs for several files would, in one job.
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
            "frontend-arguments-v1", verifier.toolchain.versionLine, verifier.toolchain.identity,
            verifier.flags.joined(separator: " "))
        if let bytes = verifier.cache.read(kind: "toolchain", key: key) {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            return lines.first == "-frontend" ? FrontendArguments(job: lines) : nil
        }
        guard let scratch = try? FileSystem.makeTemporaryDirectory(prefix: "lecture-swiftc") else { return nil }
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        guard
            let answer = try? Subprocess.run(
                verifier.toolchain.swiftc, ["-###"] + verifier.flags + ["main.swift", "-o", "sample"],
                directory: scratch, environment: ["TMPDIR": scratch], timeout: 60),
            answer.succeeded, let found = parse(answer.stdoutText)
        else { return nil }
        verifier.cache.write(kind: "toolchain", key: key, Array(found.job.joined(separator: "\n").utf8))
        return found
    }

    /// The first line of `swiftc -###` output as a job: `EXECUTABLE -frontend -c … -o PATH`.
    static func parse(_ output: String) -> FrontendArguments? {
        guard let line = output.split(separator: "\n").first, !line.contains("\""), !line.contains("'"),
            !line.contains("\\")
        else { return nil }
        var words = line.split(separator: " ").map(String.init).dropFirst()
        guard words.first == "-frontend", words.contains("-c"), words.contains("main.swift") else { return nil }
        if let at = words.firstIndex(of: "-o"), at + 1 < words.endIndex { words.removeSubrange(at...(at + 1)) }
        return FrontendArguments(job: Array(words))
    }
}
