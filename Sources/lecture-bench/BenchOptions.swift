import LectureKit
import LectureSupport

/// `lecture-bench [run]`'s options, declared as `lecture`'s are (`Option`), so its usage text is
/// generated from the same declarations that parse it.
struct BenchOptions: ParsableOptions {
    /// `--lecture PATH`: the `lecture` executable measured (default: the one beside the bench).
    var lecture: String?
    /// `--repo DIR`: the repository with `site-templates/` and `content/` (default: the working directory).
    var repo: String?
    /// `--parts 1,2,…`: the parts to run (default: all).
    var parts: Set<Int>?
    /// `--pages 250,500,1000`: the book sizes of part 1.
    var pages: [Int]?
    /// `--samples N`: generated samples for part 2.
    var samples: Int?
    /// `--runs N`: builds of each size (best of N).
    var runs: Int?
    /// `--hugo-runs N`: Hugo builds (best of N).
    var hugoRuns: Int?
    /// `--sample-runs N`: runs of each sample measurement.
    var sampleRuns: Int?
    /// `--shape-rounds N`: interleaved rounds of each shape of part 7.
    var shapeRounds: Int?
    /// `--shape-pages N`: pages of part 7's shapes (default 1,000; 250 with `--quick`).
    var shapePages: Int?
    /// `--memory-pages N,…`: pages of part 7's memory builds, a row each (default 5,000; 1,000 with `--quick`).
    var memoryPages: [Int]?
    /// `--shapes NAME,…`: the books of part 7 to measure (default: all).
    var shapes: Set<String>?
    /// `--quick`: smaller books and fewer runs, for a short run.
    var quick = false
    /// `--mdbook PATH`: mdBook's executable (default: `.build/venv/bin/mdbook`, else `mdbook` on PATH).
    var mdbook: String?
    /// `--keep`: keep the temporary folder.
    var keep = false

    static var options: [Option<BenchOptions>] {
        [
            .value(
                "--lecture", value: "path", help: "The lecture executable (default: beside lecture-bench).",
                at: \.lecture),
            .value("--repo", value: "dir", help: "The repository root (default: the current folder).", at: \.repo),
            .value("--parts", value: "1,2,3,4,5,6,7,8", help: "The parts to run (default: all).", at: \.parts) { text in
                Set(text.split(separator: ",").compactMap { Int($0) })
            },
            .value("--pages", value: "250,500,1000", help: "Book sizes for part 1.", at: \.pages) { text in
                let counts = text.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
                guard !counts.isEmpty else {
                    throw LectureError(.badOptionValue, "--pages takes counts such as 250,500,1000")
                }
                return counts
            },
            .value(
                "--samples", value: "n", help: "Generated samples for part 2.", at: \.samples,
                convert: positive("--samples")),
            .value(
                "--runs", value: "n", help: "Builds of each size, best of n.", at: \.runs, convert: positive("--runs")),
            .value(
                "--hugo-runs", value: "n", help: "Hugo builds, best of n.", at: \.hugoRuns,
                convert: positive("--hugo-runs")),
            .value(
                "--sample-runs", value: "n", help: "Runs of each sample measurement.", at: \.sampleRuns,
                convert: positive("--sample-runs")),
            .value(
                "--shape-rounds", value: "n", help: "Interleaved rounds of each shape of part 7.", at: \.shapeRounds,
                convert: positive("--shape-rounds")),
            .value(
                "--shape-pages", value: "n", help: "Pages of part 7's shapes (long pages scale with it).",
                at: \.shapePages, convert: positive("--shape-pages")),
            .value(
                "--memory-pages", value: "n,…", help: "Pages of part 7's memory builds, a row each.",
                at: \.memoryPages
            ) { text in try text.split(separator: ",").map { try positive("--memory-pages")(String($0)) } },
            .value(
                "--shapes", value: "name,…",
                help:
                    "Part 7's books: small-book, many-pages, long-pages, deep-nesting, code-heavy, lecture, api-guidelines, async-book, memory.",
                at: \.shapes
            ) { text in Set(text.split(separator: ",").map(String.init)) },
            .flag("--quick", help: "A short run: books a quarter the size, fewer runs.", at: \.quick),
            .value(
                "--mdbook", value: "path", help: "mdBook's executable (default: .build/venv/bin/mdbook, else PATH).",
                at: \.mdbook),
            .flag("--keep", help: "Keep the temporary folder.", at: \.keep),
        ]
    }
}

/// `lecture-bench generate-book N DIR` and `generate-samples N DIR`: the count, the folder, the seed.
struct GeneratorOptions: ParsableOptions {
    /// `--seed S`: the generator's seed (default: the bench's own).
    var seed: UInt64?
    /// `N DIR`.
    var arguments: [String] = []

    static var options: [Option<GeneratorOptions>] {
        [
            .value("--seed", value: "s", help: "The generator's seed.", at: \.seed) { text in
                UInt64(try positive("--seed")(text))
            }
        ]
    }
    static var positionals: [Positional<GeneratorOptions>] { [.all(usage: "<n> <dir>", at: \.arguments)] }
}

/// A conversion to a whole number above 0. - Throws: `LectureError` naming the option.
func positive(_ name: String) -> (String) throws -> Int {
    { text in
        guard let value = Int(text), value > 0 else {
            throw LectureError(.badOptionValue, "\(name) takes a positive number, not '\(text)'")
        }
        return value
    }
}

/// The usage text, from the declarations.
let usage = [
    HelpText.usage(command: "lecture-bench [run]", options: BenchOptions.options, positionals: []),
    HelpText.usage(
        command: "lecture-bench generate-book", options: GeneratorOptions.options,
        positionals: GeneratorOptions.positionals),
    HelpText.usage(
        command: "lecture-bench generate-samples", options: GeneratorOptions.options,
        positionals: GeneratorOptions.positionals),
    "lecture-bench generate-shape small-book|many-pages|long-pages|deep-nesting|code-heavy <n> <dir>",
].enumerated().map { ($0.offset == 0 ? "usage: " : "       ") + $0.element }.joined(separator: "\n")
