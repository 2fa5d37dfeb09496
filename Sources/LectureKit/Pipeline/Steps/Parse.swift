import CommonMark
import LectureSupport

extension BuildStep {
    /// `Parse`: each page's Markdown through cmark into blocks, with the extensions mdBook turns
    /// on (`MarkdownExtensions`), and an error where a page nests deeper than the parser follows. Reads the page's file and the settings (smart punctuation).
    static let parse = parse(verifyingSamplesAlways: false)

    /// `Parse`, for a run that verifies the samples always (`lecture check`) or when the book
    /// asks for it (`lecture build`); for a site built to be printed (`lecture pdf`) when
    /// `warningNetworkLoads`: raw HTML that loads a URL of the network is then warned at its
    /// line, as the PDF leaves it out (`PrintServer`).
    static func parse(verifyingSamplesAlways: Bool, warningNetworkLoads: Bool = false) -> BuildStep {
        BuildStep(
            name: "Parse",
            input: {
                ParseInput(
                    smartPunctuation: $0.configuration.smartPunctuation,
                    verifiesSamples: verifyingSamplesAlways || $0.configuration.sampleRules.verify,
                    printsPDF: warningNetworkLoads,
                    outsideLinksAreErrors: $0.configuration.book.outsideLinksAreErrors,
                    styleLints: $0.configuration.book.styleLints == true)
            },
            page: { (page: inout Page, input: ParseInput) in
                let (text, protection) = Footnotes.protecting(page.source.text)
                let parsed = MarkdownParser.parseDocument(
                    text, smartPunctuation: input.smartPunctuation, headingAttributes: true)
                // A page whose quotes would keep cmark's smart punctuation busy for long is parsed
                // without it (`ParseCost`), its footnotes and definitions too.
                let smart = input.smartPunctuation && parsed.smartPunctuationOff == nil
                let applied = MarkdownExtensions.applying(to: parsed.blocks, text: text, smartPunctuation: smart)
                // Every place as the source has it: a definition line's protecting backslash
                // made each column after it one late (attack 9).
                let extended = protection.unprotected(applied.blocks)
                let (pageTooDeep, tooSlow) = (
                    parsed.tooDeep.map(protection.unprotected), parsed.tooSlow.map(protection.unprotected)
                )
                let literalEmphasis = parsed.literalEmphasis.map(protection.unprotected)
                let (unusedFootnotes, repeatedFootnotes) = (applied.unusedFootnotes, applied.repeatedFootnotes)
                let bodiesTooDeep = applied.bodiesTooDeep.map {
                    (location: protection.unprotected($0.location), inBodies: $0.inBodies)
                }
                // A footnote's or a definition's body is parsed on its own; its cut is the page's.
                let tooDeep = pageTooDeep ?? bodiesTooDeep?.location
                page.blocks = extended
                // Headings after either cut are unknown: links into them are not reported.
                page.tooDeep = tooDeep ?? tooSlow
                var problems = literalEmphasis.map { location in
                    Diagnostic.warning(
                        .literalEmphasis, page.source.displayPath, location,
                        "emphasis markers match nothing and are shown as text",
                        notes: [
                            "close the emphasis with the same marker ('**word**'), or write '\\*' for a literal '*'"
                        ])
                }
                // Bidirectional controls outside Swift samples, whose lines cmark's tree says.
                problems += BidirectionalText.warnings(
                    in: page.source.text, path: page.source.displayPath, blocks: extended)
                problems += InvisibleNames.inHeadings(page.source.text, path: page.source.displayPath, blocks: extended)
                problems += unusedFootnotes.map { footnote in
                    Diagnostic.warning(
                        .unusedFootnote, page.source.displayPath, footnote.location,
                        "footnote \(quoted: footnote.label) is defined but not referenced, and is not shown",
                        notes: ["refer to it with '[^\(footnote.label)]' in the text, or remove its definition"])
                }
                problems += UndefinedFootnotes.find(in: extended, text: page.source.text).map { reference in
                    Diagnostic.warning(
                        .undefinedFootnote, page.source.displayPath, reference.location,
                        "footnote \(quoted: reference.label) is not defined, so '[^\(reference.label)]' is shown as text",
                        notes: [
                            "define it on a line of its own ('[^\(reference.label)]: The note.'), or write '\\[^\(reference.label)]' to show the brackets"
                        ])
                }
                problems += repeatedFootnotes.map { repeated in
                    Diagnostic.warning(
                        .repeatedFootnote, page.source.displayPath, repeated.again.location,
                        "footnote \(quoted: repeated.again.label) is defined again, and this definition is not shown",
                        notes: [
                            "the first, "
                                + (repeated.first.location.map { "at \(page.source.displayPath):\($0.line), " } ?? "")
                                + "is the one shown; give this one a label of its own or remove it"
                        ])
                }
                if let open = HTMLComments.warning(page.blocks, source: page.source.text, path: page.source.displayPath)
                {
                    problems.append(open)
                }
                problems += UnclosedContainers.warnings(
                    page.blocks, source: page.source.text, path: page.source.displayPath)
                problems += RawHTMLMachineFiles.diagnostics(
                    page.blocks, text: page.source.text, path: page.source.displayPath, printsPDF: input.printsPDF,
                    outside: (page.chapter.path.split(separator: "/").count - 1, input.outsideLinksAreErrors),
                    pageStyles: input.styleLints)
                problems += UnclosedFences.diagnostics(
                    page.blocks, text: page.source.text, path: page.source.displayPath, samples: input.verifiesSamples)
                if pageTooDeep == nil, let (location, inBodies) = bodiesTooDeep, inBodies {
                    problems.append(
                        .error(
                            .nestingTooDeep, page.source.displayPath, location,
                            "footnotes and definitions nest inside one another too deep; the rest is left out",
                            notes: [
                                "a footnote's or a definition's body is read again as a document of its own, at most \(ContainerBodies.maximumLevels) inside one another: move the inner ones out"
                            ]))
                } else if let tooDeep {
                    problems.append(
                        .error(
                            .nestingTooDeep, page.source.displayPath, tooDeep,
                            "content nests deeper than \(MarkdownParser.maximumDepth) levels; the rest is left out",
                            notes: ["block quotes, lists or emphasis inside one another; flatten them"]))
                }
                if let costlyQuotes = parsed.smartPunctuationOff.map(protection.unprotected) {
                    problems.append(
                        .warning(
                            .quotesTooMany, page.source.displayPath, costlyQuotes,
                            "too many quotes and emphasis marks in one paragraph for smart punctuation in time; the page's quotes, dashes and ellipses are left as written",
                            notes: [
                                "CommonMark's parser takes time that grows with the square of the marks left open before each closing quote: split the paragraph with blank lines, or write '\\'' for a straight quote"
                            ]))
                }
                if let tooSlow {
                    problems.append(
                        .error(
                            .bracketsTooMany, page.source.displayPath, tooSlow,
                            "too many '[' open in one paragraph to parse in time; the rest of the page is left out",
                            notes: [
                                "CommonMark's parser takes time that grows with the square of the '[' left open before each '](': close them, write '\\[' for a literal bracket, or split the paragraph with blank lines"
                            ]))
                }
                return problems
            },
            book: { context in
                // book.toml's `diagram-font`, checked once the pages say whether the book draws a
                // diagram (fontconfig is asked only then): here, so `check` says it as `build` does.
                let probes = context.probes
                if let warning = DiagramFontSetting.warning(
                    for: context.configuration, drawsDiagrams: drawsDiagrams(context.pages),
                    families: { probes.fonts.families })
                {
                    context.diagnostics.emit(warning)
                }
            })
    }
}

/// What `Parse` takes besides the page.
struct ParseInput: Hashable, Sendable {
    /// `--smart-punctuation` or book.toml's `smart-punctuation`.
    var smartPunctuation: Bool
    /// Whether the book's samples are verified: an unclosed sample fence is then an error
    /// (`UnclosedFences`).
    var verifiesSamples: Bool
    /// Whether the site is built to be printed (`lecture pdf`, `parse(verifyingSamplesAlways:warningNetworkLoads:)`):
    /// raw HTML that loads a URL of the network is then a warning (`RawHTMLMachineFiles`).
    var printsPDF = false
    /// book.toml's `outside-links = "error"`: raw HTML's URL above the site's root is then an
    /// error, as a Markdown link that leaves the book is (`RawHTMLMachineFiles`).
    var outsideLinksAreErrors = false
    /// book.toml's `style-lints`: a page's `<style>` or linked style sheet is then a warning, as
    /// it styles every chapter of print.html (`DocumentWideHTML`); many books style a page so on
    /// purpose, and mdBook says nothing, so it is a lint, not a default warning.
    var styleLints = false
}
