/// The one check of a path a person wrote (a `book.toml` key that names a file or folder, a
/// command-line option or argument that does): a control character (U+0000–U+001F, U+007F–U+009F)
/// is refused before the path is used. The system reads a path only up to a NUL, so
/// `"out\u0000/../../x"` (TOML's escapes make one) would silently be `out`; a line break or an
/// escape byte in a file name is a typing accident or an attempt to forge the tool's messages.
package enum PathText {
    /// What is wrong with `path`, in words that finish "'key' …", or `nil`.
    package static func problem(_ path: String) -> String? {
        var offset = 0
        for scalar in path.unicodeScalars {
            offset += 1
            guard scalar.properties.generalCategory == .control else { continue }
            let code =
                "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count))
                + String(scalar.value, radix: 16, uppercase: true)
            let name = scalar.value == 0 ? "\(code) (NUL)" : code
            return "holds the control character \(name) at character \(offset): a path cannot hold one"
        }
        return nil
    }

    /// The note every diagnostic of this check carries.
    package static let note =
        "the system would cut the path at a NUL and use what comes before it; write the path without control characters (TOML's \\u escapes and a shell's $'…' quoting make them)"
}
