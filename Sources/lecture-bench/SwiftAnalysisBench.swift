import Foundation

/// Part 5: what build-time highlighting and hover cards cost, against the same tool with
/// `LECTURE_SWIFT_ANALYSIS=off` (Swift escaped for highlight.js, no SourceKit), in the same run.
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
            // Warm: the whole build, every sample from the cache, best of the runs.
            var times: [Double] = []
            for _ in 1...buildRuns {
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
                times.append(build.seconds)
            }
            warm[name] = times.min()!
            note(
                "analysis \(name): cold check \(Format.seconds(first.seconds)), warm build \(times.map(Format.seconds).joined(separator: " / "))"
            )
        }
        let ratio = warm["on"]! / warm["off"]!
        rows.append(
            Row(
                part: "5", measure: "warm build of the lecture, highlighting and hover cards on (best of \(buildRuns))",
                lecture: Format.seconds(warm["on"]!), baseline: "off \(Format.seconds(warm["off"]!))",
                ratio: Format.ratio(ratio), goal: "≤ 1.10× off", result: Format.verdict(ratio <= 1.10)))
        let perSample = (cold["on"]! - cold["off"]!) / Double(max(samples, 1))
        rows.append(
            Row(
                part: "5", measure: "lecture's samples (\(samples)), cold check: hover cards per sample",
                lecture: Format.seconds(max(perSample, 0)) + " per sample",
                baseline:
                    "compile and run \(Format.seconds(cold["off"]! / Double(max(samples, 1)))) per sample (\(Format.seconds(cold["off"]!)) in all)",
                ratio: String(format: "+%.0f%%", (cold["on"]! / cold["off"]! - 1) * 100), goal: "report", result: ""))
    }
}
