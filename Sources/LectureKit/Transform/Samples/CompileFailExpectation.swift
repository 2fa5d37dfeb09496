import LectureSupport

/// A `compile_fail` sample's `expect-error="TEXT"`: the compiler must fail with an error that
/// holds each stated text, in its message or its diagnostic group (`[#DeprecatedDeclaration]`),
/// so a sample that fails for another reason (a typo, a missing import) does not pass.
enum CompileFailExpectation {
    /// The error for `sample`, which failed to compile with `stderr`, when an expected text is in
    /// none of its errors; `nil` when every one is (or none is stated).
    static func mismatch(_ stderr: String, of sample: Sample) -> Diagnostic? {
        guard !sample.expectedErrors.isEmpty else { return nil }
        let errors = messages(in: stderr)
        let missing = sample.expectedErrors.filter { expected in !errors.contains { $0.contains(expected) } }
        guard !missing.isEmpty else { return nil }
        let listed = errors.prefix(5).map { "error: " + $0 }
        return .error(
            .sampleUnexpectedError, sample.path, sample.location,
            "sample failed to compile, but not with the error it expects: "
                + missing.map { "\(quoted: $0)" }.joined(separator: ", "),
            notes: (errors.isEmpty
                ? ["the compiler gave no error line"]
                : [
                    "the compiler's errors:\n" + listed.joined(separator: "\n")
                        + (errors.count > 5 ? "\n(\(errors.count - 5) more)" : "")
                ])
                + ["make the code fail as the page says, or set 'expect-error=\"…\"' to a part of the error it gives"])
    }

    /// The text after `error: ` of each error line of the compiler's output.
    static func messages(in stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "error: ") else { return nil }
            return String(line[range.upperBound...])
        }
    }
}
