import CommonMark
import LectureSupport

extension BuildStep {
    /// `Anchors`: on each page, every heading given a unique id (`HeadingAnchors`, none taken
    /// from the template or the page's figures), the page's headings listed, and warnings for a
    /// page without exactly one `# ` heading and for heading levels that jump when the book asks
    /// for style lints (`[preprocessor.lecture] style-lints`; mdBook has none, and valid books trip them).
    static let anchors = BuildStep(
        name: "Anchors",
        input: { context in
            AnchorsInput(
                templateIDs: context.templateIDs, smartPunctuation: context.configuration.smartPunctuation,
                styleLints: context.configuration.book.styleLints == true)
        },
        page: { (page: inout Page, input: AnchorsInput) in
            var problems: [Diagnostic] = []
            // An id in the page's own raw HTML does not move a heading's slug: mdBook 0.5 gives
            // `## Intro` the id `intro` beside an `<a id="intro">`, and links typed for mdBook
            // name it so (the first element with the id wins in a browser, as in mdBook's page).
            var reserved = input.templateIDs
            for block in page.blocks.leafBlocks {
                if let figure = Figure(block) { reserved.formUnion(figure.ids) }
            }
            let anchored = HeadingAnchors.apply(
                to: page.blocks, reserved: reserved, smartPunctuation: input.smartPunctuation)
            page.blocks = anchored.blocks
            page.headings = anchored.headings
            page.leadText = anchored.leadText
            problems += repeatedIDWarnings(page.blocks, reserved: reserved, path: page.source.displayPath)
            problems += footnoteIDWarnings(page.blocks, path: page.source.displayPath)
            problems += wordlessHeadingWarnings(page.blocks, path: page.source.displayPath)
            guard input.styleLints else { return problems }
            let h1 = page.headings.filter { $0.level == 1 }.count
            if h1 != 1 {
                problems.append(
                    .warning(
                        .pageHeading, page.source.displayPath, SourceLocation(line: 1, column: 1),
                        h1 == 0
                            ? "page has no '# ' heading; the summary's title is used"
                            : "page has \(h1) level-1 headings; a page should have one"))
            }
            problems += headingOrderWarnings(page.blocks, path: page.source.displayPath)
            return problems
        })

    /// A heading whose id an earlier heading or term of the page has, or the template or a
    /// figure (`reserved`): a link to it reaches the first element with the id, so this heading
    /// cannot be reached. A written `{#id}` can repeat, and so can a slug that an earlier
    /// heading's written id took (mdBook counts only slugs: `## A {#b}`, `## B`); slugs step
    /// around each other. mdBook 0.5.4 writes both ids without a word.
    static func repeatedIDWarnings(_ blocks: [Block], reserved: Set<String>, path: String) -> [Diagnostic] {
        var first: [String: SourceLocation] = [:]
        var warnings: [Diagnostic] = []
        for block in blocks.leafBlocks {
            let id: String
            switch block.kind {
            case .heading(_, _, let heading?): id = heading
            case .element(let element) where element.isAnchored:
                guard let term = element.attribute("id") else { continue }
                id = term
            default: continue
            }
            if let earlier = first[id] {
                warnings.append(
                    .warning(
                        .repeatedHeadingID, path, block.range.start,
                        "heading id \(quoted: id) is already the id of an earlier heading; links to '#\(id)' reach that one",
                        notes: [
                            // `PATH:LINE`, which `IncludedLocations` moves as it moves the warning.
                            "the earlier heading is at \(path):\(earlier.line)",
                            "give one of the two an id of its own, such as '{#\(id)-2}' at the heading's end",
                        ]))
            } else if reserved.contains(id) {
                warnings.append(
                    .warning(
                        .repeatedHeadingID, path, block.range.start,
                        "heading id \(quoted: id) is already an id of the page template or of a figure; links to '#\(id)' reach that one",
                        notes: ["give this heading an id of its own"]))
            }
            first[id] = first[id] ?? block.range.start
        }
        return warnings
    }

    /// A heading whose id is a footnote's of the page (`## footnote-n`, `{#fr-n-1}`), which
    /// mdBook 0.5.4 writes beside the note's `id="footnote-n"` without a word: the links to that
    /// id (the references to the note, the note's way back) reach whichever comes first on the
    /// page, the heading for a note (the notes end the page). Its id is kept, as mdBook's.
    static func footnoteIDWarnings(_ blocks: [Block], path: String) -> [Diagnostic] {
        let footnotes = FootnoteIDs.of(blocks)
        guard !footnotes.isEmpty else { return [] }
        return blocks.leafBlocks.compactMap { block in
            guard case .heading(_, _, let id?) = block.kind, footnotes.contains(id) else { return nil }
            let what = id.hasPrefix("footnote-") ? "a footnote's note" : "a footnote reference"
            return .warning(
                .repeatedHeadingID, path, block.range.start,
                "heading id \(quoted: id) is also the id of \(what) (as mdBook names them); links to '#\(id)' reach the first of the two",
                notes: ["give this heading an id of its own, such as '{#\(id)-heading}' at its end"])
        }
    }

    /// A heading with no letter or digit (`## !!!`, `## 🎉`) gets the id mdBook 0.5.4 gives it:
    /// empty (invalid HTML, which no link reaches), then `-1`, `-2`… Kept for mdBook's links, and
    /// a warning at the heading. An empty heading (`###` alone) shows nothing a reader could want
    /// to link to, so it is not warned.
    static func wordlessHeadingWarnings(_ blocks: [Block], path: String) -> [Diagnostic] {
        blocks.leafBlocks.compactMap { block in
            guard case .heading(_, let content, let id?) = block.kind,
                id.isEmpty
                    || (id.hasPrefix("-") && id.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) && id.count > 1)
            else { return nil }
            let text = Footnotes.numbersAsText(content).plainText
            guard HeadingAnchors.slug(HeadingIDText.of(content)).isEmpty, text.contains(where: { !$0.isWhitespace })
            else { return nil }
            return .warning(
                .wordlessHeading, path, block.range.start,
                id.isEmpty
                    ? "heading has no letter or digit, so its id is empty (as mdBook gives it): no link can reach it"
                    : "heading has no letter or digit, so its id is \(quoted: id) (as mdBook gives it), which any such heading above it changes",
                notes: ["give it an id of its own, such as '{#name}' at the heading's end, or add a word to it"])
        }
    }

    /// Headings that skip a level (an h2 followed by an h4), which screen-reader users navigate
    /// by (WCAG 2.1, technique G141).
    static func headingOrderWarnings(_ blocks: [Block], path: String) -> [Diagnostic] {
        var previous = 0
        var warnings: [Diagnostic] = []
        for block in blocks.leafBlocks {
            guard case .heading(let level, _, _) = block.kind else { continue }
            if previous > 0 && level > previous + 1 {
                warnings.append(
                    .warning(
                        .headingJump, path, block.range.start, "heading level jumps from h\(previous) to h\(level)"))
            }
            previous = level
        }
        return warnings
    }
}

/// What `Anchors` takes besides the page.
struct AnchorsInput: Hashable, Sendable {
    /// The ids the page template gives its own elements, which headings must not take.
    var templateIDs: Set<String>
    /// Whether headings' text is read with smart punctuation, as their slugs are made from it.
    var smartPunctuation: Bool
    /// `[preprocessor.lecture] style-lints`: warnings for a page without one `# ` heading and for jumps.
    var styleLints: Bool
}
