import Foundation
import LectureSupport

/// Everything a sample's verdict is made from, as one value: the compiler and
/// its arguments, the sample libraries, the run's environment and limits, and what the sample's
/// attributes, code, expected outputs and read files say. The cache key is the SHA-256 of its
/// JSON encoding (keys sorted), so a field added here changes the key by construction, and a
/// property added to `Sample` fails `VerdictInputsTests` until it is put here or said not to
/// change a verdict.
struct VerdictInputs: Codable, Hashable, Sendable {
    /// A file the sample reads (`reads=`), with the SHA-256 of its bytes, `nil` when missing.
    struct Read: Codable, Hashable, Sendable {
        var file: String
        var digest: String?
    }

    /// `SampleVerifier.cacheVersion`: the format and the digest of the verifier's sources.
    var version: String
    /// `swiftc --version`'s line and the compiler's identity (`Toolchain`).
    var compiler: String
    var compilerIdentity: String
    /// The sample libraries' digest.
    var libraries: String
    /// Every argument swiftc gets, the libraries' folder and the module cache by name
    /// (`$STANDINS`, `$MODULECACHE`), so a moved cache still answers.
    var compilerArguments: [String]
    /// The locale and time zone samples run in.
    var environment: String
    /// The files of `/etc` the sandbox shows a sample, their bytes' digest (`SystemFilesDigest`).
    var systemFiles: String
    /// Whether the run is contained: a verdict reached uncontained is not taken for one reached
    /// in the sandbox.
    var sandboxed: Bool
    var outputLimit: Int
    var timeout: Double
    /// The program's memory and process limits (`ResourceLimits`): a sample that passed with
    /// more memory is judged again under less.
    var limits: String
    var mode: Sample.Mode
    var shouldFail: Bool
    var expectedErrors: [String]
    /// A `test` sample's test program version and flags.
    var testProgram: String?
    /// Each fence's code, hidden lines included.
    var code: [String]
    var reads: [Read]
    /// The whole program, when its code reads its own position (`#line`, `#file`, `#column`),
    /// so where it stands matters.
    var positionedProgram: String?
    var expectedOutput: String?
    var requiresOutput: Bool
    var continued: Bool
    /// In a continued program, each fence's expected output.
    var partOutputs: [String?]?
    /// In a continued program, which fences are marked `run` (need no output block).
    var partsMarkedRun: [Bool]?
    /// Whether its page is continued: what a silent sample is told to do (`SampleJudge`).
    var onContinuedPage: Bool

    /// The cache key: SHA-256 of the sorted-key JSON encoding, in hexadecimal.
    var key: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var hash = SHA256()
        // Encoding strings, numbers and arrays cannot fail.
        hash.update((try? encoder.encode(self)).map { Array($0) } ?? [])
        return hash.hexDigest()
    }
}

extension Sample.Mode: Codable {}

extension SampleVerifier {
    /// What `sample`'s verdict is made from, under this verifier.
    func verdictInputs(_ sample: Sample) -> VerdictInputs {
        VerdictInputs(
            version: Self.cacheVersion,
            compiler: toolchain.versionLine,
            compilerIdentity: toolchain.identity,
            libraries: libraries.digest,
            compilerArguments: compilerArguments(for: sample).map {
                $0.replacingOccurrences(of: libraries.directory, with: "$STANDINS").replacingOccurrences(
                    of: SampleLibraries.moduleCache(in: cache.directory), with: "$MODULECACHE")
            },
            environment: options.environment.cacheKeyText,
            systemFiles: systemFiles,
            sandboxed: options.sandbox != .off,
            outputLimit: options.outputLimit,
            timeout: options.timeout,
            limits: "\(options.limits.memoryMiB) MiB, \(options.limits.processes) processes",
            mode: sample.mode,
            shouldFail: sample.shouldFail,
            expectedErrors: sample.expectedErrors,
            testProgram: sample.mode == .test ? TestProgram.version + " " + Self.testFlags.joined(separator: " ") : nil,
            // The continued fences a fence sees (`Sample.context`) before it, an empty entry between.
            code: (sample.context.isEmpty ? [] : sample.context.map(\.code) + [""]) + sample.parts.map(\.code),
            reads: sample.reads.map { file in
                VerdictInputs.Read(
                    file: file,
                    digest: SampleReads.bytes(file, of: sample, replaced: options.replaced).map { bytes in
                        var digest = SHA256()
                        digest.update(bytes)
                        return digest.hexDigest()
                    })
            },
            positionedProgram: sample.parts.contains(where: {
                $0.code.contains("#line") || $0.code.contains("#file") || $0.code.contains("#column")
            }) ? sample.program.replacingOccurrences(of: Sample.partNonce, with: "") : nil,
            expectedOutput: sample.expectedOutput,
            requiresOutput: sample.requiresOutput,
            continued: sample.continued,
            partOutputs: sample.continued ? sample.parts.map(\.expectedOutput) : nil,
            partsMarkedRun: sample.continued ? sample.parts.map(\.markedRun) : nil,
            onContinuedPage: sample.onContinuedPage)
    }
}
