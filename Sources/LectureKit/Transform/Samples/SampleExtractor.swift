import CommonMark
import LectureSupport
internal import SwiftAnalysis

/// Finds a page's samples and their expected outputs in its parsed blocks.
///
/// Conventions (the manual, "Samples"): a fenced code block whose info string's first word is exactly
/// `swift` is a sample; attributes after it are `ignore`, `no_run`, `compile_fail`, `test`,
/// `should_fail`, `group=NAME`, `expect-error="TEXT"` and `flags="FLAGS"`; the code block right after it with info string `output`
/// holds its expected standard output. Consecutive samples with the same group form one program
/// whose output follows the last of them.
enum SampleExtractor {
    /// The info string of a sample's expected output block.
    static let outputLanguage = "output"

    /// The samples of `page` in page order, and a diagnostic for each convention broken.
    /// `failedIncludes`: lines where an `{{#include}}` failed; a sample whose code or output block
    /// spans one is left out (its include's error says what is wrong; a verdict on the rest
    /// would be a second, misleading report).
    /// `pageHasIncludes`: the page's text holds an expanded `{{#include}}` (`Sample.pageHasIncludes`).
    /// `rules`: the book's (`SampleRules`), applied by `SampleRuleApplication` once the page's
    /// samples are found; `page` is the page's path in the pages' folder, for `continue`.
    package static func extract(
        from blocks: [Block], path: String, failedIncludes: Set<Int> = [], pageHasIncludes: Bool = false,
        rules: SampleRules = SampleRules(), page: String? = nil
    ) -> (
        samples: [Sample], diagnostics: [Diagnostic]
    ) {
        var samples: [Sample] = []
        var diagnostics: [Diagnostic] = []
        // The sample whose output block may come next, and whether a group is still open.
        var previousWasSample = false
        var previousWasOutput = false
        // Where each group started, to catch a group name used again after the group ended.
        var groupStarts: [String: SourceLocation] = [:]
        // Fence lines of samples whose info string has an error.
        var badInfoStrings: Set<Int> = []
        var heading: String?

        // Why the block above is not a sample though it looks like one, for an output block under it.
        var droppedAbove: Diagnostic?
        // A paragraph such as "Output:" right under a sample, for a code block under it.
        var labelAbove: String?
        // The text of the output block right above, for a plain block that repeats it.
        var outputAbove: String?

        for block in blocks.leafBlocks {
            if case .heading(_, let content, _) = block.kind { heading = content.plainText }
            let labelUnderSample = previousWasSample ? UncomparedOutputHints.outputLabel(block) : nil
            defer {
                labelAbove = labelUnderSample
                // Kept only for the block right under the output block.
                if !previousWasOutput { outputAbove = nil }
            }
            guard case .codeBlock(let code) = block.kind, code.isFenced else {
                previousWasSample = false
                previousWasOutput = false
                droppedAbove = nil
                if case .html(let html) = block.kind,
                    let dropped = DroppedSamples.insideHTML(block, text: html, path: path)
                {
                    diagnostics.append(dropped)
                    droppedAbove = dropped
                }
                continue
            }
            let info = InfoString(code.info)
            let language = info.language
            if let odd = DroppedSamples.oddWhitespace(block, info: code.info, path: path) { diagnostics.append(odd) }
            if language == "swift", case let depth = ParsingLimit.bracketDepth(of: code.code),
                depth > ParsingLimit.maximumBracketDepth
            {
                diagnostics.append(
                    .warning(
                        .swiftTooDeep, path, block.range.start,
                        "Swift block nests '[' \(depth) deep; it is shown without highlighting or hover cards",
                        notes: [
                            "swift-syntax's parser takes exponential time beyond \(ParsingLimit.maximumBracketDepth) levels of '['; split the expression with named constants"
                        ]))
            }

            if language == outputLanguage {
                guard previousWasSample, var sample = samples.popLast() else {
                    if previousWasOutput {
                        diagnostics.append(
                            .error(
                                .sampleOutputPlacement, path, block.range.start, "sample already has an output block"))
                    } else {
                        diagnostics.append(
                            .error(
                                .sampleOutputWithoutSample,
                                path, block.range.start, "output block does not follow a swift sample",
                                notes: ["an 'output' block must come right after the sample whose output it holds"]
                                    + (droppedAbove.map { ["the block above is not a sample: \($0.headline)"] } ?? [])))
                    }
                    droppedAbove = nil
                    previousWasOutput = false
                    continue
                }
                if sample.mode == .test {
                    diagnostics.append(
                        .error(
                            .sampleOutputPlacement,
                            path, block.range.start,
                            "output block under a 'test' sample, which shows a test report instead",
                            notes: ["remove the output block; the page lists each test with ✔ or ✘"]))
                } else if sample.mode != .run && sample.mode != .ignore {
                    // An `ignore` sample's output block is shown as written, not verified, as an
                    // Apple-only sample's is (`SampleRendering`); a `no_run` one's would read as
                    // checked under its "Compiled only" badge.
                    diagnostics.append(
                        .error(
                            .sampleOutputPlacement,
                            path, block.range.start,
                            "output block under \(IndefiniteArticle.quoted(sample.mode.rawValue)) sample, which is not run",
                            notes: [
                                "remove the output block, or the \(quoted: sample.mode.rawValue) attribute"
                                    + (sample.mode == .noRun
                                        ? "; mark the sample 'ignore' to show the output as written, not verified" : "")
                            ]))
                } else if sample.expectedOutput != nil {
                    diagnostics.append(
                        .error(.sampleOutputPlacement, path, block.range.start, "sample already has an output block"))
                } else {
                    sample.expectedOutput = code.code
                    sample.outputRange = block.range
                    outputAbove = code.code
                }
                samples.append(sample)
                previousWasSample = false
                previousWasOutput = true
                continue
            }
            previousWasOutput = false
            droppedAbove = nil
            guard language == "swift" else {
                let sampleAbove = previousWasSample ? samples.last : labelAbove != nil ? samples.last : nil
                if let sample = sampleAbove,
                    let hint = UncomparedOutputHints.plainBlock(
                        block, language: language, under: sample, label: labelAbove, path: path)
                {
                    diagnostics.append(hint)
                    samples[samples.count - 1].parts[sample.parts.count - 1].plainOutputBlock =
                        Sample.PlainOutputBlock(range: block.range, label: labelAbove)
                } else if previousWasSample, let sample = samples.last, sample.mode == .run,
                    sample.expectedOutput == nil, DroppedSamples.meant(by: language) == SampleExtractor.outputLanguage
                {
                    // A misspelt `output` block (`ouptut`) right under the fence: `--bless` renames
                    // it in place, as it does a `text` block, rather than write a second block
                    // above it (newuser-8, #7); its warning is `DroppedSamples.misspelled`'s.
                    samples[samples.count - 1].parts[sample.parts.count - 1].plainOutputBlock =
                        Sample.PlainOutputBlock(range: block.range)
                }
                if let outputAbove,
                    let repeated = UncomparedOutputHints.repeatedOutput(
                        block, language: language, code: code.code, output: outputAbove, path: path)
                {
                    diagnostics.append(repeated)
                }
                previousWasSample = false
                if let dropped = DroppedSamples.miscased(block, language: language, path: path)
                    ?? DroppedSamples.misspelled(block, language: language, path: path)
                {
                    diagnostics.append(dropped)
                    droppedAbove = dropped
                }
                continue
            }

            var mode = Sample.Mode.run
            var explicit: String?
            var notForLinux = false
            var shouldFail = false
            var group: String?
            var expectedErrors: [String] = []
            var reads: [String] = []
            var flagTexts: [String] = []
            let reportedBefore = diagnostics.count
            if let error = info.error {
                diagnostics.append(.error(.sampleAttributes, path, block.range.start, "info string: \(error)"))
            }
            for (key, value) in info.attributes {
                let word = value.map { key + "=" + $0 } ?? key
                if key == Sample.expectErrorAttribute {
                    if let value, !value.isEmpty {
                        expectedErrors.append(value)
                    } else {
                        diagnostics.append(
                            .error(
                                .sampleAttributes, path, block.range.start,
                                "'\(key)=' needs the text the compiler's error must contain, as in \(key)=\"cannot find 'x' in scope\""
                            ))
                    }
                    continue
                }
                if key == Sample.flagsAttribute {
                    flagTexts.append(value ?? "")
                    continue
                }
                if let wanted = Sample.Mode(rawValue: word) {
                    if let explicit, explicit != word {
                        diagnostics.append(
                            .error(
                                .sampleAttributes,
                                path, block.range.start,
                                "attributes \(quoted: explicit) and \(quoted: word) contradict each other"))
                    }
                    explicit = word
                    mode = wanted
                    continue
                }
                switch word {
                case "ignore-linux":
                    notForLinux = true
                case "should_fail":
                    shouldFail = true
                case _ where key == Sample.readsAttribute:
                    if let file = value, let problem = Sample.readProblem(file) {
                        diagnostics.append(
                            .error(
                                .sampleAttributes, path, block.range.start, "'\(key)=\(file)': \(problem)",
                                notes: [
                                    "name a file of the book's pages relative to the page, as in \(key)=data/words.txt or \(key)=../data/words.txt"
                                ]))
                    } else if let file = value {
                        reads.append(file)
                    } else {
                        diagnostics.append(
                            .error(
                                .sampleAttributes, path, block.range.start,
                                "'\(key)=' needs the file the sample reads, as in \(key)=data/words.txt"))
                    }
                case _ where word.hasPrefix("group="):
                    let name = String(word.dropFirst("group=".count))
                    if name.isEmpty {
                        diagnostics.append(
                            .error(
                                .sampleAttributes, path, block.range.start,
                                "'group=' needs a name, as in 'group=greeting'"))
                    } else {
                        group = name
                    }
                default:
                    diagnostics.append(
                        Self.unknownAttribute(
                            value.map { code.info.contains(key + "=\"") ? key + "=\"" + $0 + "\"" : word } ?? word,
                            key: key, language: info.language, verifies: rules.verify, path: path,
                            at: block.range.start))
                }
            }
            if !expectedErrors.isEmpty {
                // `expect-error` makes a `compile_fail` sample; any other mode contradicts it.
                if let explicit, explicit != Sample.Mode.compileFail.rawValue {
                    diagnostics.append(
                        .error(
                            .sampleAttributes, path, block.range.start,
                            "attributes \(quoted: explicit) and \(quoted: Sample.expectErrorAttribute) contradict each other",
                            notes: ["\(quoted: Sample.expectErrorAttribute) is for a sample that must fail to compile"])
                    )
                }
                explicit = Sample.Mode.compileFail.rawValue
                mode = .compileFail
            }
            // `flags="…"`: only the flags `SampleCompilerFlags` allows, every other one located.
            var compilerFlags: [String] = []
            if !flagTexts.isEmpty {
                let parsed = SampleCompilerFlags.parse(flagTexts.joined(separator: " "))
                compilerFlags = parsed.flags
                for problem in parsed.problems {
                    diagnostics.append(
                        .error(
                            .sampleAttributes, path, block.range.start, problem,
                            notes: [SampleCompilerFlags.allowedNote]))
                }
            }
            // A warning (an unknown word in a book that did not ask for verification) leaves the sample.
            if diagnostics[reportedBefore...].contains(where: { $0.severity == .error }) {
                badInfoStrings.insert(block.range.start.line)
            }
            var part = Sample.Part(
                code: code.code, firstLine: block.range.start.line + 1, column: block.range.start.column,
                fence: block.range.start,
                endLine: block.range.end.line)
            part.snippetMarkers = SnippetMarkers.lines(in: part.code)
            diagnostics += InvisibleCharacterWarnings.of(part, path: path)
            diagnostics += SnippetMarkerWarnings.of(part, path: path)
            // mdBook's `# ` hidden lines: said in place of the parser's error, the block left out.
            if mode != .ignore, !badInfoStrings.contains(block.range.start.line),
                let hidden = MdBookHiddenLines.error(in: part, path: path)
            {
                diagnostics.append(hidden)
                badInfoStrings.insert(block.range.start.line)
            }

            if let group, let last = samples.last, last.group == group, last.expectedOutput == nil,
                previousWasSampleOrProse(last)
            {
                // Joins the open group: same program, output after the last part.
                var sample = samples.removeLast()
                sample.parts.append(part)
                sample.expectedErrors += expectedErrors
                sample.reads += reads
                if sample.mode != mode || sample.shouldFail != shouldFail || sample.markedNotForLinux != notForLinux
                    || sample.compilerFlags != compilerFlags
                {
                    diagnostics.append(
                        .error(
                            .sampleGroup,
                            path, block.range.start,
                            "block in group \(quoted: group) has attributes different from the group's first block",
                            notes: ["give every block of a group the same attributes"]))
                }
                samples.append(sample)
            } else {
                if let group {
                    if let first = groupStarts[group] {
                        diagnostics.append(
                            .error(
                                .sampleGroup,
                                path, block.range.start, "group \(quoted: group) already ended",
                                notes: [
                                    "it started at \(path):\(first.line):\(first.column); a group's blocks follow one another, and its one output block comes after the last of them"
                                ]))
                    }
                    groupStarts[group] = block.range.start
                }
                var sample = Sample(
                    path: path, parts: [part], mode: mode, shouldFail: shouldFail, group: group,
                    expectedOutput: nil, outputRange: nil, heading: heading, pageHasIncludes: pageHasIncludes)
                sample.modeIsExplicit = explicit != nil
                sample.markedNotForLinux = notForLinux
                sample.expectedErrors = expectedErrors
                sample.reads = reads
                sample.compilerFlags = compilerFlags
                samples.append(sample)
            }
            previousWasSample = true
        }

        // A sample whose info string is wrong is not verified: what its author meant (`no-run`
        // for `no_run`, `ignroe` for `ignore`) is unknown, and its verdict would be a follow-on
        // error (a missing output block, a compile error in code not meant to be compiled).
        let dropped = failedIncludes.union(badInfoStrings)
        let kept = dropped.isEmpty ? samples : samples.filter { !$0.spans(dropped) }
        let applied = SampleRuleApplication.apply(rules, to: kept, continued: page.map(rules.continues(page:)) ?? false)
        return (applied, diagnostics + applied.flatMap(UncomparedOutputHints.commentWarnings))
    }

    /// A group stays open across prose: only an output block closes it.
    private static func previousWasSampleOrProse(_ sample: Sample) -> Bool { sample.group != nil }
}

extension Sample {
    /// Whether a line of `lines` lies inside one of the sample's code blocks or its output block.
    func spans(_ lines: Set<Int>) -> Bool {
        let ranges =
            parts.map { $0.fence.line...max($0.fence.line, $0.endLine) }
            + outputRanges.map { $0.start.line...max($0.start.line, $0.end.line) }
        return lines.contains { line in ranges.contains { $0.contains(line) } }
    }
}
