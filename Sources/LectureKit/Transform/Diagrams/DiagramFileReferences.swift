import CommonMark
import LectureSupport

/// The places in a Graphviz graph that make `dot` read a file of the machine drawing it: the
/// attributes `image`, `imagepath`, `shapefile`, `fontpath` and `_background` (whose xdot image
/// operation names a file), and an HTML-like label's `<IMG SRC="…">`. Graphviz would read any file
/// the build can (outside the book too) and write its absolute path into the published SVG
/// (`<image xlink:href="/home/…">`), so a diagram that uses one is refused, at its line.
///
/// Found by DOT's own lexical rules (https://graphviz.org/doc/info/lang.html): comments (`//`,
/// `/* */`, a line starting with `#`) are skipped, a quoted string's `\"` and line continuation
/// and the `+` that joins quoted strings are read as Graphviz reads them, so `"ima" + "ge" = …`
/// is `image`; an attribute is an ID followed by `=`, so a node named `image` is not one. An ID
/// may be an HTML string too, the attribute's name included: `<image>=` is `image` to Graphviz
/// (attack 22 F6), so an HTML string before `=` is read as the name between its brackets. Names
/// are compared without case: Graphviz's are case-sensitive, so `IMAGE=` reads nothing, and
/// refusing it too errs on the safe side. Graphviz itself runs with its file loading turned off
/// (`DiagramRenderer.graphvizEnvironment`), so a spelling missed here still reads nothing.
enum DiagramFileReferences {
    /// The attributes whose value Graphviz reads as a file or a folder of files, or, for
    /// `stylesheet`, writes as a file's address into the SVG, in lower case.
    static let attributes: Set<String> = [
        "image", "imagepath", "shapefile", "fontpath", "_background", "stylesheet",
    ]

    /// One reference: what it is, and where in the graph's text it starts (1-based).
    struct Found: Equatable {
        var name: String
        var line: Int
        var column: Int
    }

    /// Every reference in `code`, in order.
    static func find(in code: String) -> [Found] {
        let tokens = DOTTokens(Array(code.utf8)).all()
        var found: [Found] = []
        for (index, token) in tokens.enumerated() {
            let isName = index + 1 < tokens.count && tokens[index + 1].kind == .equals
            switch token.kind {
            case .id where isName && attributes.contains(token.text.lowercased()):
                found.append(Found(name: token.text, line: token.line, column: token.column))
            case .html where isName && attributes.contains(String(token.text.dropFirst().dropLast()).lowercased()):
                found.append(Found(name: token.text, line: token.line, column: token.column))
            case .html where token.text.lowercased().contains("<img"):
                found.append(Found(name: "<IMG>", line: token.line, column: token.column))
            default:
                break
            }
        }
        return found
    }

    /// The error for a diagram whose fence is at `location` of `path`, at its first reference
    /// (the graph's text starts on the fence's next line), or `nil` when it has none.
    static func problem(in code: String, path: String, location: SourceLocation) -> Diagnostic? {
        let found = find(in: code)
        guard let first = found.first else { return nil }
        func place(_ one: Found) -> SourceLocation {
            SourceLocation(line: location.line + one.line, column: location.column - 1 + one.column)
        }
        func name(_ one: Found) -> String { one.name == "<IMG>" ? "an HTML label's <IMG>" : "\(quoted: one.name)" }
        let others = found.dropFirst().map { "also \(name($0)) at \(path):\(place($0).line)" }
        return .error(
            .diagram, path, place(first),
            "diagram: \(name(first)) would make Graphviz read a file of the machine that builds the book",
            notes: [
                "Graphviz reads it from anywhere, not only the book, and writes its absolute path into the published SVG; lecture draws no diagram that names a file",
                "put the picture beside the diagram as a Markdown image, ![…](picture.png), or draw it with Graphviz's shapes",
            ] + others)
    }
}

/// DOT's tokens, as far as finding attribute names needs: IDs (quoted strings decoded, and
/// joined where `+` joins them), HTML strings, `=`, and everything else one byte at a time.
struct DOTTokens {
    enum Kind { case id, quoted, html, equals, other }
    struct Token {
        var kind: Kind
        var text: String
        var line: Int
        var column: Int
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Every token of the text; a quoted string is an `.id` like any other.
    func all() -> [Token] {
        var scanner = self
        var tokens: [Token] = []
        while let token = scanner.next() {
            let count = tokens.count
            if token.kind == .quoted, count >= 2, tokens[count - 1].kind == .other, tokens[count - 1].text == "+",
                tokens[count - 2].kind == .quoted
            {
                tokens.removeLast()
                tokens[count - 2].text += token.text
                continue
            }
            tokens.append(token)
        }
        return tokens.map { token in
            var token = token
            if token.kind == .quoted { token.kind = .id }
            return token
        }
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func skipLine() {
        while let byte = current, byte != UInt8(ascii: "\n") { advance() }
    }

    private mutating func skipSpaceAndComments() {
        while let byte = current {
            if [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(byte) {
                advance()
            } else if byte == UInt8(ascii: "#") && index == lineStart {
                skipLine()
            } else if byte == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "/") {
                skipLine()
            } else if byte == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                advance()
                advance()
                while current != nil && !(current == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) { advance() }
                if current != nil {
                    advance()
                    advance()
                }
            } else {
                return
            }
        }
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The next token, or `nil` at the end.
    mutating func next() -> Token? {
        skipSpaceAndComments()
        guard let byte = current else { return nil }
        let (startLine, startColumn) = (line, index - lineStart + 1)
        var text: [UInt8] = []
        func token(_ kind: Kind) -> Token {
            Token(kind: kind, text: String(decoding: text, as: UTF8.self), line: startLine, column: startColumn)
        }
        switch byte {
        case UInt8(ascii: "\""):
            advance()
            while let c = current, c != UInt8(ascii: "\"") {
                // `\"` is a quote; a backslash before a line break continues the line.
                if c == UInt8(ascii: "\\"), let escaped = peek(1),
                    escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\n")
                {
                    if escaped == UInt8(ascii: "\"") { text.append(escaped) }
                    advance()
                    advance()
                    continue
                }
                text.append(c)
                advance()
            }
            if current != nil { advance() }
            return token(.quoted)
        case UInt8(ascii: "<"):
            var depth = 0
            while let c = current {
                if c == UInt8(ascii: "<") { depth += 1 }
                if c == UInt8(ascii: ">") { depth -= 1 }
                text.append(c)
                advance()
                if depth == 0 { break }
            }
            return token(.html)
        case UInt8(ascii: "="):
            text = [byte]
            advance()
            return token(.equals)
        case _ where Self.isIDByte(byte):
            while let c = current, Self.isIDByte(c) {
                text.append(c)
                advance()
            }
            return token(.id)
        default:
            text = [byte]
            advance()
            return token(.other)
        }
    }
}
