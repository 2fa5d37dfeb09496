import Testing

@testable import LectureKit

/// The comment an anchor line is written in, by a file's name when no anchor line says it.
@Suite struct AnchorCommentTests {
    /// Code review 41 #14: a dot-file's name is its extension (`.gitignore`, `.env`), which the
    /// split by dots dropped, so their `#` was never reached; names without a dot keep their case.
    @Test(arguments: [
        ("examples/.gitignore", "#"), ("config/.env", "#"), ("a/b.TOML", "#"), ("Makefile", "#"),
        ("page.md", "<!--"), ("main.swift", "//"), ("notes", "//"),
    ])
    func theCommentFollowsTheFilesName(path: String, opening: String) {
        #expect(AnchorComment.byExtension(path).opening == opening, "\(path)")
    }
}
