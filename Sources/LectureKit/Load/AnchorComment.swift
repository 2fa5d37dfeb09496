import Foundation

/// The comment an `ANCHOR:` line is written in, for the hint that tells an author how to mark
/// lines in an included file (newuser-9 #6: a TOML file told to write `// ANCHOR:` would no
/// longer parse). mdBook finds `ANCHOR: NAME` anywhere on a line, so any comment works; the one
/// suggested is the file's own: the comment its other anchors use, else its language's.
struct AnchorComment: Equatable {
    /// What comes before `ANCHOR:` (`//`, `#`, `<!--`), and after the name (`-->`, or nothing).
    var opening: String
    var closing: String

    /// The line that marks `name`'s start (`end` false) or end, as `# ANCHOR: basic`.
    func line(_ name: String, end: Bool = false) -> String {
        "\(opening) ANCHOR\(end ? "_END" : ""): \(name)" + (closing.isEmpty ? "" : " \(closing)")
    }

    /// The comment of `lines`' first anchor line, else the one of the file's language by its
    /// name's extension (`path`), else `//`.
    static func of(path: String, lines: [String]) -> AnchorComment {
        for line in lines {
            guard let mark = IncludeExpander.anchorMarker(line), let start = line.range(of: "ANCHOR") else { continue }
            let opening = line[..<start.lowerBound].trimmingCharacters(in: .whitespaces)
            // The rest after the name, as `-->` or `*/`.
            let afterName = line[start.upperBound...].drop(while: { $0 != ":" }).dropFirst()
                .drop(while: { $0 == " " }).dropFirst(mark.name.count)
            let closing = afterName.trimmingCharacters(in: .whitespaces)
            if !opening.isEmpty { return AnchorComment(opening: opening, closing: closing) }
        }
        return byExtension(path)
    }

    /// The line comment of the language a file's extension names.
    static func byExtension(_ path: String) -> AnchorComment {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        // A dot-file's name is its own extension (`.gitignore`, `.env`): `split` drops the empty
        // piece before the dot, so the piece after it is taken whenever there is a dot.
        let pieces = name.split(separator: ".")
        let suffix = name.contains(".") ? pieces.last.map { String($0).lowercased() } ?? name : name
        switch suffix {
        case "toml", "sh", "bash", "zsh", "fish", "py", "rb", "pl", "yaml", "yml", "r", "ps1", "conf", "cfg", "ini",
            "mk", "Makefile", "Dockerfile", "dockerfile", "cmake", "nix", "tf", "ex", "exs", "jl", "gitignore", "env":
            return AnchorComment(opening: "#", closing: "")
        case "html", "htm", "xml", "svg", "md", "markdown", "vue", "xhtml", "plist":
            return AnchorComment(opening: "<!--", closing: "-->")
        case "css":
            return AnchorComment(opening: "/*", closing: "*/")
        case "sql", "lua", "hs", "elm", "ada":
            return AnchorComment(opening: "--", closing: "")
        case "lisp", "el", "clj", "scm", "asm", "s":
            return AnchorComment(opening: ";", closing: "")
        case "tex", "erl", "m4":
            return AnchorComment(opening: "%", closing: "")
        default:
            return AnchorComment(opening: "//", closing: "")
        }
    }
}
