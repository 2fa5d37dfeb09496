/// How expected and actual output are compared, and how a mismatch is shown.
///
/// Three things are normalised, on both sides: CRLF becomes LF, one final newline is dropped,
/// and every other C0 control character (and DEL) becomes its visible Unicode control picture
/// (ESC as `␛`, U+241B; a lone CR as `␍`): the form `--bless` writes into the Markdown and the
/// page shows, so neither ever holds a raw control byte. Everything else (spaces, blank lines,
/// Unicode) must match exactly, byte for byte: `é` printed in NFD (`e` + U+0301) is not the NFC
/// `é` of the output block (Swift's `==` held them equal), and a zero-width or non-breaking space
/// counts; when such a difference is all a line has, the diff shows the code points.
enum OutputComparison {
    /// `text` with CRLF made LF, one final newline removed, control characters made visible.
    /// Whether a program printed nothing at all: not a byte. One that printed only blank lines
    /// printed something (its output block holds them, `blockLines`). The one test of it, for
    /// `--bless` (`Bless`, `ContinuedBless`) and the judge's notes (`SampleJudge`).
    static func printedNothing(_ output: String) -> Bool { output.isEmpty }

    /// The diff's line for a program that printed nothing on standard output.
    static let nothingPrinted = "(nothing on standard output)"

    /// The lines an output block holds for `output`: `normalize`d, split at line feeds; none
    /// when that leaves no text (the compared lines, and the lines `--bless` writes).
    static func blockLines(_ output: String) -> [String] {
        let text = normalize(output)
        return text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The first line (from 0) of the output block `expected` that differs from `actual`: the
    /// line a person edits, or the block's line count when every line matches and one side
    /// has more (the lines missing there go before the closing fence).
    static func firstDifferingLine(expected: String, actual: String) -> Int {
        let old = blockLines(expected)
        let new = blockLines(actual)
        return zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
    }

    static func normalize(_ text: String) -> String {
        var text = visibleControls(
            text.split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n"))
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// `text` with each C0 control character but tab and line feed, and DEL, replaced by its
    /// picture from Unicode's Control Pictures block (U+2400 + the code; DEL is U+2421).
    static func visibleControls(_ text: String) -> String {
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: out.append(scalar)
            case 0..<0x20: out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: out.append(Unicode.Scalar(0x2421)!)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether the two are equal after `normalize`.
    static func matches(expected: String, actual: String) -> Bool {
        normalize(expected).utf8.elementsEqual(normalize(actual).utf8)
    }

    /// A line diff of expected against actual (`-` expected only, `+` actual only, ` ` both),
    /// with invisible characters made visible: a space at the end of a line as `·`, a tab as
    /// `→`, a carriage return as `␍`, and other control characters as `\u{…}`.
    /// Lines compared a side: line diffs cost up to the product of the lengths.
    static let diffLimit = 500

    /// Whether `diff` leaves lines of either side out.
    static func diffIsCut(expected: String, actual: String) -> Bool {
        func lines(_ text: String) -> Int { normalize(text).utf8.lazy.filter { $0 == 0x0A }.count + 1 }
        return lines(expected) > diffLimit || lines(actual) > diffLimit
    }

    static func diff(expected: String, actual: String, fullOutput: String? = nil) -> String {
        // Past 500 lines a side, only the first 500 are compared, and the diff says so first,
        // with the exact counts: said after 1,000 lines, the cut would be off a terminal's screen,
        // and the terminal's count of what it left out would look like all.
        let limit = diffLimit
        let allOld = normalize(expected).split(separator: "\n", omittingEmptySubsequences: false)
        let allNew = normalize(actual).split(separator: "\n", omittingEmptySubsequences: false)
        let old = allOld.prefix(limit).map(String.init)
        let new = allNew.prefix(limit).map(String.init)
        var lines = ["--- expected", "+++ actual"]
        if allOld.count > limit || allNew.count > limit {
            lines.insert(
                "(only the first \(limit) lines of each side are compared: expected has \(allOld.count) lines, actual \(allNew.count); "
                    + "\(max(0, allOld.count - limit)) expected and \(max(0, allNew.count - limit)) actual lines are not in this diff"
                    + (fullOutput.map { "; the whole actual output is in \($0)" } ?? "") + ")", at: 0)
        }
        // Nothing printed reads as nothing, not as a "+" line (one empty line printed).
        if actual.isEmpty, !expected.isEmpty {
            return (lines + old.map { "-" + visible($0) } + [nothingPrinted])
                .joined(separator: "\n")
        }
        // Lines compared by their bytes: `String`'s `==` holds NFC and NFD lines equal.
        let difference = new.map { Array($0.utf8) }.difference(from: old.map { Array($0.utf8) })
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var i = 0
        var j = 0
        var lastRemoved: String?
        var lookAlikes = 0
        while i < old.count || j < new.count {
            if i < old.count && removed.contains(i) {
                lines.append("-" + visible(old[i]))
                lastRemoved = old[i]
                i += 1
            } else if j < new.count && inserted.contains(j) {
                lines.append("+" + visible(new[j]))
                // A pair that reads the same: its code points, where they differ.
                if let before = lastRemoved, let points = codePoints(expected: before, actual: new[j]) {
                    lines += points
                    lookAlikes += 1
                }
                lastRemoved = nil
                j += 1
            } else {
                if i < old.count { lines.append(" " + visible(old[i])) }
                lastRemoved = nil
                i += 1
                j += 1
            }
        }
        if lookAlikes > 0 {
            lines.append(
                "(lines that read the same differ in their code points: Unicode normalisation (NFC, NFD) or invisible characters; output is compared byte for byte)"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The code points around the first difference of two lines that read the same (canonically
    /// equivalent, or equal but for invisible characters), as two lines of the diff; else `nil`.
    static func codePoints(expected: String, actual: String) -> [String]? {
        func invisible(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .format || scalar.value == 0xA0 || scalar.value == 0x3000
                || (scalar.properties.isWhitespace && scalar != " " && scalar != "\t")
        }
        func readable(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.filter { !invisible($0) }))
        }
        guard expected == actual || readable(expected) == readable(actual) else { return nil }
        let a = Array(expected.unicodeScalars)
        let b = Array(actual.unicodeScalars)
        var first = 0
        while first < a.count && first < b.count && a[first] == b[first] { first += 1 }
        var tail = 0
        while tail < a.count - first && tail < b.count - first && a[a.count - 1 - tail] == b[b.count - 1 - tail] {
            tail += 1
        }
        func window(_ scalars: [Unicode.Scalar]) -> String {
            let start = max(0, first - 1)
            let end = min(scalars.count, max(scalars.count - tail + 1, first + 1))
            let shown = scalars[start..<end].prefix(12).map { scalar -> String in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
            return shown.joined(separator: " ") + (end - start > 12 ? " …" : "")
        }
        return ["  expected " + window(a), "  actual   " + window(b)]
    }

    static func visible(_ line: String) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\t": out += "→"
            case "\r": out += "␍"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        var trailing = 0
        while out.hasSuffix(" ") {
            out.removeLast()
            trailing += 1
        }
        return out + String(repeating: "·", count: trailing)
    }
}

extension OutputComparison {
    /// `bytes` as text with each byte that is not part of valid UTF-8 written `\xFF`, when there
    /// is one; nil when `bytes` are valid UTF-8.
    static func notUTF8(_ bytes: [UInt8]) -> String? {
        guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
        var shown = ""
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length =
                lead < 0x80
                ? 1
                : (0xC2...0xDF).contains(lead)
                    ? 2 : (0xE0...0xEF).contains(lead) ? 3 : (0xF0...0xF4).contains(lead) ? 4 : 0
            if length > 0, index + length <= bytes.count,
                let scalar = String(validating: bytes[index..<index + length], as: UTF8.self)
            {
                shown += scalar
                index += length
            } else {
                let hex = String(lead, radix: 16, uppercase: true)
                shown += "\\x" + (hex.count == 1 ? "0" : "") + hex
                index += 1
            }
        }
        return shown
    }

    /// How many lines the actual output lacks when it is a strict prefix (line by line) of the
    /// expected one, the mark of a program that ended before its work did; else `nil`.
    static func missingTail(expected: String, actual: String) -> Int? {
        let want = normalize(expected).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let have = blockLines(actual)
        guard have.count < want.count, want.starts(with: have) else { return nil }
        return want.count - have.count
    }

    /// The lines of `expected` that standard output lacks and standard error holds, when every
    /// line it lacks is one (as many times as it is lacked); else `nil`. Such output was written
    /// to stderr (`FileHandle.standardError`, `fputs(…, stderr)`, `debugPrint` to a stream), which
    /// is not compared, not lost by a program that ended early.
    static func linesOnStderr(expected: String, actual: String, stderr: String) -> [String]? {
        func lines(_ text: String) -> [String] {
            let text = normalize(text)
            return text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        var unmatched: [String: Int] = [:]
        for line in lines(actual) { unmatched[line, default: 0] += 1 }
        var lacking: [String] = []
        for line in lines(expected) {
            if let count = unmatched[line], count > 0 { unmatched[line] = count - 1 } else { lacking.append(line) }
        }
        var onStderr: [String: Int] = [:]
        for line in lines(stderr) { onStderr[line, default: 0] += 1 }
        for line in lacking {
            guard let count = onStderr[line], count > 0 else { return nil }
            onStderr[line] = count - 1
        }
        return lacking.contains(where: { !$0.isEmpty }) ? lacking : nil
    }

    /// The hint for expected lines the program wrote to standard error.
    static func stderrHint(lines: [String], shouldFail: Bool = false) -> String {
        "the expected output holds \(lines.count == 1 ? "a line" : "\(lines.count) lines") the program wrote to standard error, "
            + "which is not compared: "
            + (shouldFail
                ? shouldFailStderrFix : "print it to standard output (print), or take it out of the output block")
    }

    /// The hint for a program that wrote nothing to standard output and something to standard
    /// error (a trap's message), against an output block that expects text.
    static func onlyStderrHint(shouldFail: Bool) -> String {
        "it wrote nothing to standard output, the only stream an output block is compared with; what it wrote to standard error is below: "
            + (shouldFail ? shouldFailStderrFix : "print what the page shows to standard output (print)")
    }

    /// The fix for a `should_fail` sample whose output block holds its trap message.
    static let shouldFailStderrFix =
        "a 'should_fail' sample's trap message is not compared and not shown: remove the output block ('lecture check --bless' removes it) and quote the message in the prose"

    /// The hint for a program whose output stopped short: it names the usual cause.
    static func endedEarlyHint(missingLines: Int) -> String {
        "the program ended before the last \(missingLines == 1 ? "line was" : "\(missingLines) lines were") printed: "
            + "work scheduled with DispatchQueue…async, a Thread or a top-level Task { } does not keep a program running, "
            + "so wait for it before the end (DispatchGroup.wait(), a semaphore, or 'await task.value')"
    }
}
