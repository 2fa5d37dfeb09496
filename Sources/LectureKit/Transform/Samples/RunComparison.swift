import LectureSupport

/// The two-run rule (the manual, "Samples": "The two-run rule"): every sample that ran to its end is run a
/// second time, and a verdict stands only when both runs printed the same standard output and
/// ended the same way. A sample whose output varies from run to run (a `Set` or a `Dictionary`
/// printed in Swift's per-process hash order, threads racing) would otherwise pass by luck once
/// and be served from the cache forever.
enum RunComparison {
    /// Lines of each run's output shown in the diagnostic, at most.
    static let shownLines = 40

    /// `nil` when the two runs agree; else the error, at the sample's line, showing both outputs.
    /// `secondNumber`: which run `second` was (2 unless `HashOrderRuns` ran the sample more).
    static func difference(
        _ first: Subprocess.Result, _ second: Subprocess.Result, sample: Sample, secondNumber: Int = 2
    ) -> Diagnostic? {
        let sameOutput = first.stdout == second.stdout
        let sameEnd = first.termination == second.termination
        guard !sameOutput || !sameEnd else { return nil }
        let at = differingPart(first.stdoutText, second.stdoutText, of: sample, sameOutput: sameOutput)
        var notes = [
            "first run" + ending(first) + ":\n" + shown(at.first),
            ordinal(secondNumber) + " run" + ending(second) + ":\n" + shown(at.second),
        ]
        if let part = at.part, part.fence != sample.location {
            notes.append(
                "what the program continued on this page printed while running the block at \(sample.path):\(part.fence.line); the program starts at \(sample.path):\(sample.location.line)"
            )
        }
        notes.append(
            sameOutput
                ? "the same output, but the runs ended differently: look for a race between threads"
                : "make the output the same on every run: sort a Set or a Dictionary before printing it (Swift seeds its hashing per process), and wait for work on other threads in a fixed order"
        )
        return .error(
            .sampleUnstable,
            sample.path, at.part?.fence ?? sample.location,
            sameOutput ? "sample ended differently in two runs" : "output differs between two runs",
            notes: notes)
    }

    /// In a continued program (`Sample.marksParts`), the part whose output differs between the
    /// two runs (or, when only the ending differs, the part that was running) and what each run
    /// printed while running it (newuser-8, #2: the error stood at the page's first fence and
    /// showed every part, the markers between them too); else the whole outputs and no part.
    static func differingPart(
        _ first: String, _ second: String, of sample: Sample, sameOutput: Bool
    ) -> (part: Sample.Part?, first: String, second: String) {
        guard sample.marksParts else { return (nil, first, second) }
        let one = Sample.printedParts(first)
        let two = Sample.printedParts(second)
        let index =
            sameOutput
            ? one.count - 1
            : (0..<max(one.count, two.count)).first {
                (one.indices.contains($0) ? one[$0] : nil) != (two.indices.contains($0) ? two[$0] : nil)
            }
                ?? one.count - 1
        let part = min(index, sample.parts.count - 1)
        func printed(_ parts: [String]) -> String { parts.indices.contains(part) ? parts[part] : "" }
        return (sample.parts[part], printed(one), printed(two))
    }

    /// `second`, `third`, … `tenth` for 2 to 10, else `run 11`'s number (`11th`).
    static func ordinal(_ number: Int) -> String {
        let words = ["second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        return (2...10).contains(number) ? words[number - 2] : "\(number)th"
    }

    /// ` (exited with status 1)` for an ending other than a clean exit, else nothing.
    static func ending(_ run: Subprocess.Result) -> String {
        switch run.termination {
        case .exited(0): return ""
        case .exited(let status): return " (exited with status \(status))"
        case .signaled(let signal): return " (crashed with \(Subprocess.signalName(signal)))"
        case .timedOut: return " (timed out)"
        case .outputLimitExceeded: return " (wrote too much)"
        case .fileLimitExceeded: return " (wrote too many files)"
        case .sandboxFailed: return " (the sandbox failed)"
        case .sandboxNotStarted: return " (the sandbox did not start it)"
        }
    }

    /// The output with invisible characters made visible, cut at `shownLines` lines.
    static func shown(_ output: String) -> String {
        let lines = OutputComparison.normalize(output).split(separator: "\n", omittingEmptySubsequences: false)
        if output.isEmpty { return "(nothing)" }
        var text = lines.prefix(shownLines).map { OutputComparison.visible(String($0)) }.joined(separator: "\n")
        if lines.count > shownLines { text += "\n(\(lines.count - shownLines) more lines)" }
        return text
    }
}

extension Subprocess.Termination {
    /// Whether the sandbox, not the program, ended the run without a verdict.
    var isTheSandboxs: Bool {
        switch self {
        case .sandboxFailed, .sandboxNotStarted: true
        default: false
        }
    }
}

extension Subprocess.Result {
    /// Whether the run went to its own end (not killed for the time limit, the output cap or the
    /// limit on its folder, and judged by its sandbox).
    var isComplete: Bool {
        switch termination {
        case .timedOut, .outputLimitExceeded, .fileLimitExceeded, .sandboxFailed, .sandboxNotStarted: false
        case .exited, .signaled: true
        }
    }
}
