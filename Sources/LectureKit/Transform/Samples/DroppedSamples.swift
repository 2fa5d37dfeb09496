import CommonMark
import LectureSupport

/// Fences that look like samples but that CommonMark does not make into one, so they would be
/// silently skipped: a ```` ```swift ```` fence swallowed by an HTML block (after
/// `<details><summary>…` with no blank line, CommonMark's HTML block runs to the next blank
/// line; a comment, `<script>` or `<pre>` runs to its end marker, `HTMLBlockEnd`), and a fence marked `Swift` or `SWIFT` (samples are marked exactly `swift`).
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
                InfoString(code.info).language.lowercased() == "swift",
                // Marked `ignore`: not to be run anyway (a sample hidden in a comment on purpose).
                !InfoString(code.info).attributes.contains(where: { $0.key == "ignore" && $0.value == nil })
            else { continue }
            let opener = lines[0].trimmingCharacters(in: " \t")
            let location = SourceLocation(
                line: block.range.start.line + index, column: block.range.start.column + indent)
            let start = "\(quoted: opener.prefix(40)) at \(path):\(block.range.start.line)"
            guard let end = HTMLBlockEnd(opener) else {
                return Diagnostic.warning(
                    .sampleNotRecognised, path, location,
                    "swift fence inside an HTML block is not a sample, and is not run",
                    notes: [
                        "the HTML block that starts with \(start) runs to the next blank line (CommonMark's rule) and takes the fence as HTML text",
                        "leave a blank line between the HTML and the fence (and after the closing fence) so the fence starts a code block",
                    ])
            }
            // A comment, `<script>`, `<pre>`… runs to its end marker, blank lines and all: a blank
            // line does not help, only the marker's place does.
            return Diagnostic.warning(
                .sampleNotRecognised, path, location,
                "swift fence inside \(end.what) is not a sample, and is not run",
                notes: [
                    "the \(end.name) that starts with \(start) runs to the first line holding \(quoted: end.marker) (CommonMark's rule), blank lines included, and takes the fence as HTML text",
                    "to have the sample run, end the \(end.name) with \(quoted: end.marker) before the fence; to keep it hidden, mark it ```swift ignore inside the \(end.name) to silence this",
                ])
        }
        return nil
    }

    /// The warning for a fence whose language is `swift` in another case (`Swift`, `SWIFT`).
    static func miscased(_ block: Block, language: String, path: String) -> Diagnostic? {
        guard language != "swift", language.lowercased() == "swift" else { return nil }
        return Diagnostic.warning(
            .sampleNotRecognised,
            path, block.range.start, "code block marked \(quoted: language) is not a sample, and is not run",
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
        guard let intended = meant(by: language) else { return nil }
        let what = intended == "swift" ? "a sample" : "an expected output"
        return Diagnostic.warning(
            .sampleNotRecognised, path, block.range.start,
            "code block marked \(quoted: language) is not \(what); did you mean \(quoted: intended)?",
            notes: [
                "write ```\(intended) to have it \(intended == "swift" ? "compiled and run" : "compared with the sample's output")"
                    + (intended == "swift"
                        ? "" : "; 'lecture check --bless' renames it when it stands right under the fence")
            ])
    }

    /// `swift` or `output` when `language` is one letter or a swap away from it (`swfit`,
    /// `ouptut`), or `output` in another case (`Output`; `Swift` is `miscased`'s), else `nil`.
    static func meant(by language: String) -> String? {
        let word = language.lowercased()
        guard !word.isEmpty else { return nil }
        return ["swift", SampleExtractor.outputLanguage].first { intended in
            if word == intended { return intended == SampleExtractor.outputLanguage && language != intended }
            let swapped =
                word.count == intended.count && word.sorted() == intended.sorted()
                && EditDistance.between(word, intended) == 2
            return word != intended && (swapped || EditDistance.between(word, intended) == 1)
        }
    }
}

/// How an HTML block that CommonMark ends at a marker rather than at a blank line ends (its
/// start conditions 1 to 5): a comment at `-->`, `<script>`, `<pre>`, `<style>` and `<textarea>`
/// at their end tag, a processing instruction at `?>`, a declaration at `>`, CDATA at `]]>`.
struct HTMLBlockEnd {
    /// The kind, as the note names it ("HTML comment").
    var name: String
    /// The kind with its article, as the summary names it ("an HTML comment").
    var what: String
    /// The text whose line ends the block.
    var marker: String

    /// The end of the block whose first line is `opener`, or `nil` for blocks that end at a
    /// blank line (start conditions 6 and 7).
    init?(_ opener: some StringProtocol) {
        let lower = opener.lowercased()
        if lower.hasPrefix("<!--") {
            (name, what, marker) = ("HTML comment", "an HTML comment", "-->")
        } else if let tag = ["script", "pre", "style", "textarea"].first(where: { tag in
            lower.hasPrefix("<" + tag) && (lower.dropFirst(tag.count + 1).first.map { " \t>".contains($0) } ?? true)
        }) {
            (name, what, marker) = ("<\(tag)> element", "a <\(tag)> element", "</\(tag)>")
        } else if lower.hasPrefix("<![cdata[") {
            (name, what, marker) = ("CDATA section", "a CDATA section", "]]>")
        } else if lower.hasPrefix("<?") {
            (name, what, marker) = ("processing instruction", "a processing instruction", "?>")
        } else if lower.hasPrefix("<!"), lower.dropFirst(2).first?.isLetter == true {
            (name, what, marker) = ("declaration", "a declaration", ">")
        } else {
            return nil
        }
    }
}

extension String {
    /// The string with `0`s before it up to `count` characters.
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: Swift.max(0, count - self.count)) + self
    }
}
