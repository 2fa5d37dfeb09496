import Foundation
import LectureKit
import LectureSupport

/// Part 8: what the sample sandbox costs (issue 30). A cold `lecture check` of the lecture's
/// samples with `[lecture.samples] sandbox = "require"` (every sample's program in bubblewrap)
/// against the same check with `sandbox = "off"`, interleaved round by round (`Interleaved`),
/// each on a fresh cache holding only the prebuilt stand-ins.
extension Bench {
    mutating func partSandbox() throws {
        let context = try prepareSamples()
        let root = temp + "/sandbox"
        // The lecture's sample libraries, copied beside its pages and declared as its book.toml
        // declares them.
        let libraries = BookSettingsLoader.load(path: repo + "/book.toml").settings.sampleLibraries
        let declared = libraries.map { "\"\($0)\"" }.joined(separator: ", ")
        for setting in ["require", "off"] {
            let book = root + "/" + setting
            try Files.copy(repo + "/content", to: book + "/content")
            for library in libraries {
                try Files.makeDirectory(FileSystem.parent(book + "/" + library))
                try Files.copy(repo + "/" + library, to: book + "/" + library)
            }
            try Files.write(
                "[book]\nsrc = \"content\"\n\n[preprocessor.lecture]\nrenderers = []\n\n[preprocessor.lecture.samples]\n\(setting == "off" ? "" : "sandbox = \"\(setting)\"\n")libraries = [\(declared)]\n",
                to: book + "/book.toml")
        }
        defer { Files.remove(root) }
        var times = Interleaved()
        var failed: CheckRun?
        for round in 1...sampleRuns {
            for setting in round % 2 == 1 ? ["require", "off"] : ["off", "require"] {
                let cache = root + "/cache-\(setting)-\(round)"
                try Files.makeDirectory(cache)
                try Files.copy(context.standInsRoot, to: cache + "/libraries")
                // A book may not turn the sandbox off: the person building does (`--sandbox off`).
                let run = try check(
                    root + "/" + setting, cache: cache, context: context,
                    extra: setting == "off" ? ["--sandbox", "off"] : [], contentOption: false)
                if !run.succeeded { failed = run }
                times.record(setting, run.seconds)
                note("sandbox = \(setting), round \(round): cold \(Format.seconds(run.seconds)); \(run.closing)")
                Files.remove(cache)
            }
        }
        let ratio = times.ratio("require", "off")
        rows.append(
            Row(
                part: "8",
                measure:
                    "lecture's samples, cold check, sandbox = require vs off (median of \(sampleRuns), interleaved)",
                lecture: Format.seconds(times.median("require")),
                baseline: "off \(Format.seconds(times.median("off")))",
                ratio: Format.ratio(ratio), goal: "≤ 1.05× off",
                result: failed.map { "FAILED: \($0.closing)" } ?? Format.verdict(ratio <= 1.05)))
    }
}
