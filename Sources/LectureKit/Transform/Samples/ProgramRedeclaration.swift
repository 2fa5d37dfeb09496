import LectureSupport

/// A type or function declared a second time in a program of several fences (a continued page,
/// a group): the way a book shows "the whole type again" once it has grown, which in one program
/// is swiftc's "invalid redeclaration". The error gets a note saying the fences are one program
/// and how a fence stands apart; each later error naming the same declaration, a note that it may
/// follow from the redeclaration (newuser-8, #4: the fix was found only by rereading the manual,
/// and "value of type 'Account' has no member 'owner'" read as a second mistake).
enum ProgramRedeclaration {
    /// The name in swiftc's "invalid redeclaration of 'NAME'", else `nil`.
    static func name(_ summary: String) -> String? {
        let prefix = "invalid redeclaration of '"
        guard summary.hasPrefix(prefix), summary.hasSuffix("'") else { return nil }
        return String(summary.dropFirst(prefix.count).dropLast())
    }

    /// The note on a redeclaration in `sample`, a program of several fences.
    static func note(_ name: String, of sample: Sample) -> String {
        let program =
            sample.continued
            ? "on a continued page the plain fences are one program"
            : "the fences of group \(quoted: sample.group ?? "") are one program"
        return
            "\(program), so a fence that shows \(quoted: name) again (the whole declaration, grown) declares it a second time: give that fence and the fences that use the new declaration their own group=NAME (a program of their own, without the fences above), or mark it 'ignore' to show it only"
    }

    /// `diagnostics` of a compile of `sample` with the notes; unchanged for a sample of one fence.
    static func noted(_ diagnostics: [Diagnostic], of sample: Sample) -> [Diagnostic] {
        guard sample.parts.count > 1 else { return diagnostics }
        var redeclared: [(name: String, line: Int)] = []
        return diagnostics.map { diagnostic in
            guard diagnostic.severity == .error else { return diagnostic }
            var noted = diagnostic
            if let name = name(diagnostic.summary) {
                redeclared.append((name, diagnostic.location?.line ?? 0))
                noted.notes.append(note(name, of: sample))
            } else if let earlier = redeclared.first(where: { diagnostic.summary.contains("'\($0.name)'") }) {
                noted.notes.append(
                    "this may follow from the redeclaration of \(quoted: earlier.name) at \(sample.path):\(earlier.line): the program goes on with one of its two declarations"
                )
            }
            return noted
        }
    }

    /// Whether `noted` gave a note to one of `diagnostics`, errors of `sample`: the fix is said,
    /// and the book's general advice (`CompileErrorAdvice`) would only repeat "fix the code".
    static func isNoted(_ diagnostics: [Diagnostic], of sample: Sample) -> Bool {
        sample.parts.count > 1 && diagnostics.contains { $0.severity == .error && name($0.summary) != nil }
    }
}
