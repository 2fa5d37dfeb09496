import LectureSupport

/// Whether a Swift program declares something that reaches beyond its own module into the whole
/// process, so that another module linked into the same program would see it (`MergedSamples`
/// then verifies the program alone).
///
/// Two kinds, found in the syntax tree (swift-syntax's `Parser`), each decided fail-safe: what
/// the reading cannot show to be the program's own counts as the whole process's (attack 22 F2):
/// - a conformance added by an extension, unless its extended type is, as written, a type the
///   source declares (`Local`, `Local.Inner`), or every protocol it adds is one the source
///   declares and that refines nothing (`extension String: Error {}`, `extension
///   Swift.StrideTo: CustomStringConvertible` beside a nested `struct StrideTo`, `extension
///   Alias: P`): the Swift runtime finds conformances for dynamic casts (`as?`, `print`'s
///   `CustomStringConvertible`) among every conformance record of the process, so another
///   module's `"x" as? Error` would succeed too;
/// - a symbol given a name of its own, placed where the loader runs it, or replacing another
///   (`@c` and `@_cdecl`, `@_silgen_name`, `@_extern`, `@_expose`, `@section` and `@_section`,
///   `@used` and `@_used`, `@_dynamicReplacement`; SE-0495, SE-0492): such names are not mangled
///   with the module, so they can satisfy or interpose another module's references, and an
///   `.init_array` entry runs in every sample's process.
///
/// Operators and other top-level declarations are mangled with their module, and each sample of
/// a merged program runs in a process of its own, so neither reaches another sample (test samples
/// sharing one module are kept apart by `ModuleScopeNames`).
package enum ProcessWideDeclarations {
    /// `true` when `source` (a whole program) declares something of either kind, or is nested too
    /// deep to parse (`ParsingLimit`), which counts as unknown when its text could declare either
    /// (`mayDeclare(in:)`); a text that could not is never parsed.
    package static func found(in source: String) -> Bool {
        mayDeclare(in: source) && found(in: ParsedSource(source))
    }

    /// `found(in:)` read from a tree already parsed.
    package static func found(in parsed: ParsedSource) -> Bool {
        guard mayDeclare(in: parsed.text) else { return false }
        guard let tree = parsed.tree else { return true }
        return SwiftSyntaxLibrary.table.processWide(tree, unmangled)
    }

    /// Whether `source` spells what either kind needs: the keyword `extension`, or `@` followed
    /// (after any spaces and a backtick) by the name of one of the attributes above, in a comment
    /// or a string too, so it errs towards parsing. Most programs spell neither and are never
    /// parsed for this question.
    package static func mayDeclare(in source: String) -> Bool {
        if source.contains("extension") { return true }
        var text = source
        return text.withUTF8 { bytes in
            var at = 0
            while let found = UTF8Search.offset(of: UInt8(ascii: "@"), in: bytes, from: at) {
                var start = found + 1
                while start < bytes.count,
                    [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "`")].contains(bytes[start])
                {
                    start += 1
                }
                var end = start
                while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
                if unmangled.contains(String(decoding: bytes[start..<end], as: UTF8.self)) {
                    return true
                }
                at = end
            }
            return false
        }
    }

    /// The attributes that give a symbol a name of its own or place it where the loader runs it.
    static let unmangled: Set<String> = [
        "c", "_cdecl", "_silgen_name", "_extern", "_expose", "section", "_section", "used", "_used",
        "_dynamicReplacement",
    ]

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
