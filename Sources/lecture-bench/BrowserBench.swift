import Foundation

/// Part 3, as an author sees it: on the real lecture served by `lecture serve`, the time from a
/// save to the change rendered in an open page of Debian's headless Chromium, driven by
/// Playwright (`Tests/BrowserTests/preview_bench.py`, in the private venv `make bench` sets up,
/// as `make browser-test` does). Baseline of the same run: a full reload of that page, which is
/// what each save cost before pages swapped their `<main>` in place.
enum BrowserBench {
    struct Outcome {
        /// Milliseconds per save, or `nil` with `reason` when the browser could not be driven.
        var prose: [Double] = []
        var sample: [Double] = []
        var reload: [Double] = []
        var reason = ""
    }

    /// Runs the script with `runs` timed saves of each kind.
    static func measure(lecture: String, repo: String, runs: Int = 7) -> Outcome {
        let python = repo + "/.build/venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            return Outcome(reason: "no .build/venv (make bench installs Playwright there)")
        }
        guard
            let result = try? Run.measure(
                python, [repo + "/Tests/BrowserTests/preview_bench.py", lecture, repo, String(runs)], timeout: 900),
            result.succeeded,
            let line = result.stdout.split(separator: "\n").last,
            let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: [Double]]
        else {
            return Outcome(reason: "the browser bench failed")
        }
        return Outcome(prose: json["prose"] ?? [], sample: json["sample"] ?? [], reload: json["reload"] ?? [])
    }

    /// The two rows: prose edit → visible (goal ≤ 150 ms median) and sample edit → verified
    /// output visible (goal ≤ 450 ms median), each against the same run's full reload.
    static func rows(_ outcome: Outcome) -> [Row] {
        let proseMeasure = "real lecture in Chromium: save prose → new text visible"
        let sampleMeasure = "real lecture in Chromium: save a sample → verified output visible"
        guard !outcome.prose.isEmpty, !outcome.sample.isEmpty, !outcome.reload.isEmpty else {
            return [
                Row(
                    part: "3", measure: proseMeasure, lecture: "skipped: \(outcome.reason)", baseline: "—", ratio: "—",
                    goal: "≤ 150 ms", result: "skipped"),
                Row(
                    part: "3", measure: sampleMeasure, lecture: "skipped: \(outcome.reason)", baseline: "—", ratio: "—",
                    goal: "≤ 450 ms", result: "skipped"),
            ]
        }
        let reload = median(outcome.reload) / 1000
        func row(_ measure: String, _ values: [Double], goal: Double) -> Row {
            let value = median(values) / 1000
            return Row(
                part: "3", measure: measure + " (median of \(values.count))", lecture: Format.seconds(value),
                baseline: "full reload \(Format.seconds(reload))", ratio: Format.ratio(value / reload),
                goal: "≤ \(Int(goal * 1000)) ms", result: Format.verdict(value <= goal))
        }
        return [row(proseMeasure, outcome.prose, goal: 0.15), row(sampleMeasure, outcome.sample, goal: 0.45)]
    }
}
