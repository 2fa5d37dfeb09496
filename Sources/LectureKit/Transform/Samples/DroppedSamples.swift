import CommonMark
import LectureSupport

/// Fences that look like samples but that CommonMark does not make into one, so they would be
/// silently skipped: a ```` ```swift ```` fence swallowed by an HTML block (after
/// `<details><summary>…` with no blank line, CommonMark's HTML block runs to the next blank
/// line), and a fence marked `Swift` or `SWIFT` (samples are marked exactly `swift`).
///
/// Each gives a warning with `identifier`, which `lecture check` counts as skipped.
enum DroppedSamples {
    /// The identifier of the warnings, counted by `lecture check` in `N skipped`.
    static let identifier = Diagnostic.Identifier.sampleNotRecognised

    /// The warning for a fence inside the HTML block `block`, if it holds one that starts a swift
    /// sample: each line that could open a fence is parsed again by cmark, from there to the
    /// block's end, and kept when cmark sees a fenced code block marked `swift` there.
    static func insideHTML(_ block: Block, text: String, path: String) -> Diagnostic? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where index > 0 {
            let indent = line.prefix(while: { $0 == " " }).count
            guard indent <= 3, line.dropFirst(indent).hasPrefix("```") || line.dropFirst(indent).hasPrefix("~~~") else {
                continue
            }
            let rest = lines[index...].joined(separator: "\n")
            guard case .codeBlock(let code)? = MarkdownParser.parse(rest).first?.kind, code.isFenced,
                code.info.split(separator: " ").first.map({ $0.lowercased() == "swift" }) == true
            else { continue }
            let opener = lines[0].trimmingCharacters(in: " \t")
            return Diagnostic.warning(
                .sampleNotRecognised,
                path, SourceLocation(line: block.range.start.line + index, column: block.range.start.column + indent),
                "swift fence inside an HTML block is not a sample, and is not run",
                notes: [
                    "the HTML block that starts with '\(opener.prefix(40))' on line \(block.range.start.line) runs to the next blank line (CommonMark's rule) and takes the fence as HTML text",
                    "leave a blank line between the HTML and the fence (and after the closing fence) so the fence starts a code block",
                ])
        }
        return nil
    }

    /// The warning for a fence whose language is `swift` in another case (`Swift`, `SWIFT`).
    static func miscased(_ block: Block, language: String, path: String) -> Diagnostic? {
        guard language != "swift", language.lowercased() == "swift" else { return nil }
        return Diagnostic.warning(
            .sampleNotRecognised,
            path, block.range.start, "code block marked '\(language)' is not a sample, and is not run",
            notes: ["samples are marked 'swift', in lower case: write ```swift to have it compiled and run"])
    }

    /// The warning for an info string holding whitespace other than a space or a tab (a
    /// non-breaking space after `swift`, typed with Option-Space on a Mac; an ideographic space; a
    /// zero-width space): CommonMark splits the words only at spaces and tabs, so `swift no_run`
    /// would be the language `swift\u{A0}no_run`, and the sample plain code.
    static func oddWhitespace(_ block: Block, info: String, path: String) -> Diagnostic? {
        func isOdd(_ scalar: Unicode.Scalar) -> Bool {
            guard scalar != " ", scalar != "\t" else { return false }
            return scalar.properties.isWhitespace || [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF].contains(scalar.value)
        }
        guard let odd = info.unicodeScalars.first(where: isOdd) else { return nil }
        let code = "U+" + String(odd.value, radix: 16, uppercase: true).leftPadded(to: 4)
        let name = odd.properties.name.map { " (\($0.lowercased()))" } ?? ""
        let plain = String(String.UnicodeScalarView(info.unicodeScalars.map { isOdd($0) ? " " : $0 }))
        let meant = InfoString(plain).language
        let effect =
            meant == "swift" && InfoString(info).language != "swift"
            ? "so the block is not a sample, and is not run" : "which CommonMark does not take as a space"
        return Diagnostic.warning(
            meant == "swift" ? .sampleNotRecognised : .infoStringWhitespace,
            path, block.range.start, "info string holds \(code)\(name), \(effect)",
            notes: ["write a plain space: ```\(plain.trimmingCharacters(in: .whitespaces))"])
    }

    /// The warning for a fence whose language is one letter or a swap away from `swift` or
    /// `output` (`swfit`, `swif`, `ouptut`), so it is plain code where a sample was meant.
    static func misspelled(_ block: Block, language: String, path: String) -> Diagnostic? {
        let word = language.lowercased()
        guard !word.isEmpty else { return nil }
        for intended in ["swift", SampleExtractor.outputLanguage] where word != intended {
            let swapped =
                word.count == intended.count && word.sorted() == intended.sorted()
                && EditDistance.between(word, intended) == 2
            guard swapped || EditDistance.between(word, intended) == 1 else { continue }
            let what = intended == "swift" ? "a sample" : "an expected output"
            return Diagnostic.warning(
                .sampleNotRecognised, path, block.range.start,
                "code block marked '\(language)' is not \(what); did you mean '\(intended)'?",
                notes: [
                    "write ```\(intended) to have it \(intended == "swift" ? "compiled and run" : "compared with the sample's output")"
                ])
        }
        return nil
    }
}

extension String {
    /// The string with `0`s before it up to `count` characters.
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: Swift.max(0, count - self.count)) + self
    }
}
