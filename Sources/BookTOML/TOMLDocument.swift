import CBookTOML
import SourceText

/// A TOML document, parsed by toml++ (Debian's libtomlplusplus-dev, TOML 1.0) and kept as a flat
/// list of located entries. The only importer of `CBookTOML`:
/// no C or C++ value outlives `parse`.
package struct TOMLDocument: Sendable {
    /// What a TOML value is.
    package enum Kind: Sendable, Equatable {
        case table, array, string, integer, float, boolean, dateTime
    }

    /// One node of the document: a table, an array or a value.
    package struct Entry: Sendable, Equatable {
        /// The keys from the root (`["output", "html", "site-url"]`); array elements by index.
        package var path: [String]
        package var kind: Kind
        /// A string's contents, `true`/`false`, a number as written; empty for tables and arrays.
        package var value: String
        /// Where the key or value stands (1-based line, UTF-8 byte column); `0:0` for a table
        /// made implicitly by a dotted key.
        package var location: SourceLocation
    }

    /// A syntax error, located as toml++ reports it (the column converted to UTF-8 bytes), or
    /// tables and arrays nested deeper than `TOMLNesting.maximumDepth` (`isTooDeep`), located
    /// at the key's part or the value that goes past it.
    package struct SyntaxError: Error, Sendable, Equatable {
        package var message: String
        package var location: SourceLocation
        package var isTooDeep = false
    }

    /// Every node, parents before children, in document order.
    package var entries: [Entry]

    /// Parses `text`. - Returns: the entries. - Throws: the first syntax error, or the first
    /// node too deep (measured before toml++ reads the text: it and the walk below recurse).
    package static func parse(_ text: String) throws(SyntaxError) -> TOMLDocument {
        if let place = TOMLNesting.firstTooDeep(text) {
            throw SyntaxError(
                message: "tables and arrays nest deeper than \(TOMLNesting.maximumDepth) levels", location: place,
                isTooDeep: true)
        }
        final class Collector {
            var entries: [Entry] = []
        }
        let collector = Collector()
        var error: UnsafeMutablePointer<CChar>?
        var line: Int32 = 0
        var column: Int32 = 0
        let lines = Self.lines(of: text)
        // toml++ counts columns in code points; diagnostics count UTF-8 bytes, as swiftc does.
        func location(_ line: Int32, _ column: Int32) -> SourceLocation {
            let index = Int(line) - 1
            guard line > 0, column > 0, index < lines.count else {
                return SourceLocation(line: Int(line), column: Int(column))
            }
            let before = lines[index].unicodeScalars.prefix(Int(column) - 1)
            return SourceLocation(line: Int(line), column: before.reduce(0) { $0 + UTF8.width($1) } + 1)
        }
        let status = text.withCString { pointer in
            withExtendedLifetime(collector) {
                lecture_toml_parse(
                    pointer, text.utf8.count, Unmanaged.passUnretained(collector).toOpaque(),
                    { context, path, pathLength, kind, value, valueLength, line, column in
                        let collector = Unmanaged<Collector>.fromOpaque(context!).takeUnretainedValue()
                        // With their lengths: a NUL (`\u0000`) is a character of the text, not its end.
                        func text(_ bytes: UnsafePointer<CChar>?, _ count: Int) -> String {
                            guard let bytes else { return "" }
                            return bytes.withMemoryRebound(to: UInt8.self, capacity: count) {
                                String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
                            }
                        }
                        let keys = text(path, pathLength).split(separator: "\u{1F}", omittingEmptySubsequences: false)
                            .dropLast().map(String.init)
                        let kinds: [Kind] = [.table, .array, .string, .integer, .float, .boolean, .dateTime]
                        collector.entries.append(
                            Entry(
                                path: keys, kind: kinds[Int(kind.rawValue)], value: text(value, valueLength),
                                location: SourceLocation(line: Int(line), column: Int(column))))
                    }, &error, &line, &column)
            }
        }
        if status != 0 {
            let message = error.map { String(cString: $0) } ?? "invalid TOML"
            lecture_toml_free(error)
            throw SyntaxError(message: message, location: location(line, column))
        }
        var entries = collector.entries
        for index in entries.indices where entries[index].location.line > 0 {
            entries[index].location = location(
                Int32(entries[index].location.line), Int32(entries[index].location.column))
        }
        return TOMLDocument(entries: entries)
    }

    /// The lines of `text` as `text.split(separator: "\n", omittingEmptySubsequences: false)` cuts
    /// them, Character by Character, where a `"\r\n"` is one Character that ends no line; found by
    /// bytes instead (a line feed after a carriage return ends none), since the split by Characters
    /// took 1.9 M instructions of a small book's build for two tables of a few lines (callgrind).
    static func lines(of text: String) -> [Substring] {
        let utf8 = text.utf8
        var lines: [Substring] = []
        var start = utf8.startIndex
        var previous: UInt8 = 0
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r") {
                lines.append(Substring(utf8[start..<index]))
                start = utf8.index(after: index)
            }
            previous = byte
            utf8.formIndex(after: &index)
        }
        lines.append(Substring(utf8[start..<utf8.endIndex]))
        return lines
    }
}
