import Foundation

/// A declaration's card without the names a library marks as not for its users by a leading
/// underscore, as Swift-DocC and sourcekit-lsp leave them out of what a reader sees: the
/// standard library's `@frozen @_eagerMove struct String` reads `@frozen struct String`, and
/// `struct Int : FixedWidthInteger, SignedInteger, _ExpressibleByBuiltinIntegerLiteral` reads
/// `struct Int : FixedWidthInteger, SignedInteger`. Left out: attributes spelled `@_…` (with their
/// arguments, `@_effects(readonly)`), modifiers spelled `__…` (`__owned`, `__consuming`), and
/// underscored protocols of a type's inheritance list (the ` : ` dropped when none is left).
enum UnderscoredNames {
    /// `text` without its underscored attributes, modifiers and inherited protocols.
    static func hidden(from text: String) -> String {
        guard text.contains("_") else { return text }
        return withoutUnderscoredInheritance(withoutUnderscoredAttributes(text))
    }

    /// Each `@_name` or `@_name(…)`, and each `__name` modifier, with the space after it, outside
    /// string literals.
    static func withoutUnderscoredAttributes(_ text: String) -> String {
        var result = ""
        let characters = Array(text)
        var index = 0
        var inString = false
        while index < characters.count {
            let character = characters[index]
            if character == "\"" && (index == 0 || characters[index - 1] != "\\") { inString.toggle() }
            let startsWord = index == 0 || characters[index - 1] == " " || characters[index - 1] == "("
            let attribute = character == "@" && index + 1 < characters.count && characters[index + 1] == "_"
            let modifier =
                character == "_" && index + 1 < characters.count && characters[index + 1] == "_" && startsWord
            guard !inString, startsWord, attribute || modifier else {
                result.append(character)
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
            {
                end += 1
            }
            // A modifier is a word followed by a space (`__owned T`); `__x: Int` is a name.
            if modifier && (end >= characters.count || characters[end] != " ") {
                result.append(contentsOf: characters[index..<end])
                index = end
                continue
            }
            if attribute, end < characters.count, characters[end] == "(" {
                var depth = 0
                while end < characters.count {
                    if characters[end] == "(" { depth += 1 }
                    if characters[end] == ")" { depth -= 1 }
                    end += 1
                    if depth == 0 { break }
                }
            }
            while end < characters.count, characters[end] == " " { end += 1 }
            index = end
        }
        return result
    }

    /// The inheritance list after a type's name (`struct Int : A, _B` → `struct Int : A`), up to
    /// a `where` clause or the end, without its underscored entries.
    static func withoutUnderscoredInheritance(_ text: String) -> String {
        let kinds = ["struct ", "class ", "enum ", "protocol ", "actor ", "extension "]
        guard kinds.contains(where: { text.hasPrefix($0) || text.contains(" " + $0) }),
            let colon = text.range(of: " : ")
        else { return text }
        // A colon in the `where` clause (`where Element : Hashable`) is not the inheritance list's.
        if let clause = text.range(of: " where "), clause.lowerBound < colon.lowerBound { return text }
        let rest = text[colon.upperBound...]
        let end = rest.range(of: " where ")?.lowerBound ?? rest.endIndex
        let kept = topLevelEntries(rest[..<end]).filter { !$0.hasPrefix("_") }
        let tail = rest[end...]
        return String(text[..<colon.lowerBound]) + (kept.isEmpty ? "" : " : " + kept.joined(separator: ", ")) + tail
    }

    /// `list` split at its commas outside `<…>`, `(…)` and `[…]`, each entry trimmed.
    static func topLevelEntries(_ list: Substring) -> [String] {
        var entries: [String] = []
        var current = ""
        var depth = 0
        for character in list {
            if "<([".contains(character) { depth += 1 }
            if ">)]".contains(character) { depth -= 1 }
            if character == ",", depth == 0 {
                entries.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        entries.append(current.trimmingCharacters(in: .whitespaces))
        return entries
    }
}
