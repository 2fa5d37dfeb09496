/// The fix for a common TOML syntax error, in plain words, read from toml++'s message (which
/// names the parser's state, not the author's slip): an unclosed string, a key without `=`, a key
/// or table set twice, a bad table header, a value that is no TOML value, words after a value.
/// `nil` for the rarer errors, which keep toml++'s words and the general fix alone.
enum TOMLSyntaxHint {
    static func note(for message: String) -> String? {
        func has(_ words: String) -> Bool { message.contains(words) }
        if has("parsing string") || has("parsing literal string") || has("parsing multi-line") {
            return
                "a string is not closed on this line: add the closing quote; a string ends on the line it starts (title = \"My Book\")"
        }
        if has("cannot redefine existing table") {
            return "this table header is written twice: put its keys under the first one and delete this one"
        }
        if has("cannot redefine existing") {
            return "this key is set twice in its table: keep one of the two"
        }
        if has("parsing table header") {
            return "a table header is not well formed: write it on its own line as '[name]' or '[name.sub]'"
        }
        if has("expected '='") {
            return "a key has no '=' after it: write 'key = value' (title = \"My Book\")"
        }
        if has("could not determine value type") {
            return "the value is not a TOML value: text needs double quotes (title = \"My Book\")"
        }
        if has("parsing array") && has("end-of-file") {
            return "a list is not closed: add the closing ']'"
        }
        if has("parsing key-value pair: expected a comment or whitespace") {
            return "something follows the value on this line: one setting a line; a comment starts with '#'"
        }
        return nil
    }
}
