/// English's indefinite article before a quoted word in a message: `an 'ignore' sample`, `a
/// 'no_run' sample`, never "a 'ignore'". Chosen by the word's first letter,
/// which is right for the attribute names, URL schemes and keywords messages quote.
package enum IndefiniteArticle {
    /// `'word'` with its article: `an 'ignore'`, `a 'data:'`.
    package static func quoted(_ word: String) -> String {
        let vowel = word.first.map { "aeiouAEIOU".contains($0) } ?? false
        return (vowel ? "an '" : "a '") + word + "'"
    }
}
