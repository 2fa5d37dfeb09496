import Foundation
import LectureSupport

/// The places in raw HTML where a browser would load a file of the machine that opens the page:
/// every URL-bearing place, not only `src`: any attribute that takes a URL (`src`, `data`,
/// `poster`, `background`, `href` but on `<a>` and `<area>`, which only link, `xlink:href`, any
/// name ending in `src` or `href`), the candidates of `srcset`, CSS `url()` and `@import` in a
/// `style` attribute, in any attribute holding `url(` (SVG's `fill`, `filter`) and in `<style>`,
/// a `<meta http-equiv=refresh>` target, and nested documents read as HTML again (`srcdoc`,
/// `data:text/html,…` and `data:image/svg+xml,…` URLs). A URL counts when, read as a browser
/// reads it (character references decoded with or without `;`, CSS escapes decoded, tabs and
/// newlines removed, any case), it has the `file:` scheme, also behind a wrapper scheme
/// (`view-source:`, `filesystem:`, `blob:`).
///
/// A script can still build any URL at run time; that is why `lecture pdf` does not open the
/// site from disk (`PrintServer`).
enum MachineFileURLs {
    /// One place: its UTF-8 offset in the scanned HTML, where it is (`<iframe srcdoc> <iframe src>`)
    /// and the URL as decoded.
    struct Finding: Equatable {
        var offset: Int
        var place: String
        var url: String
        /// For a script URL whose scheme is hidden from a reader of the source (`hiddenScript`),
        /// the scheme a browser reads (`javascript`), and `url` is the value as written; `nil`
        /// for a machine file.
        var hiddenScheme: String? = nil
        /// For a tag that acts on the whole page (`DocumentWideHTML`), what it does; `url` is
        /// empty and `offset` is the tag's `<`.
        var documentWide: DocumentWideHTML.Effect? = nil
    }

    /// Nested documents deeper than this are not read again (and are reported, as a browser would
    /// still load them).
    static let maximumDepth = 8

    /// The places in `html` (a fragment: an HTML block, or a paragraph's inline HTML and text).
    /// With `network`, the places that load a URL of the network (`namesANetworkResource`)
    /// instead of a machine file, read the same way.
    /// With `above` (the page's folder depth), the places whose relative URL climbs above the
    /// site's root instead (`climbsAbove`), `<a href>` included: a URL that leaves the site.
    static func findings(in html: String, depth: Int = 0, network: Bool = false, above: Int? = nil) -> [Finding] {
        let bytes = Array(html.utf8)
        var found: [Finding] = []
        // Attributes as HTML's tokenizer reads them (quoted, single-quoted or bare values; a
        // comment hides what it holds); a style sheet's text is read as CSS.
        HTMLAttributes.scan(
            bytes,
            rawText: { element, range in
                guard element == "style" else { return }
                let text = String(decoding: bytes[range], as: UTF8.self)
                // Inside SVG a style element's text has its references decoded; read it both ways.
                for url in Set(css(text) + css(decodedReferences(text))).sorted() {
                    for problem in problems(url: url, depth: depth, network: network, above: above) {
                        found.append(
                            Finding(
                                offset: range.lowerBound, place: "<style>" + (problem.place.map { " " + $0 } ?? ""),
                                url: problem.url))
                    }
                }
            },
            visit: { tag in
                let tagName = HTMLAttributes.lowercased(tag.name, in: bytes)
                let attributes = tag.attributes.map { attribute in
                    (
                        name: HTMLAttributes.lowercased(attribute.name, in: bytes),
                        value: HTMLAttributes.value(attribute.value, in: bytes),
                        written: String(decoding: bytes[attribute.value], as: UTF8.self),
                        offset: attribute.value.lowerBound
                    )
                }
                // A nested document (`srcdoc`, a `data:` URL) is a page of its own: its tags act there.
                if !network, above == nil, depth == 0,
                    let effect = DocumentWideHTML.effect(
                        tag: tagName, attributes: attributes.map { (name: $0.name, value: $0.value) })
                {
                    found.append(
                        Finding(
                            offset: max(tag.name.lowerBound - 1, 0), place: "<\(tagName)>", url: "",
                            documentWide: effect))
                }
                found += findings(tag: tagName, attributes: attributes, depth: depth, network: network, above: above)
            })
        return found
    }

    /// The places of one start tag's attributes (name lowercased, value decoded and as written).
    private static func findings(
        tag: String, attributes: [(name: String, value: String, written: String, offset: Int)], depth: Int,
        network: Bool, above: Int?
    ) -> [Finding] {
        var found: [Finding] = []
        let isMetaRefresh =
            tag == "meta"
            && attributes.contains {
                $0.name == "http-equiv" && $0.value.lowercased().trimmingCharacters(in: .whitespaces) == "refresh"
            }
        for attribute in attributes {
            let place = "<\(tag) \(attribute.name)>"
            if above == nil, attribute.name == "href" || takesURL(attribute.name, tag: tag),
                let scheme = hiddenScript(written: attribute.written, decoded: attribute.value)
            {
                found.append(
                    Finding(offset: attribute.offset, place: place, url: attribute.written, hiddenScheme: scheme))
            }
            func report(_ url: String) {
                for problem in problems(url: url, depth: depth, network: network, above: above) {
                    found.append(
                        Finding(
                            offset: attribute.offset, place: problem.place.map { place + " " + $0 } ?? place,
                            url: problem.url))
                }
            }
            switch attribute.name {
            case "srcdoc":
                for inner in nested(attribute.value, depth: depth, network: network, above: above) {
                    found.append(
                        Finding(
                            offset: attribute.offset, place: place + " " + inner.place, url: inner.url,
                            hiddenScheme: inner.hiddenScheme))
                }
                continue
            case "srcset", "imagesrcset":
                HTMLAttributes.srcsetURLs(attribute.value).forEach(report)
                continue
            case "style":
                css(attribute.value).forEach(report)
                continue
            case "content" where isMetaRefresh:
                report(refreshTarget(attribute.value))
                continue
            default: break
            }
            if takesURL(attribute.name, tag: tag) || (above != nil && attribute.name == "href") {
                report(attribute.value)
            } else if attribute.value.lowercased().contains("url(") {
                css(attribute.value).forEach(report)
            }
        }
        return found
    }

    /// The scheme of a script URL (`ScriptURL`) that the attribute's value as written does not
    /// show: `jav&#x09;ascript:`, `java&#10;script:`, `javascript&colon;`, `&#x6A;avascript:`, a
    /// tab typed inside the word. A browser decodes the references and drops tabs and line
    /// breaks, and runs the script; a reader of the page's source, or a check for `javascript:`,
    /// sees no such scheme. A scheme written plainly, in any case, is the author's (as mdBook
    /// publishes it): `nil`.
    static func hiddenScript(written: String, decoded: String) -> String? {
        guard let scheme = ScriptURL.scheme(of: decoded) else { return nil }
        let shown = written.unicodeScalars.drop { $0.value <= 0x20 }
        return String(String.UnicodeScalarView(shown)).lowercased().hasPrefix(scheme + ":") ? nil : scheme
    }

    /// Whether attribute `name` of `tag` holds a URL a browser loads into the page.
    static func takesURL(_ name: String, tag: String) -> Bool {
        if name == "href" { return tag != "a" && tag != "area" }
        if name.hasSuffix("href") { return true }  // xlink:href
        if name.hasSuffix("src") { return true }  // src, lowsrc, dynsrc
        return [
            "data", "poster", "background", "action", "formaction", "codebase", "archive", "code", "classid",
            "manifest", "icon", "longdesc", "usemap", "profile", "cite", "itemtype", "ping",
        ].contains(name)
    }

    /// The URL of a `<meta http-equiv=refresh>`'s `content` (`0;url=…`, `0; URL='…'`, `0,…`).
    static func refreshTarget(_ content: String) -> String {
        var rest = Substring(content).drop { $0.isNumber || $0 == "." || $0.isWhitespace }
        guard rest.first == ";" || rest.first == "," else { return "" }
        rest = rest.dropFirst().drop(while: \.isWhitespace)
        if rest.prefix(3).lowercased() == "url" {
            let after = rest.dropFirst(3).drop(while: \.isWhitespace)
            if after.first == "=" { rest = after.dropFirst().drop(while: \.isWhitespace) }
        }
        if let quote = rest.first, quote == "'" || quote == "\"" {
            rest = rest.dropFirst().prefix { $0 != quote }
        }
        return String(rest)
    }

    /// The problems of one URL: itself when it names a machine file, else those of the document
    /// a `data:` URL of HTML or SVG holds.
    static func problems(url: String, depth: Int, network: Bool = false, above: Int? = nil) -> [(
        place: String?, url: String
    )] {
        let normal = normalized(url)
        if let above { return climbsAbove(normal, levels: above) ? [(nil, url)] : [] }
        if network ? namesANetworkResource(normal) : namesAMachineFile(normal) { return [(nil, url)] }
        guard normal.hasPrefix("data:"), let comma = normal.firstIndex(of: ",") else { return [] }
        let header = normal[normal.index(normal.startIndex, offsetBy: 5)..<comma]
        guard header.contains("html") || header.contains("svg") || header.contains("xml") else { return [] }
        // The payload from the URL as written (normalising lowered its case).
        let written = url.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        guard let writtenComma = written.firstIndex(of: ",") else { return [] }
        let payload = String(written[written.index(after: writtenComma)...])
        let document: String
        if header.hasSuffix(";base64") {
            let bytes = Data(
                base64Encoded: EmittedLinkChecker.percentDecoded(Substring(payload)), options: .ignoreUnknownCharacters)
            document = bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
        } else {
            document = EmittedLinkChecker.percentDecoded(Substring(payload))
        }
        // A hidden script in the nested document is a script of that document, not a machine file.
        return nested(document, depth: depth, network: network, above: above).filter { $0.hiddenScheme == nil }.map {
            ("data: " + $0.place, $0.url)
        }
    }

    /// The places of a document nested in another, read again as HTML.
    static func nested(_ document: String, depth: Int, network: Bool = false, above: Int? = nil) -> [Finding] {
        guard depth < maximumDepth else {
            return document.lowercased().contains(network ? "/" : "file")
                ? [Finding(offset: 0, place: "(nested too deep)", url: "")] : []
        }
        return findings(in: document, depth: depth + 1, network: network, above: above)
    }

    /// Whether `url` (normalised) is a relative URL whose `..` segments climb above the site's
    /// root from a page `levels` folders below it (`../../x.txt` from `sub/a.html`), where a
    /// browser clamps it to the root (a server answers its not-found page) and `file://` reads a
    /// file beside the site: no scheme, not root-relative, percent-encoded dots read as dots.
    static func climbsAbove(_ url: String, levels: Int) -> Bool {
        guard !url.hasPrefix("/"), !url.hasPrefix("\\"), !LinkRewriter.hasScheme(url) else { return false }
        let path = url.prefix { $0 != "?" && $0 != "#" }.replacingOccurrences(of: "%2e", with: ".")
        var level = levels
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case "..":
                level -= 1
                if level < 0 { return true }
            case ".", "": continue
            default: level += 1
            }
        }
        return false
    }

    /// `url` as a browser's URL parser reads its scheme: leading and trailing controls and spaces
    /// dropped, tabs and newlines removed, lower case.
    static func normalized(_ url: String) -> String {
        // Appended to a string's own view: `filter` on the dropped substring's view replaced a
        // subrange of it for every scalar, thousands of instructions each (callgrind, issue 36).
        var kept = String.UnicodeScalarView()
        for scalar in url.unicodeScalars.drop(while: { $0.value <= 0x20 })
        where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            kept.append(scalar)
        }
        return String(kept).lowercased()
    }

    /// Whether `url` (normalised) names a resource of the network, which a browser would fetch:
    /// a scheme of the network (`http:`, `https:`, `ws:`, `wss:`, `ftp:`), also behind a wrapper
    /// scheme, or a host without a scheme (`//host/x`, and `\\host`, which a browser reads alike).
    static func namesANetworkResource(_ url: String) -> Bool {
        var rest = Substring(url)
        while true {
            if ["http:", "https:", "ws:", "wss:", "ftp:"].contains(where: { rest.hasPrefix($0) }) { return true }
            if rest.count >= 2, rest.prefix(2).allSatisfy({ $0 == "/" || $0 == "\\" }) { return true }
            guard let wrapper = ["view-source:", "blob:"].first(where: { rest.hasPrefix($0) }) else {
                return false
            }
            rest = rest.dropFirst(wrapper.count).drop { $0.unicodeScalars.first!.value <= 0x20 }
        }
    }

    /// Whether `url` (normalised) has the `file:` scheme, also behind a wrapper scheme.
    static func namesAMachineFile(_ url: String) -> Bool {
        var rest = Substring(url)
        while true {
            if rest.hasPrefix("file:") { return true }
            guard let wrapper = ["view-source:", "filesystem:", "blob:"].first(where: { rest.hasPrefix($0) }) else {
                return false
            }
            rest = rest.dropFirst(wrapper.count).drop { $0.unicodeScalars.first!.value <= 0x20 }
        }
    }

    /// The URLs of CSS text: `url(…)` (quoted or not) and the strings of `@import`, `image-set()`
    /// and other functions, CSS escapes (`\66`, `\:`) and comments resolved first.
    static func css(_ text: String) -> [String] {
        let scalars = Array(unescapedCSS(text).unicodeScalars)
        var urls: [String] = []
        var index = 0
        var lastSignificant: Unicode.Scalar = " "
        var lastWord = ""
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "(", lastWord.lowercased().hasSuffix("url") {
                var end = index + 1
                while end < scalars.count, scalars[end] != ")" { end += 1 }
                var value = String(String.UnicodeScalarView(scalars[index + 1..<end])).trimmingCharacters(
                    in: .whitespacesAndNewlines)
                if let quote = value.first, quote == "\"" || quote == "'" {
                    value = String(value.dropFirst().prefix { $0 != quote })
                }
                urls.append(value)
                index = end + 1
                lastWord = ""
                lastSignificant = ")"
                continue
            }
            if scalar == "\"" || scalar == "'" {
                var end = index + 1
                while end < scalars.count, scalars[end] != scalar { end += 1 }
                let value = String(String.UnicodeScalarView(scalars[index + 1..<min(end, scalars.count)]))
                // A string a function or `@import` takes (not `content: "…"`, which is text).
                if lastSignificant == "(" || lastSignificant == "," || lastWord.lowercased() == "@import" {
                    urls.append(value)
                }
                index = end + 1
                lastSignificant = "\""
                lastWord = ""
                continue
            }
            if scalar.properties.isWhitespace {
                index += 1
                continue
            }
            if scalar.properties.isAlphabetic || scalar == "-" || scalar == "@" || scalar == "_" {
                if !(lastSignificant.properties.isAlphabetic || lastSignificant == "-" || lastSignificant == "@"
                    || lastSignificant == "_")
                {
                    lastWord = ""
                }
                lastWord.unicodeScalars.append(scalar)
            } else {
                lastWord = ""
            }
            lastSignificant = scalar
            index += 1
        }
        return urls
    }

    /// CSS text with comments removed and escapes decoded (`\66 ` is `f`, `\:` is `:`, a
    /// backslash before a newline is nothing).
    static func unescapedCSS(_ text: String) -> String {
        guard text.contains("\\") || text.contains("/*") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                index += 2
                continue
            }
            guard scalar == "\\", index + 1 < scalars.count else {
                out.append(scalar)
                index += 1
                continue
            }
            var end = index + 1
            var value: UInt32 = 0
            while end < scalars.count, end - index <= 6, let digit = UInt32(String(scalars[end]), radix: 16) {
                value = value * 16 + digit
                end += 1
            }
            if end > index + 1 {
                out.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                if end < scalars.count, scalars[end].properties.isWhitespace { end += 1 }
                index = end
            } else if scalars[index + 1] == "\n" {
                index += 2
            } else {
                out.append(scalars[index + 1])
                index += 2
            }
        }
        return String(out)
    }

    /// An attribute's value with its character references decoded as HTML's tokenizer decodes
    /// them (`CharacterReferences`, which the emitted-URL check reads them with too).
    static func decodedReferences(_ value: String) -> String { CharacterReferences.decoded(value) }
}
