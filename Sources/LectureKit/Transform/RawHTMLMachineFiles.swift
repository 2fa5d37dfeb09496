import CommonMark
import LectureSupport

/// Raw HTML (and Markdown images) that would make a browser load a file of the machine that
/// opens the page (`MachineFileURLs`): an error at the line a person must edit. No reader has
/// that file, and a PDF printed from the page would publish it. Also a script URL whose scheme
/// the source hides (`MachineFileURLs.hiddenScript`: `jav&#x09;ascript:`): a warning at its line.
/// For a PDF (`printsPDF`), also each place that loads a URL of the network
/// (`MachineFileURLs.namesANetworkResource`): a warning at its line, since the print loads only
/// the site's own files (`PrintServer`), so the PDF shows nothing there. And a tag that acts on
/// the whole page and print.html (`DocumentWideHTML`: a `<base>`, a meta refresh), at the tag.
enum RawHTMLMachineFiles {
    /// One error per place, at its line; `text` is the page's Markdown (to place inline HTML).
    /// With `outside` (the page's folder depth and whether a link leaving the book is an error),
    /// also each URL of raw HTML that climbs above the site's root (`MachineFileURLs.climbsAbove`):
    /// a warning (or an error) at its line, as for a Markdown link that leaves the book. With
    /// `pageStyles` (book.toml's `style-lints`), also each `<style>` and linked style sheet.
    static func diagnostics(
        _ blocks: [Block], text: String, path: String, printsPDF: Bool = false,
        outside: (levels: Int, isError: Bool)? = nil, pageStyles: Bool = false
    ) -> [Diagnostic] {
        // The page's bytes and line starts, made only for a page with inline HTML to place.
        var made: (source: [UInt8], lineStarts: LineStarts)?
        func placing() -> (source: [UInt8], lineStarts: LineStarts) {
            if let made { return made }
            let source = Array(text.utf8)
            let fresh = (source: source, lineStarts: LineStarts(source))
            made = fresh
            return fresh
        }
        var diagnostics: [Diagnostic] = []
        // Each search: machine files, network loads for a PDF, URLs above the site's root.
        let searches: [(network: Bool, above: Int?)] =
            [(false, nil)] + (printsPDF ? [(true, nil)] : []) + (outside.map { [(false, $0.levels)] } ?? [])
        func report(
            _ finding: MachineFileURLs.Finding, at location: SourceLocation, network: Bool = false, above: Int? = nil
        ) {
            if above != nil, let outside {
                diagnostics.append(
                    Diagnostic(
                        .linkOutside, outside.isError ? .error : .warning, path, location,
                        "\(finding.place): \(quoted: finding.url) leaves the site and is not checked",
                        notes: [
                            "a relative URL above the site's root: a server answers it from the site's root (most often with the not-found page, which a PDF then prints), file:// with a file beside the site; name a file of the book, or a full URL",
                            outside.isError
                                ? "book.toml's '[preprocessor.lecture] outside-links = \"error\"' asks for a book that stands alone"
                                : "'[preprocessor.lecture] outside-links = \"error\"' in book.toml makes this an error",
                        ]))
                return
            }
            if let effect = finding.documentWide {
                // A page's style sheet is a style lint (`style-lints`), said only when asked.
                guard effect != .style || pageStyles else { return }
                diagnostics.append(DocumentWideHTML.diagnostic(effect, path: path, at: location))
                return
            }
            if network {
                guard finding.hiddenScheme == nil else { return }
                let shown = finding.url.isEmpty ? "" : "\(quoted: finding.url) "
                diagnostics.append(
                    .warning(
                        .networkLoadInPDF, path, location,
                        "\(finding.place): \(shown)loads a resource of the network, which the PDF leaves out: printing loads only the site's own files",
                        notes: [
                            "the built page shows it; for the PDF, put the file in the book's folder and name it by a relative path ('images/x.png')"
                        ]))
                return
            }
            if let scheme = finding.hiddenScheme {
                diagnostics.append(
                    .warning(
                        .hiddenScriptURL, path, location,
                        "\(finding.place): '\(TerminalText.line(ScriptURL.shown(finding.url)))' is a \(scheme): URL: a browser decodes its character references and drops tabs and line breaks, then runs it",
                        notes: [
                            "if the script is meant, write '\(scheme):' plainly; if the HTML came from elsewhere, remove the URL"
                        ]))
                return
            }
            let shown = finding.url.isEmpty ? "" : "\(quoted: finding.url) "
            diagnostics.append(
                .error(
                    .machineFileInHTML, path, location,
                    "\(finding.place): \(shown)embeds a file of the machine that opens the page (file:), which a reader does not have and a PDF would publish",
                    notes: [
                        "put the file in the book's folder and name it by a relative path ('images/x.png'); a link to a file (<a href>) is allowed"
                    ]))
        }
        /// A paragraph's inline HTML and text read as one fragment (an inline `<style>`'s rules are
        /// its following text); each place found in the source from the block's line on.
        func scan(_ inlines: [Inline], from start: SourceLocation) {
            var pieces: [(offset: Int, text: String)] = []
            var fragment = ""
            var images: [Link] = []
            func add(_ inlines: [Inline]) {
                for inline in inlines {
                    switch inline {
                    case .html(let html):
                        pieces.append((fragment.utf8.count, html))
                        fragment += html
                    case .text(let text), .code(let text): fragment += text
                    case .softBreak, .lineBreak: fragment += "\n"
                    case .emphasis(let children), .strong(let children): add(children)
                    case .link(let link): add(link.content)
                    case .image(let link):
                        images.append(link)
                        add(link.content)
                    }
                }
            }
            add(inlines)
            for image in images {
                let url = MachineFileURLs.normalized(image.destination)
                if MachineFileURLs.namesAMachineFile(url) {
                    report(.init(offset: 0, place: "image", url: image.destination), at: image.location)
                } else if printsPDF, MachineFileURLs.namesANetworkResource(url) {
                    report(.init(offset: 0, place: "image", url: image.destination), at: image.location, network: true)
                }
            }
            guard !pieces.isEmpty else { return }
            let (source, lineStarts) = placing()
            let blockStart = start.line - 1 < lineStarts.offsets.count ? lineStarts.offsets[start.line - 1] : 0
            for (network, above) in searches {
                for finding in MachineFileURLs.findings(in: fragment, network: network, above: above) {
                    // A whole-page tag counts only as inline HTML, never as the text of code
                    // (`` `<base href>` `` in prose or a table's cell).
                    if finding.documentWide != nil,
                        !pieces.contains(where: {
                            $0.offset <= finding.offset && finding.offset < $0.offset + $0.text.utf8.count
                        })
                    {
                        continue
                    }
                    // The inline HTML the place is in, found in the source from the block on.
                    guard let piece = pieces.last(where: { $0.offset <= finding.offset }),
                        let found = firstOffset(of: Array(piece.text.utf8), in: source, from: blockStart)
                    else {
                        report(finding, at: start, network: network, above: above)
                        continue
                    }
                    report(
                        finding,
                        at: lineStarts.location(
                            ofByte: found + min(finding.offset - piece.offset, piece.text.utf8.count)),
                        network: network, above: above)
                }
            }
        }
        for block in blocks.leafBlocks {
            switch block.kind {
            case .html(let html):
                let start = block.range.start
                let bytes = Array(html.utf8)
                for (network, above) in searches {
                    for finding in MachineFileURLs.findings(in: html, network: network, above: above) {
                        let before = bytes[..<min(finding.offset, bytes.count)]
                        let newlines = before.count { $0 == 0x0A }
                        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                        let column = (newlines == 0 ? start.column : 1) + (finding.offset - lineStart)
                        report(
                            finding, at: SourceLocation(line: start.line + newlines, column: column), network: network,
                            above: above)
                    }
                }
            case .paragraph(let inlines), .heading(_, let inlines, _):
                scan(inlines, from: block.range.start)
            case .element(let element):
                if case .inlines(let inlines) = element.content { scan(inlines, from: block.range.start) }
            default: break
            }
        }
        return diagnostics
    }

    /// The first offset of `needle` in `haystack` at or after `from`.
    static func firstOffset(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, from <= haystack.count - needle.count else { return nil }
        var index = from
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
