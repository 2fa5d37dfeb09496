import CommonMark
import LectureSupport

/// A page layout with `{{ name }}` placeholders (spaces inside the braces optional).
///
/// The syntax is deliberately tiny: no logic, no loops. A value is text (HTML-escaped when
/// filled in) or HTML (inserted as is: rendered content, navigation). A placeholder the
/// template's kind does not know is an error at `template:line:column`, reported when the
/// template is loaded, before any page is built.
struct Template: Hashable, Sendable {
    /// A value for a placeholder.
    enum Value: Hashable, Sendable {
        /// Text, HTML-escaped when filled in.
        case text(String)
        /// HTML, inserted as is.
        case html(String)
    }

    enum Piece: Hashable, Sendable {
        case literal(String)
        case placeholder(String)
    }

    /// The file it was read from, as diagnostics name it.
    package var path: String
    var pieces: [Piece]
    /// Where each piece starts (as many as `pieces`; none for a template made in code).
    var locations: [SourceLocation] = []

    /// Where `placeholder` is first used, or nil.
    func location(of placeholder: String) -> SourceLocation? {
        guard locations.count == pieces.count, let index = pieces.firstIndex(of: .placeholder(placeholder)) else {
            return nil
        }
        return locations[index]
    }

    /// Whether the template has the placeholder `name`.
    func uses(_ name: String) -> Bool {
        pieces.contains { if case .placeholder(name) = $0 { true } else { false } }
    }

    /// Parses `text` read from `path`, accepting only the placeholders in `known`, each with its
    /// kind, or in `alsoKnown`, short text (two collections, so that a caller with a large shared
    /// one, the interface words, does not copy it into a union for each template).
    /// With `boundingCopies`, a placeholder named more often than `PlaceholderCopies` allows its
    /// kind is an error at the copy past the bound (the loaders of a theme's templates ask for it).
    /// - Throws: a diagnostic at each unknown or unclosed placeholder, or copy past the bound.
    package static func parse(
        _ text: String, path: String, known: [String: PlaceholderKind], alsoKnown: Set<String> = [],
        boundingCopies: Bool = false
    ) throws(DiagnosticsError) -> Template {
        var pieces: [Piece] = []
        var locations: [SourceLocation] = []
        var uses: [String: Int] = [:]
        var diagnostics: [Diagnostic] = []
        var rest = Substring(text)
        var line = 1
        var column = 1
        func advance(over consumed: Substring) {
            for byte in consumed.utf8 {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
        }
        // In ASCII every byte is a character of its own, so the first match of the bytes is
        // `range(of:)`'s (a Foundation search, most of the cost of loading the ~80 templates
        // and partials at every run); other text is searched as before.
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        func find(_ brace: UInt8, in part: Substring) -> Range<String.Index>? {
            guard ascii else { return part.range(of: String(decoding: [brace, brace], as: UTF8.self)) }
            let bytes = part.utf8
            var index = bytes.startIndex
            while let first = bytes[index...].firstIndex(of: brace) {
                let second = bytes.index(after: first)
                guard second != bytes.endIndex else { return nil }
                if bytes[second] == brace { return first..<bytes.index(after: second) }
                index = second
            }
            return nil
        }
        while let open = find(UInt8(ascii: "{"), in: rest) {
            let literal = rest[..<open.lowerBound]
            pieces.append(.literal(String(literal)))
            locations.append(SourceLocation(line: line, column: column))
            advance(over: literal)
            let location = SourceLocation(line: line, column: column)
            guard let close = find(UInt8(ascii: "}"), in: rest[open.upperBound...]) else {
                diagnostics.append(.error(.templatePlaceholder, path, location, "placeholder is not closed with '}}'"))
                rest = rest[rest.endIndex...]
                break
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: " \t")
            if known[String(name)] == nil && !alsoKnown.contains(String(name)) {
                diagnostics.append(
                    .error(
                        .templatePlaceholder,
                        path, location, "unknown placeholder \(quoted: name)",
                        notes: [
                            "known placeholders: "
                                + alsoKnown.union(known.keys).sorted().map { "{{ \($0) }}" }.joined(separator: ", ")
                        ]))
            }
            if boundingCopies {
                let count = uses[String(name), default: 0] + 1
                uses[String(name)] = count
                // An unknown placeholder is reported above; its copies are bounded as text.
                let kind = known[String(name)] ?? .text
                if count == PlaceholderCopies.maximum(for: kind) + 1 {
                    let problem = PlaceholderCopies.problem(String(name), kind: kind)
                    diagnostics.append(
                        .error(.templatePlaceholder, path, location, problem.summary, notes: [problem.note]))
                }
            }
            pieces.append(.placeholder(String(name)))
            locations.append(location)
            advance(over: rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        pieces.append(.literal(String(rest)))
        locations.append(SourceLocation(line: line, column: column))
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
        return Template(path: path, pieces: pieces, locations: locations)
    }

    /// The bytes of `render(values)` with `values[name] = .html(parts.joined())`, written once
    /// into one buffer: `print.html` holds every chapter (24 MB for 1,000 pages), which joining,
    /// rendering and converting to UTF-8 copied three times on every rebuild.
    func renderUTF8(_ values: [String: Value], html name: String, parts: [String]) -> [UInt8] {
        var parts = parts
        return renderUTF8(values, html: name, consuming: &parts)
    }

    /// The same, emptying `parts` as each is copied in: with the only references to them, the
    /// page and its parts are never held whole side by side (`print.html`, issue 36).
    func renderUTF8(_ values: [String: Value], html name: String, consuming parts: inout [String]) -> [UInt8] {
        var filled = values
        filled[name] = .html("")
        // A template that names the placeholder twice gets the parts twice: kept to the last.
        let once = pieces.count { if case .placeholder(name) = $0 { true } else { false } } == 1
        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(0) { $0 + $1.utf8.count } + 64 * 1024)
        for piece in pieces {
            switch piece {
            case .literal(let text): Self.append(text, to: &out)
            case .placeholder(let placeholder) where placeholder == name:
                for index in parts.indices {
                    Self.append(parts[index], to: &out)
                    if once { parts[index] = "" }
                }
            case .placeholder(let placeholder):
                switch filled[placeholder] {
                case .text(let text)?: Self.append(HTML.escape(text), to: &out)
                case .html(let html)?: Self.append(html, to: &out)
                case nil: break
                }
            }
        }
        return out
    }

    /// `text`'s UTF-8 appended with one copy of its buffer (a native string's are contiguous).
    private static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Fills the placeholders. A placeholder without a value renders as the empty string.
    package func render(_ values: [String: Value]) -> String { render(values, words: [:]) }

    /// Fills the placeholders from `values`, then from `words` (the interface words, shared by
    /// every partial, so not merged into each call's values).
    func render(_ values: [String: Value], words: [String: Value]) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .literal(let text): out += text
            case .placeholder(let name):
                switch values[name] ?? words[name] {
                case .text(let text)?: out += HTML.escape(text)
                case .html(let html)?: out += html
                case nil: break
                }
            }
        }
        return out
    }
}
