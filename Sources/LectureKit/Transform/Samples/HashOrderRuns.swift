import Foundation
import LectureSupport

/// More runs for a sample whose output may follow Swift's hash order. Swift seeds its hashing per
/// process (and per table, from its address), and `SWIFT_DETERMINISTIC_HASHING` only fixes one
/// order, which a reader's run does not have; so the only way to tell a lucky order from a fixed
/// one is to run again. Two runs of a small `Dictionary` or `Set` agree far too often (three keys
/// print in one of 6 orders, the commonest a quarter of the time; two in one of 2, half of the
/// time), so a sample that may print one runs `runs` times in all, and passes only when every run
/// printed the same: a two-key `Set` then passes by luck once in 2^9, a three-key `Dictionary`
/// once in about 10^6. A run that differs stops the rest, and the sample fails as any sample
/// whose two runs differ (`RunComparison`), never cached as passed.
enum HashOrderRuns {
    /// Runs in all, for a sample that may print in hash order.
    static let runs = 10

    /// Whether `code` (the program) or `output` (its first run's) may depend on hash order: the
    /// code names a hashed collection (`Set`, `Dictionary`, a `[K: V]` type or literal, `[:]`,
    /// `.keys`/`.values`, `Hashable`/`Hasher`, an encoder that writes a dictionary's keys in its
    /// order), or the output holds a dictionary's description (`["a": 1, "b": 2]`), which a
    /// sample library's function may have returned.
    static func mayDependOnHashOrder(code: String, output: String) -> Bool {
        matches(codePattern, code) || holdsDictionaryDescription(output)
    }

    private static func matches(_ expression: NSRegularExpression?, _ text: String) -> Bool {
        guard let expression else { return true }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    static let codePattern = try? NSRegularExpression(
        pattern:
            #"\b(Set|Dictionary|NSDictionary|NSMutableDictionary|NSSet|NSMutableSet|NSCountedSet|Hashable|Hasher|hashValue|JSONEncoder|JSONSerialization|PropertyListEncoder|PropertyListSerialization)\b|\.(keys|values)\b|\[\s*:\s*\]|\[[^\[\]\n:,"]+:[^\]\n]"#
            + #"|\[\s*"[^"\n]*"\s*:"#)

    /// Whether a line of `output` holds `[KEY: VALUE, KEY: VALUE`, a dictionary's description of
    /// two entries or more: a `[`, then `: ` before any other bracket, then `, `, then `: `. One
    /// pass over the bytes: the regular expression it replaces (`\[[^\[\]\n]*: [^\n]*, [^\n]*: `)
    /// backtracked cubically on a line of `[`, many `: ` and many `, ` (126 KB of a sample's
    /// output held lecture for 270 s after the sample ended; attack 20, F1). The earliest `: `
    /// after a `[` leaves the most room for the rest, so no other needs trying.
    static func holdsDictionaryDescription(_ output: String) -> Bool {
        enum Step { case open, key, comma, secondKey }
        var step = Step.open
        var previous: UInt8 = 0
        for byte in output.utf8 {
            switch byte {
            case UInt8(ascii: "\n"):
                step = .open
            case UInt8(ascii: "[") where step == .open || step == .key:
                step = .key
            case UInt8(ascii: "]") where step == .key:
                step = .open
            case UInt8(ascii: " ") where previous == UInt8(ascii: ":"):
                if step == .key { step = .comma } else if step == .secondKey { return true }
            case UInt8(ascii: " ") where previous == UInt8(ascii: ",") && step == .comma:
                step = .secondKey
            default:
                break
            }
            previous = byte
        }
        return false
    }
}

extension SampleVerifier {
    /// Runs `executable` twice (the two-run rule), and when the output may follow hash order
    /// (`HashOrderRuns`), up to `HashOrderRuns.runs` times: the first run, and the second one, or
    /// the first later one that differed from the first (`nil` when the first did not run to its
    /// end), with its number (2 for the second run). `reads`: the sample whose files each run is
    /// given, if any (`SampleReads`).
    func repeatedRuns(_ executable: String, of sample: Sample, reads: Sample?) throws -> RepeatedRuns {
        let first = try runOnce(executable, of: reads)
        guard first.isComplete else { return RepeatedRuns(first: first, again: nil) }
        var again = RepeatedRuns(first: first, again: try runOnce(executable, of: reads))
        guard Self.agree(first, again.again!),
            HashOrderRuns.mayDependOnHashOrder(code: sample.program, output: first.stdoutText)
        else { return again }
        for number in 3...HashOrderRuns.runs {
            let run = try runOnce(executable, of: reads)
            again = RepeatedRuns(first: first, again: run, againNumber: number)
            if !Self.agree(first, run) { break }
        }
        return again
    }

    /// The first run of a sample and the one it is compared with.
    struct RepeatedRuns {
        var first: Subprocess.Result
        /// The second run, or the first later one that differed from `first`; `nil` when `first`
        /// did not run to its end.
        var again: Subprocess.Result?
        /// Which run `again` was.
        var againNumber = 2
    }

    /// Whether two runs printed the same and ended the same way.
    static func agree(_ first: Subprocess.Result, _ second: Subprocess.Result) -> Bool {
        first.stdout == second.stdout && first.termination == second.termination
    }
}
