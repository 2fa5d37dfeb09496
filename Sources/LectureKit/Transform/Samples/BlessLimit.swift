import LectureSupport

/// How much `--bless` writes into a page without being asked (new-user review 6, finding 13: a
/// sample printing 5,000 lines pasted them into the page without a word): an output block longer
/// than the limit is refused at its sample, with how to print less or allow it
/// (`--bless-max-lines`), and each page bless rewrites is reported with the lines it wrote.
enum BlessLimit {
    /// Lines one output block may hold when `--bless-max-lines` is not given.
    static let defaultMaxLines = 500

    /// The lines `output` takes in its block (a trailing newline ends the last line).
    static func lineCount(_ output: String) -> Int {
        let text = output.hasSuffix("\n") ? output.dropLast() : output[...]
        return text.isEmpty ? 0 : text.split(separator: "\n", omittingEmptySubsequences: false).count
    }

    /// The refusal at `sample` (its fence in `path`) whose block would hold `lines` lines.
    static func refusal(_ sample: Sample, path: String, lines: Int, maxLines: Int) -> Diagnostic {
        .error(
            .blessRefused, path, sample.location,
            "cannot bless: the output block would hold \(lines) lines, more than \(maxLines)",
            notes: [
                "a page shows every line of its output block: print less, or mark the fence 'run' to run it without comparing; to write it anyway, run 'lecture check --bless --bless-max-lines \(lines)'"
            ])
    }

    /// What bless says for the blocks it removed from a page: `should_fail` samples that printed
    /// nothing on standard output (`Bless.removesBlock`).
    static func removedReport(blocks: Int, path: String) -> String {
        "removed \(blocks) output block\(blocks == 1 ? "" : "s") in \(path): a 'should_fail' sample that printed nothing on standard output shows no output box"
    }

    /// `blessed N output blocks in PATH (L lines)`, what bless says for each page it rewrote.
    static func report(blocks: Int, lines: Int, path: String) -> String {
        "blessed \(blocks) output block\(blocks == 1 ? "" : "s") in \(path) (\(lines) line\(lines == 1 ? "" : "s"))"
    }
}
