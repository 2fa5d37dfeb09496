/// `[book] language` as a BCP 47 tag (RFC 5646): the value goes into every page's
/// `<html lang="…">`, which browsers read for hyphenation, fonts, and screen readers for the voice;
/// a value that is no tag (`english`, `en_US`, markup) is ignored by them. mdBook 0.5.4 writes any
/// value, escaped (run: `language = "en\"><script>…"` gives `lang="en&quot;&gt;…"`), and so does
/// lecture; a value that is no tag is a warning at its line, with the tag meant when it can tell.
///
/// Well-formed, as checked here: subtags of 1 to 8 letters or digits joined by `-`, the first a
/// language of 2 or 3 letters (ISO 639; longer ones are reserved and none is registered), or a
/// private-use tag (`x-…`) or one of the irregular `i-…` tags.
enum LanguageTag {
    /// Why `value` is no tag ("a locale's name, not a BCP 47 language tag"), and the fix; nil
    /// for a well-formed tag.
    static func problem(_ value: String) -> (why: String, fix: String)? {
        let subtags = value.split(separator: "-", omittingEmptySubsequences: false)
        let isSubtag: (Substring) -> Bool = { subtag in
            (1...8).contains(subtag.utf8.count) && subtag.utf8.allSatisfy { TagBytes.isAlphanumeric($0) }
        }
        let first = subtags[0]
        let firstIsLanguage =
            (2...3).contains(first.utf8.count) && first.utf8.allSatisfy { TagBytes.isLetter($0) }
        let privateOrIrregular = subtags.count > 1 && ["x", "i"].contains(first.lowercased())
        if subtags.allSatisfy(isSubtag), firstIsLanguage || privateOrIrregular { return nil }
        let example = "a tag such as \"en\", \"ko\" or \"pt-BR\""
        if value.contains("_"), problem(value.replacingOccurrences(of: "_", with: "-")) == nil {
            return (
                "a locale's name, not a BCP 47 language tag",
                "write \(quoted: value.replacingOccurrences(of: "_", with: "-")): a tag joins its parts with '-'"
            )
        }
        if let tag = names[value.lowercased()] {
            return ("a language's name, not its BCP 47 language tag", "write \(quoted: tag), the language's tag")
        }
        return (
            "which is no BCP 47 language tag: pages get it as their 'lang', which browsers and screen readers then ignore",
            "write \(example): the language's ISO 639 code, then a region or script if needed"
        )
    }

    /// Languages written by name instead of by tag.
    static let names: [String: String] = [
        "english": "en", "korean": "ko", "japanese": "ja", "chinese": "zh", "french": "fr", "german": "de",
        "spanish": "es", "portuguese": "pt", "russian": "ru", "italian": "it", "arabic": "ar", "hebrew": "he",
    ]
}

/// The ASCII classes `LanguageTag` reads.
private enum TagBytes {
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || (byte >= 0x30 && byte <= 0x39) }
}
