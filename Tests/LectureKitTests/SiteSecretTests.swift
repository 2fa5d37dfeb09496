import Foundation
import LectureSupport
import TestFolders
import Testing

/// Attack 16, k67, k68, k91: the secret scan read the pages and the files copied from them, but
/// not the other inputs whose text reaches the site. Every byte the site publishes now passes the
/// same scan (`SiteSecrets`), each error at the input that holds the secret: book.toml's values,
/// the summary's titles and part headings, the theme's layouts and files, file names. Nothing is
/// written. Contained (`ContainedRun`).
@Suite struct SiteSecretTests {
    static let gitHub = "gh" + "p_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d"
    static let gitLab = "gl" + "pat-Ab3De6Gh9Jk2Mn5Pq8St"
    static let otherGitHub = "gh" + "p_" + String(repeating: "a1B2", count: 9)

    /// Each book.toml value that reaches a page, on a line of its own.
    @Test func bookTOMLValuesAreErrorsAtTheirLines() throws {
        // (`description` is no page's text: lecture publishes none.)
        let toml = """
            [output.html]
            git-repository-url = "https://x-access-token:\(Self.gitHub)@github.com/o/r"
            edit-url-template = "https://oauth2:\(Self.gitLab)@gitlab.com/o/r/edit/main/{path}"
            [output.html.redirect]
            "/old.html" = "https://user:S3cr3tPassw0rd@example.com/x"
            """
        let (run, result) = try TestSupport.containedBook(toml)
        let text = result.stderrText
        #expect(result.termination == .exited(1), "\(text)")
        // book.toml: [book], title, then the lines above from line 3.
        for (line, column) in [(4, 23), (5, 22), (7, 16)] {
            #expect(
                text.contains("book.toml:\(line):\(column): error: a password in a URL would be published"),
                "line \(line): \(text)")
        }
        #expect(!text.contains(Self.gitHub) && !text.contains(Self.gitLab), "never quoted")
        #expect(!FileSystem.exists(run.scratch + "/work/book/book"), "nothing written")
    }

    /// Attack 17, F6 (k33b): a token in `{{#title …}}` (which leaves the page's text) was found
    /// only by the scan of the written site, at `book/intro.html`, and not at all in a run where
    /// the page had other findings. It is an error at the directive, with the page's others, in
    /// `build` and in `check`; the site's scan never is the first to find it.
    @Test(arguments: [["build"], ["check"]])
    func aTokenInATitleDirectiveIsAnErrorAtItsLine(_ command: [String]) throws {
        let page = "# Intro\n\n{{#title T \(Self.gitHub)}}\n\nSee \(Self.gitLab).\n"
        let (run, result) = try TestSupport.containedBook(pages: ["intro.md": page], running: command)
        let text = result.stdoutText + result.stderrText
        #expect(result.termination == .exited(1), "\(text)")
        #expect(text.contains("src/intro.md:3:1: error: a GitHub token would be published"), "\(text)")
        #expect(text.contains("src/intro.md:5:5: error: a GitLab token would be published"), "\(text)")
        #expect(!text.contains(".html: error"), "found at its source, not in the written site: \(text)")
        #expect(!text.contains(Self.gitHub), "never quoted: \(text)")
        #expect(!FileSystem.exists(run.scratch + "/work/book/book"), "nothing written")
    }

    /// The summary's titles and part headings, a published file's name, the theme's layout.
    @Test func summaryFileNamesAndThemeAreErrorsAtTheirSources() throws {
        let (run, result) = try TestSupport.containedBook("[preprocessor.lecture]\ntemplates = \"tpl\"") { book in
            try TestSupport.write(
                Array(
                    "# Summary\n\n[Intro](intro.md)\n\n# Part \(Self.gitHub)\n\n- [Next \(Self.gitLab)](next.md)\n"
                        .utf8), to: book + "/src/SUMMARY.md")
            try TestSupport.write(Array("x\n".utf8), to: book + "/src/img/\(Self.otherGitHub)-2.txt")
            try TestSupport.write(
                Array(
                    "<!DOCTYPE html>\n<html><head><title>{{ title }}</title>\n<meta name=\"k\" content=\"\(Self.gitLab)\">\n</head><body>{{ content }}</body></html>\n"
                        .utf8), to: book + "/tpl/page.html")
        }
        let text = result.stderrText
        #expect(result.termination == .exited(1), "\(text)")
        #expect(text.contains("src/SUMMARY.md:5:8: error: a GitHub token would be published"), "\(text)")
        #expect(text.contains("src/SUMMARY.md:7:9: error: a GitLab token would be published"), "\(text)")
        #expect(text.contains("tpl/page.html:3:25: error: a GitLab token would be published"), "\(text)")
        // The file is named by its folder: its name holds the secret.
        #expect(text.contains("src/img: error: a file's name holds a GitHub token"), "\(text)")
        #expect(!text.contains(Self.gitHub) && !text.contains(Self.otherGitHub), "never quoted: \(text)")
        #expect(!FileSystem.exists(run.scratch + "/work/book/book"), "nothing written")
    }
}
