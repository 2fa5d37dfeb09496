/// How deeply nested Swift source may be for swift-syntax's parser to read it in bounded time.
///
/// The toolchain's `SwiftParser` takes time exponential in the nesting of `[` (array and
/// dictionary literals and types); measured on this project's machine: 15 levels 0.09 s,
/// 18 levels 1.1 s, 40 levels more than 20 s; its `maximumNestingLevel` does not bound it
/// (found by `make fuzz`). `(`, `{` and `<` nested 100 deep parse in milliseconds.
/// Source nested deeper than `maximumBracketDepth` is not parsed: highlighting shows it plain,
/// test discovery finds no tests and hover cards are not computed; the build says so.
package enum ParsingLimit {
    /// The deepest `[` nesting parsed (about 10 ms at the measured rate).
    package static let maximumBracketDepth = 12

    /// The deepest nesting of `[` in `source`, counted over its bytes (in strings and comments
    /// too, so it errs towards not parsing); a `]` without its `[` is ignored.
    package static func bracketDepth(of source: String) -> Int {
        var depth = 0
        var deepest = 0
        for byte in source.utf8 {
            if byte == UInt8(ascii: "[") {
                depth += 1
                deepest = max(deepest, depth)
            } else if byte == UInt8(ascii: "]") {
                depth = max(depth - 1, 0)
            }
        }
        return deepest
    }

    /// Whether `source` is shallow enough to parse.
    static func allowsParsing(_ source: String) -> Bool {
        bracketDepth(of: source) <= maximumBracketDepth
    }
}
