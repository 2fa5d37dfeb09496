import Foundation

/// Part 5: what build-time highlighting and hover cards cost, against the same tool with
/// `LECTURE_SWIFT_ANALYSIS=off` (Swift escaped for highlight.js, no SourceKit), in the same run.
/// `check` looks up no cards, so their cost shows in the first build after a cold check, which
/// compiles nothing and looks up every passing sample's cards.
extension Bench {
    mutating func partSwiftAnalysis() throws {
        let root = temp + "/analysis"
        try Files.copy(repo + "/content", to: root + "/content")
        let content = root + "/content"
        // A one-sample book that builds the stand-ins into a cache, outside the measured time.
        let primer = root + "/primer"
        try Files.makeDirectory(primer)
        try Files.write("# Primer\n\n- [A](a.md)\n", to: primer + "/SUMMARY.md")
        try Files.write("# A\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n", to: primer + "/a.md")
        let samples = extractSamples(content).filter { $0.mode != .ignore }.count
        let off = ["LECTURE_SWIFT_ANALYSIS": "off"]
        var cold: [String: Double] = [:]
        var cards: [String: Double] = [:]
        var warm: [String: Double] = [:]
        for (name, environment) in [("on", [String: String]()), ("off", off)] {
            let cache = root + "/cache-\(name)"
            let output = root + "/site-\(name)"
            // Cold: `check` on a fresh cache (the stand-ins are built once, outside the time).
            try Files.makeDirectory(cache)
            _ = try Run.measure(
                lecture, ["check", "--content", primer, "--cache-dir", cache],
                directory: root, environment: environment, timeout: 1200)
            let first = try Run.measure(
                lecture, ["check", "--content", content, "--cache-dir", cache],
                directory: root, environment: environment, timeout: 1200)
            if !first.succeeded {
                note("analysis \(name): cold check exited \(first.status): \(first.stderr.suffix(800))")
            }
            cold[name] = first.seconds
            // The first build after it: every verdict from the cache, every card looked up (on).
            // Warm: the whole build, every sample and card from the cache, best of the runs.
            var times: [Double] = []
            for run in 0...buildRuns {
                let build = try Run.measure(
                    lecture,
                    [
                        "build", "--content", content, "--templates", templates, "--output", output, "--cache-dir",
                        cache,
                    ],
                    directory: root, environment: environment, timeout: 1200)
                if !build.succeeded {
                    note("analysis \(name): build exited \(build.status): \(build.stderr.suffix(800))")
                }
                if run == 0 { cards[name] = build.seconds } else { times.append(build.seconds) }
            }
            warm[name] = times.min()!
            note(
                "analysis \(name): cold check \(Format.seconds(first.seconds)), first build \(Format.seconds(cards[name]!)), warm build \(times.map(Format.seconds).joined(separator: " / "))"
            )
        }
        let ratio = warm["on"]! / warm["off"]!
        rows.append(
            Row(
                part: "5", measure: "warm build of the lecture, highlighting and hover cards on (best of \(buildRuns))",
                lecture: Format.seconds(warm["on"]!), baseline: "off \(Format.seconds(warm["off"]!))",
                ratio: Format.ratio(ratio), goal: "≤ 1.10× off", result: Format.verdict(ratio <= 1.10)))
        rows.append(
            Row(
                part: "5", measure: "lecture's samples (\(samples)), cold check, highlighting and hover cards on",
                lecture: Format.seconds(cold["on"]!), baseline: "off \(Format.seconds(cold["off"]!))",
                ratio: Format.ratio(cold["on"]! / cold["off"]!), goal: "report (no cards in a check)", result: ""))
        let perSample = (cards["on"]! - cards["off"]!) / Double(max(samples, 1))
        rows.append(
            Row(
                part: "5",
                measure: "lecture's samples (\(samples)), first build after a cold check: hover cards per sample",
                lecture: Format.seconds(max(perSample, 0)) + " per sample",
                baseline:
                    "compile and run \(Format.seconds(cold["off"]! / Double(max(samples, 1)))) per sample (cold check \(Format.seconds(cold["off"]!)))",
                ratio: String(format: "+%.0f%% of the check", (cards["on"]! - cards["off"]!) / cold["off"]! * 100),
                goal: "report", result: ""))
    }
}
