import SourceText

/// How deep a TOML text's tables and arrays nest, measured on the text before toml++ reads it.
///
/// toml++ caps only nested *values* (256 arrays or inline tables). A dotted key (`a.a.a… = 1`) or a
/// table header (`[a.a.a…]`) makes one table per part, and toml++ builds, finishes and frees that
/// tree by recursion: 50,000 parts (100 KB) overflow its stack, and our walk over the tree did at
/// 20,000. So the text is scanned first, without recursion, and a document whose
/// tree would nest deeper than `maximumDepth` is refused at the part that goes past it. A node's
/// depth is the length of its path: a table header's parts (one more for each array of tables
/// among them, `[[a]]` makes `a` and its element), then a key's parts, then one per array and the
/// keys of each inline table the value sits in. mdBook 0.5.4 refuses about 90 levels ("recursion
/// limit"); no mdBook setting nests more than 5.
package enum TOMLNesting {
    /// The deepest node a document may hold.
    package static let maximumDepth = 100

    /// Where `text` first holds a node deeper than `maximumDepth` (1-based line, UTF-8 byte
    /// column), or nil. Linear in the text; a text that is not valid TOML is measured as far as
    /// it reads, since toml++ stops at its first error anyway.
    package static func firstTooDeep(_ text: String) -> SourceLocation? {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard let offset = scanner.firstTooDeep() else { return nil }
        var line = 1
        var lineStart = 0
        for (index, byte) in scanner.bytes[..<offset].enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return SourceLocation(line: line, column: offset - lineStart + 1)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        /// An open array (its elements' depth) or inline table (its keys' base depth).
        enum Frame {
            case array(Int)
            case inline(Int)
        }

        /// What the scanner reads next: a statement, a key below a depth, a value at a depth, or
        /// what follows a value.
        enum Expect {
            case statement
            case key(Int)
            case value(Int)
            case afterValue
        }

        init(bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// The byte offset of the first part or value past the limit.
        mutating func firstTooDeep() -> Int? {
            var frames: [Frame] = []
            var expect = Expect.statement
            var tableDepth = 0
            var arraysOfTables: Set<[String]> = []
            while index < bytes.count {
                skipBlanks(newlines: !(frames.isEmpty && isValue(expect)))
                guard let byte = current else { break }
                switch expect {
                case .statement:
                    if byte == UInt8(ascii: "[") {
                        let isArray = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "[")
                        index += isArray ? 2 : 1
                        var path: [String] = []
                        var depth = 0
                        let tooDeep = readKey { name, start in
                            path.append(name)
                            depth += 1
                            if arraysOfTables.contains(path) { depth += 1 }
                            return depth > maximumDepth ? start : nil
                        }
                        if let tooDeep { return tooDeep }
                        if isArray {
                            arraysOfTables.insert(path)
                            depth += 1
                            if depth > maximumDepth { return index }
                        }
                        tableDepth = depth
                        skipLine()
                    } else {
                        guard let next = keyValue(base: tableDepth, expect: &expect) else { return index }
                        if next < 0 { skipLine() }
                    }
                case .key(let base):
                    if byte == UInt8(ascii: "}") {
                        index += 1
                        close(&frames, &expect)
                    } else {
                        guard let next = keyValue(base: base, expect: &expect) else { return index }
                        if next < 0 { close(&frames, &expect) }
                    }
                case .value(let depth):
                    if depth > maximumDepth { return index }
                    switch byte {
                    case UInt8(ascii: "["):
                        index += 1
                        frames.append(.array(depth + 1))
                        expect = .value(depth + 1)
                        skipBlanks(newlines: true)
                        if current == UInt8(ascii: "]") {
                            index += 1
                            close(&frames, &expect)
                        }
                    case UInt8(ascii: "{"):
                        index += 1
                        frames.append(.inline(depth))
                        expect = .key(depth)
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        // A trailing comma's end, or not TOML: close what is open.
                        index += 1
                        close(&frames, &expect)
                    case UInt8(ascii: "\n"):
                        expect = .statement
                    default:
                        skipValue()
                        expect = .afterValue
                    }
                case .afterValue:
                    guard let frame = frames.last else {
                        skipLine()
                        expect = .statement
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: ","):
                        index += 1
                        switch frame {
                        case .array(let depth): expect = .value(depth)
                        case .inline(let base): expect = .key(base)
                        }
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        index += 1
                        close(&frames, &expect)
                    default:
                        // A date-time's time after its space, or not TOML: read past it.
                        skipValue()
                    }
                }
            }
            return nil
        }

        func isValue(_ expect: Expect) -> Bool {
            if case .statement = expect { return false }
            return true
        }

        /// Reads `key = ` below `base`; sets `expect` to the value's depth. - Returns: nil when a
        /// part is too deep (`index` at it), -1 when no `=` follows (not TOML), else 0.
        mutating func keyValue(base: Int, expect: inout Expect) -> Int? {
            var depth = base
            let tooDeep = readKey { _, start in
                depth += 1
                return depth > maximumDepth ? start : nil
            }
            if let tooDeep {
                index = tooDeep
                return nil
            }
            skipBlanks(newlines: false)
            guard current == UInt8(ascii: "=") else { return -1 }
            index += 1
            expect = .value(depth)
            return 0
        }

        /// Closes the innermost array or inline table: what follows is its container's.
        mutating func close(_ frames: inout [Frame], _ expect: inout Expect) {
            if !frames.isEmpty { frames.removeLast() }
            expect = .afterValue
        }

        /// Reads a dotted key, calling `part` with each part's name and start; stops at the first
        /// start `part` returns.
        mutating func readKey(_ part: (String, Int) -> Int?) -> Int? {
            while true {
                skipBlanks(newlines: false)
                let start = index
                guard let byte = current else { return nil }
                let name: String
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    skipString()
                    name = String(decoding: bytes[(start + 1)..<max(start + 1, index - 1)], as: UTF8.self)
                } else {
                    while let byte = current, !Self.endsBareKey(byte) { index += 1 }
                    guard index > start else { return nil }
                    name = String(decoding: bytes[start..<index], as: UTF8.self)
                }
                if let stop = part(name, start) { return stop }
                skipBlanks(newlines: false)
                guard current == UInt8(ascii: ".") else { return nil }
                index += 1
            }
        }

        static func endsBareKey(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "."),
                UInt8(ascii: "="), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "'"):
                true
            default: false
            }
        }

        /// Skips spaces, tabs, carriage returns and comments, and newlines if `newlines`.
        mutating func skipBlanks(newlines: Bool) {
            while let byte = current {
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
                case UInt8(ascii: "\n") where newlines: index += 1
                case UInt8(ascii: "#"):
                    while let byte = current, byte != UInt8(ascii: "\n") { index += 1 }
                default: return
                }
            }
        }

        /// Skips to the next line (past a header's end or a value's comment), reading strings whole.
        mutating func skipLine() {
            while let byte = current, byte != UInt8(ascii: "\n") {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { skipString() } else { index += 1 }
            }
        }

        /// Skips a string, or a bare value (number, boolean, date-time) up to what ends it.
        mutating func skipValue() {
            if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") { return skipString() }
            let start = index
            while let byte = current, !Self.endsBareKey(byte) || byte == UInt8(ascii: ".") { index += 1 }
            if index == start { index += 1 }
        }

        /// Skips a basic or literal string, one line or multiline, from its opening quote.
        mutating func skipString() {
            let quote = bytes[index]
            let isMultiline = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
            index += isMultiline ? 3 : 1
            while let byte = current {
                if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\n") && !isMultiline { return }
                index += 1
                guard byte == quote else { continue }
                if !isMultiline { return }
                if index + 1 < bytes.count && bytes[index] == quote && bytes[index + 1] == quote {
                    index += 2
                    // Up to two quotes more belong to the string (`""""` ends with one inside).
                    var extra = 0
                    while extra < 2, current == quote {
                        index += 1
                        extra += 1
                    }
                    return
                }
            }
        }
    }
}
