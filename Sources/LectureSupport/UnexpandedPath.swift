import SourceText

/// A path a person wrote as a shell would have expanded it: a first component that begins with
/// `~` (`~/site`, `~ada/site`) or a `$NAME` or `${NAME}` in it. Quoted in a Makefile, a CI file,
/// book.toml or an environment variable, nothing expanded it, and lecture never does (a build
/// that took `~` for the home folder is how the home folder gets replaced: `CanonicalPath`). So
/// the path names a folder `~` (or `$HOME`) where it is relative to, as it does for mdBook and
/// cargo; the one check here makes that a warning naming where the path leads, and every line
/// that prints such a path prints it as `./~/x`, which nobody reads as the home folder.
package enum UnexpandedPath {
    /// What a shell would have expanded in `path` (`~`, `~ada`, `$HOME`, `${HOME}`), or `nil`.
    package static func shellWord(in path: String) -> String? {
        if path.hasPrefix("~") { return String(path.prefix { $0 != "/" }) }
        var rest = Substring(path)
        while let dollar = rest.firstIndex(of: "$") {
            let after = rest[rest.index(after: dollar)...]
            if after.first == "{", let close = after.firstIndex(of: "}"),
                isName(after[after.index(after: after.startIndex)..<close])
            {
                return String(rest[dollar...close])
            }
            let name = after.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            if isName(name) { return "$" + name }
            rest = after
        }
        return nil
    }

    /// Whether `text` is a shell variable's name: a letter or `_`, then letters, digits and `_`.
    static func isName(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// `path` as printed so that nobody takes it for the home folder or a variable: `./~/x` for
    /// `~/x`, `./$HOME/x` for `$HOME/x`; any other path as it is.
    package static func shown(_ path: String) -> String {
        (path.hasPrefix("~") || path.hasPrefix("$")) && shellWord(in: path) != nil ? "./" + path : path
    }

    /// The warning for `spelled` when a shell would have expanded a part of it, else `nil`.
    /// - Parameters:
    ///   - subject: what named the path, as the summary begins: `'build.build-dir'`, `--output`,
    ///     `LECTURE_CACHE_DIR`.
    ///   - base: the folder a relative path is relative to ("" for the working directory).
    ///   - file, location: where the path was written (book.toml and its line); "" for an option.
    package static func warning(
        _ subject: String, spelled: String, relativeTo base: String, file: String = "",
        at location: SourceLocation? = nil
    ) -> Diagnostic? {
        guard let word = shellWord(in: spelled) else { return nil }
        let resolved = CanonicalPath.of(FileSystem.resolve(spelled, against: base))
        let literal =
            word.hasPrefix("~")
            ? "write the path out, or leave it unquoted on a command line so that the shell expands it; write it './\(spelled)' if you mean a folder named \(quoted: word)"
            : "write the path out, or leave it unquoted on a command line so that the shell expands it"
        return .warning(
            .unexpandedPath, file, location,
            "\(subject) \(quoted: spelled) is taken as written: \(quoted: word) is not expanded, so the path is \(quoted: resolved)",
            notes: ["lecture expands no '~' and no '$' variable in a path, as mdBook does not", literal])
    }
}

extension UnexpandedPath {
    /// `diagnostics` with one diagnostic at each place a path was written: a path taken as written
    /// (`~/x.css`) that another check then refuses at the same line and column (the file does not
    /// exist, the folder is not one, it lies outside the book) is one problem, said once, by the
    /// other check, its `~` or `$` explained in notes before the other's own. A warning of a path
    /// taken as written without another diagnostic at its place, or without a place, is kept.
    package static func folded(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        func samePlace(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
            a.location != nil && a.path == b.path && a.location == b.location
        }
        var result = diagnostics
        var folded: [Int] = []
        for (index, warning) in diagnostics.enumerated() where warning.identifier == .unexpandedPath {
            guard
                let other = diagnostics.indices.first(where: {
                    $0 != index && diagnostics[$0].identifier != .unexpandedPath && samePlace(diagnostics[$0], warning)
                })
            else { continue }
            result[other].notes.insert(contentsOf: [warning.summary] + warning.notes, at: 0)
            folded.append(index)
        }
        return result.enumerated().filter { !folded.contains($0.offset) }.map(\.element)
    }
}
