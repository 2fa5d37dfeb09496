import Foundation

/// Part 1's search rows: on the built 1,000-page book, from `file://` in Debian's headless Chromium
/// driven by Playwright (`Tests/BrowserTests/search_bench.py`, in the private venv `make bench`
/// sets up), the bytes of index the first and the second query load and the time from typing to
/// the results shown (median of the runs), and the index's total size.
enum SearchBench {
    /// The queries: words in nearly every page of the generated book, the case that loads most.
    static let first = "뷰 모델"
    static let second = "생명주기 테스트"

    struct Query {
        var ms: [Double]
        var bytes: Int
        var files: Int
        var status: String
    }

    struct Outcome {
        var first: Query?
        var second: Query?
        var totalBytes = 0
        var totalFiles = 0
        var reason = ""
    }

    static func measure(site: String, page: String, repo: String, runs: Int = 5) -> Outcome {
        let python = repo + "/.build/venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            return Outcome(reason: "no .build/venv (make bench installs Playwright there)")
        }
        guard
            let result = try? Run.measure(
                python, [repo + "/Tests/BrowserTests/search_bench.py", site, page, String(runs), first, second],
                timeout: 600),
            result.succeeded,
            let line = result.stdout.split(separator: "\n").last,
            let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        else {
            return Outcome(reason: "the search bench failed")
        }
        func query(_ key: String) -> Query? {
            guard let value = json[key] as? [String: Any], let ms = value["ms"] as? [Double], !ms.isEmpty else {
                return nil
            }
            return Query(
                ms: ms, bytes: value["bytes"] as? Int ?? 0, files: value["files"] as? Int ?? 0,
                status: value["status"] as? String ?? "")
        }
        return Outcome(
            first: query("first"), second: query("second"), totalBytes: json["total_bytes"] as? Int ?? 0,
            totalFiles: json["total_files"] as? Int ?? 0)
    }

    /// Per query: bytes loaded (goal ≤ 1 MB for the first) and time to results (goal ≤ 300 ms);
    /// then the index's total size (reported).
    static func rows(_ outcome: Outcome, pages: String) -> [Row] {
        guard let first = outcome.first, let second = outcome.second else {
            return [
                Row(
                    part: "1", measure: "search, \(pages) pages, from file://", lecture: "skipped: \(outcome.reason)",
                    baseline: "—", ratio: "—", goal: "≤ 1 MB, ≤ 300 ms", result: "skipped")
            ]
        }
        var rows: [Row] = []
        for (name, text, query) in [("first", SearchBench.first, first), ("second", SearchBench.second, second)] {
            let total = Double(max(outcome.totalBytes, 1))
            rows.append(
                Row(
                    part: "1", measure: "search, \(pages) pages: \(name) query «\(text)», bytes loaded",
                    lecture: "\(Format.bytes(query.bytes)) in \(query.files) files",
                    baseline: "whole index \(Format.bytes(outcome.totalBytes))",
                    ratio: String(format: "%.1f%%", Double(query.bytes) / total * 100),
                    goal: "≤ 1 MB", result: Format.verdict(query.bytes <= 1_000_000)))
            let ms = median(query.ms) / 1000
            rows.append(
                Row(
                    part: "1",
                    measure: "search, \(pages) pages: \(name) query, typing → results (median of \(query.ms.count))",
                    lecture: Format.seconds(ms), baseline: query.status, ratio: "—", goal: "≤ 300 ms",
                    result: Format.verdict(ms <= 0.3)))
        }
        rows.append(
            Row(
                part: "1", measure: "search index, \(pages) pages (total)",
                lecture: "\(Format.bytes(outcome.totalBytes)) in \(outcome.totalFiles) files", baseline: "—",
                ratio: "—", goal: "report", result: "reported"))
        return rows
    }
}
