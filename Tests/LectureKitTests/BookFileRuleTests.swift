import Foundation
import TestFolders
import Testing

@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One rule for every path the book reads or writes, taken by default or named in book.toml
/// (`BookFileRule`, `ReadableFolder`; attack 14, F1–F5, F9, F16): links resolved, what lies
/// outside the book, in `.git` or is a dot-file is refused at its place, and the output folder the
/// book chooses may not be a link out of it. Each case runs contained (`ContainedRun`), with a
/// secret in the scratch home that must reach neither the site nor the messages, and the scratch
/// tree's digest (the cache aside) unchanged but for the book's own output folder.
@Suite struct BookFileRuleTests {
    /// A refused case: book.toml's extra lines, files to write (path → text, relative to the
    /// book), links (path relative to the book → target as written), and what stderr says.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var toml = ""
        var files: [String: String] = [:]
        var links: [String: String] = [:]
        var says: [String]
        /// What stderr must not say (a second, wrong error for the same file).
        var never: [String] = []
        var description: String { name }
    }

    static let secret = "PASSWORD=hunter2-f14"

    /// A theme whose page.html uses the search partial, for the theme's cases.
    static let theme: [String: String] = [
        "theme/page.html":
            "<!doctype html><html><head><title>{{ title }}</title></head><body>{{ search }}{{ content }}</body></html>\n"
    ]

    static let refused: [Case] = [
        // Attack 15, F3: book.toml itself a committed link out of the book, read silently.
        Case(
            name: "c32 book.toml -> ~/lost.md", links: ["book.toml": "../../home/lost.md"],
            says: ["book.toml: error: book.toml is a symbolic link to '", "outside the book's folder"]),
        // A book.toml that is a link to nothing, inside the book or out of it: named as a link
        // with its target, not as a book.toml that does not exist (nor a book without one).
        Case(
            name: "book.toml -> missing.toml", links: ["book.toml": "settings/missing.toml"],
            says: ["book.toml: error: book.toml is a symbolic link to 'settings/missing.toml', which does not exist"],
            never: ["book.toml does not exist"]),
        Case(
            name: "book.toml -> ~/gone.toml", links: ["book.toml": "../../home/gone.toml"],
            says: ["book.toml: error: book.toml is a symbolic link to '../../home/gone.toml', which does not exist"]),
        // Attack 15, c01: create-missing through links that lead nowhere: one error per line, in
        // lecture's words, nothing created through them.
        Case(
            name: "c01 dangling page and folder links",
            files: ["src/SUMMARY.md": "# Summary\n\n- [Intro](intro.md)\n- [N](new.md)\n- [D](dir/x.md)\n"],
            links: ["src/new.md": "../../../home/created.md", "src/dir": "../../../home/sub"],
            says: [
                "src/SUMMARY.md:4:3: error: summary links to 'new.md', but 'new.md' is a symbolic link to '../../../home/created.md', which leads nowhere",
                "src/SUMMARY.md:5:3: error: summary links to 'dir/x.md', but 'dir' is a symbolic link to '../../../home/sub', which leads nowhere",
            ],
            never: ["NSCocoaErrorDomain", "which does not exist", "cannot be created"]),
        Case(
            name: "k88 default book -> ~/.bashrc.d", links: ["book": "../../home/.bashrc.d"],
            says: ["book: error: 'build.build-dir' folder 'book' is inside a dot-folder"]),
        Case(
            name: "k91 default book -> ~/.local/share/applications",
            links: ["book": "../../home/.local/share/applications"],
            says: ["book: error: 'build.build-dir' folder 'book' is inside a dot-folder"]),
        Case(
            name: "default book -> ~/public_html", links: ["book": "../../home/public_html"],
            says: ["book: error: 'build.build-dir' folder 'book' is reached through the symbolic link 'book'"]),
        Case(
            name: "k44 build-dir through a link out", toml: "[build]\nbuild-dir = \"out/Desktop\"",
            links: ["out": "../../home"],
            says: ["book.toml:4:", "'build.build-dir' folder 'out/Desktop' is reached through the symbolic link 'out'"]),
        // Attack 17, F1 (k03): the site's `html/` folder (a second renderer) a link the book
        // carries out of it, judged as the folder written, not as `build-dir` alone.
        Case(
            name: "k03 build-dir out, out/html -> ~/public_html",
            toml: "[build]\nbuild-dir = \"out\"\n[output.html]\n[output.linkcheck]",
            links: ["out/html": "../../../home/public_html"],
            says: [
                "book.toml:4:",
                "'build.build-dir' folder 'out', whose site goes to 'out/html' (the book has a second renderer), is reached through the symbolic link 'out/html'",
            ]),
        Case(
            name: "k03 default book/html -> ~/public_html", toml: "[output.html]\n[output.linkcheck]",
            links: ["book/html": "../../../home/public_html"],
            says: ["book: error: 'build.build-dir' folder 'book', whose site goes to 'book/html'"]),
        Case(
            name: "k03 out -> inside, inside/html -> ~/public_html",
            toml: "[build]\nbuild-dir = \"out\"\n[output.html]\n[output.linkcheck]",
            links: ["out": "inside", "inside/html": "../../../home/public_html"],
            says: ["book.toml:4:", "is reached through the symbolic link 'out/html'"]),
        Case(
            name: "k03 out/html -> ~/.bashrc.d",
            toml: "[build]\nbuild-dir = \"out\"\n[output.html]\n[output.linkcheck]",
            links: ["out/html": "../../../home/.bashrc.d"],
            says: [
                "book.toml:4:",
                "whose site goes to 'out/html' (the book has a second renderer), is inside a dot-folder",
            ]),
        // F2: the default pages' folder, a committed link out of the book.
        Case(
            name: "k84 default src -> ~/docs/pages", links: ["src": "../../home/docs/pages"],
            says: ["src: error: 'book.src' folder 'src' is reached through the symbolic link 'src'"]),
        Case(
            name: "k87c default src -> ~/.config/bk", links: ["src": "../../home/.config/bk"],
            says: ["src: error: 'book.src' folder 'src' is inside a dot-folder"]),
        Case(
            name: "src = \"src\" -> ~/docs/pages", toml: "src = \"src\"", links: ["src": "../../home/docs/pages"],
            says: ["book.toml:3:", "'book.src' folder 'src' is reached through the symbolic link 'src'"]),
        // F3: theme files through links out of the book.
        Case(
            name: "k75 partial -> ~/.env", toml: "[preprocessor.lecture]\ntemplates = \"theme\"", files: theme,
            links: ["theme/partials/search.html": "../../../../home/.env"],
            says: ["theme/partials/search.html: error: the theme's file is a symbolic link to"]),
        Case(
            name: "k75b page.html -> ~/.env", toml: "[preprocessor.lecture]\ntemplates = \"theme\"",
            links: ["theme/page.html": "../../../home/.env"],
            says: ["theme/page.html: error: the theme's file is a symbolic link to"]),
        Case(
            name: "k75c words/en.toml -> ~/.env", toml: "[preprocessor.lecture]\ntemplates = \"theme\"", files: theme,
            links: ["theme/words/en.toml": "../../../../home/.env"],
            says: ["theme/words/en.toml: error: the theme's file is a symbolic link to"]),
        Case(
            name: "k76 partial -> /proc/self/environ", toml: "[preprocessor.lecture]\ntemplates = \"theme\"",
            files: theme, links: ["theme/partials/search.html": "/proc/self/environ"],
            says: ["theme/partials/search.html: error: the theme's file is a symbolic link to '/proc/"]),
        Case(
            name: "theme page.html -> the book's .env", toml: "[preprocessor.lecture]\ntemplates = \"theme\"",
            files: [".env": secret], links: ["theme/page.html": "../.env"],
            says: ["theme/page.html: error: the theme's file is a dot-file ('.env')"]),
        Case(
            name: "mdBook's theme/favicon.svg -> ~/.env", links: ["theme/favicon.svg": "../../../home/.env"],
            says: ["theme/favicon.svg: error: the theme's favicon (a symbolic link to"]),
        // F4: the summary and the not-found page through links out of the book.
        Case(
            name: "k78 SUMMARY.md -> ~/sum.md", links: ["src/SUMMARY.md": "../../../home/sum.md"],
            says: ["src/SUMMARY.md: error: summary file lies outside the book"]),
        Case(
            name: "k79 404.md -> ~/lost.md", links: ["src/404.md": "../../../home/lost.md"],
            says: ["src/404.md: error: the not-found page is a symbolic link to"]),
        Case(
            name: "k99 input-404 a link out", toml: "[output.html]\ninput-404 = \"lost.md\"",
            links: ["src/lost.md": "../../../home/lost.md"],
            says: ["src/lost.md: error: the not-found page is a symbolic link to"],
            never: ["not in the pages' folder"]),
        // F5: the book's own .git and dot-files.
        Case(
            name: "k09 include ../.git/config",
            files: [".git/config": secret, "src/intro.md": "# Intro\n\n```ini\n{{#include ../.git/config}}\n```\n"],
            says: [
                "src/intro.md:4:1: error: {{#include}} names '../.git/config', which lies in the book's '.git' folder"
            ]),
        Case(
            name: "include ../.env",
            files: [".env": secret, "src/intro.md": "# Intro\n\n{{#include ../.env}}\n"],
            says: ["error: {{#include}} names '../.env', which is a dot-file ('.env')"]),
        Case(
            name: "include a link to .git/config",
            files: [".git/config": secret, "src/intro.md": "# Intro\n\n{{#include cfg.txt}}\n"],
            links: ["src/cfg.txt": "../.git/config"],
            says: ["error: {{#include}} names 'cfg.txt', which lies in the book's '.git' folder"]),
        Case(
            name: "k101 additional-js .git/config", toml: "[output.html]\nadditional-js = [\".git/config\"]",
            files: [".git/config": secret],
            says: ["book.toml:4:", "'output.html.additional-js' file '.git/config' lies in the book's '.git' folder"]),
        Case(
            name: "k101 additional-css .env", toml: "[output.html]\nadditional-css = [\".env\"]",
            files: [".env": secret],
            says: ["book.toml:4:", "'output.html.additional-css' file '.env' is a dot-file ('.env')"]),
        Case(
            name: "additional-css a link to .env", toml: "[output.html]\nadditional-css = [\"theme/x.css\"]",
            files: [".env": secret], links: ["theme/x.css": "../.env"],
            says: ["'output.html.additional-css' file 'theme/x.css' is a dot-file ('.env')"]),
        // Attack 17, F2 (k23, k25, k40): a file in a dot-folder other than `.git`, at the book's
        // root, inside the pages, or reached through a plain-named link, is refused as `.env` is.
        Case(
            name: "k23 include ../.secrets/k.txt",
            files: [".secrets/k.txt": secret, "src/intro.md": "# Intro\n\n{{#include ../.secrets/k.txt}}\n"],
            says: [
                "src/intro.md:3:1: error: {{#include}} names '../.secrets/k.txt', which lies in a dot-folder ('.secrets'), which a book may not read"
            ]),
        Case(
            name: "k23 include ../.config/x/token",
            files: [".config/x/token": secret, "src/intro.md": "# Intro\n\n{{#include ../.config/x/token}}\n"],
            says: ["{{#include}} names '../.config/x/token', which lies in a dot-folder ('.config')"]),
        Case(
            name: "k23 include .hidden/t.txt in the pages",
            files: ["src/.hidden/t.txt": secret, "src/intro.md": "# Intro\n\n{{#include .hidden/t.txt}}\n"],
            says: ["{{#include}} names '.hidden/t.txt', which lies in a dot-folder ('.hidden')"]),
        Case(
            name: "k23 include a plain-named link into .secrets",
            files: [".secrets/k.txt": secret, "src/intro.md": "# Intro\n\n{{#include k.txt}}\n"],
            links: ["src/k.txt": "../.secrets/k.txt"],
            says: ["{{#include}} names 'k.txt', which lies in a dot-folder ('.secrets')"]),
        Case(
            name: "k25 additional-css .secrets/x.css", toml: "[output.html]\nadditional-css = [\".secrets/x.css\"]",
            files: [".secrets/x.css": "/* \(secret) */"],
            says: [
                "book.toml:4:", "'output.html.additional-css' file '.secrets/x.css' lies in a dot-folder ('.secrets')",
            ]),
        Case(
            name: "k25 additional-js src/.hidden/y.js", toml: "[output.html]\nadditional-js = [\"src/.hidden/y.js\"]",
            files: ["src/.hidden/y.js": "/* \(secret) */"],
            says: [
                "book.toml:4:", "'output.html.additional-js' file 'src/.hidden/y.js' lies in a dot-folder ('.hidden')",
            ]),
        Case(
            name: "k25 input-404 .hidden/page.md", toml: "[output.html]\ninput-404 = \".hidden/page.md\"",
            files: ["src/.hidden/page.md": "# Lost\n\n\(secret)\n"],
            says: ["the page-not-found page lies in a dot-folder ('.hidden'), which a book may not read"]),
        Case(
            name: "k40 a page linked into .secrets",
            files: [
                ".secrets/notes.md": "# Notes\n\n\(secret)\n",
                "src/SUMMARY.md": "# Summary\n\n- [Intro](intro.md)\n- [Notes](notes.md)\n",
            ],
            links: ["src/notes.md": "../.secrets/notes.md"],
            says: [
                "src/SUMMARY.md:4:3: error: summary links to 'notes.md', which is '",
                "lies in a dot-folder ('.secrets')",
            ]),
        Case(
            name: "k40 favicon linked into .secrets", files: [".secrets/f.svg": "<svg><!-- \(secret) --></svg>\n"],
            links: ["theme/favicon.svg": "../.secrets/f.svg"],
            says: [
                "theme/favicon.svg: error: the theme's favicon (a symbolic link to",
                "lies in a dot-folder ('.secrets')",
            ]),
    ]

    @Test(arguments: refused) func aPathOutOfTheBookIsRefusedAtItsPlace(_ test: Case) throws {
        let run = try ContainedRun()
        let book = try run.makeBook(test.toml)
        for folder in ["home/.bashrc.d", "home/.local/share/applications", "home/public_html", "home/docs/pages"] {
            try FileSystem.makeDirectories(run.scratch + "/" + folder)
        }
        // A whole book in the folders the links lead to, each holding the secret.
        for folder in ["home/docs/pages", "home/.config/bk"] {
            try TestSupport.write(
                Array("# Summary\n\n- [Intro](intro.md)\n".utf8), to: run.scratch + "/\(folder)/SUMMARY.md")
            try TestSupport.write(Array("# Intro\n\n\(Self.secret)\n".utf8), to: run.scratch + "/\(folder)/intro.md")
            try TestSupport.write(Array("\(Self.secret)\n".utf8), to: run.scratch + "/\(folder)/private.txt")
        }
        try TestSupport.write(Array("\(Self.secret)\n".utf8), to: run.scratch + "/home/.env")
        try TestSupport.write(
            Array("# Summary\n\n- [\(Self.secret)](intro.md)\n".utf8), to: run.scratch + "/home/sum.md")
        try TestSupport.write(Array("# Lost\n\n\(Self.secret)\n".utf8), to: run.scratch + "/home/lost.md")
        for (path, text) in test.files { try TestSupport.write(Array(text.utf8), to: book + "/" + path) }
        for (link, target) in test.links {
            if link.contains("/") {
                try FileSystem.makeDirectories(FileSystem.parent(book + "/" + link))
            }
            if FileSystem.isDirectory(book + "/" + link) {
                try FileManager.default.removeItem(atPath: book + "/" + link)
            }
            if FileSystem.exists(book + "/" + link) { try FileManager.default.removeItem(atPath: book + "/" + link) }
            #expect(symlink(target, book + "/" + link) == 0, "\(link)")
        }
        let before = run.digest(excluding: ["home/.cache"])
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1) || result.termination == .exited(2), "\(result.stderrText)")
        for words in test.says { #expect(result.stderrText.contains(words), "\(result.stderrText)") }
        for words in test.never { #expect(!result.stderrText.contains(words), "\(result.stderrText)") }
        #expect(!result.stderrText.contains("hunter2"), "\(result.stderrText)")
        // Nothing written anywhere: not through the link, not in the book.
        #expect(run.digest(excluding: ["home/.cache"]) == before)
    }

    /// k25: a `build-dir` outside the book, spelled plainly in book.toml, is built where it says,
    /// with a warning at its line naming the folder it is written into.
    @Test func aSiteOutsideTheBookIsWarnedAtItsLine() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[build]\nbuild-dir = \"../../home/public_html\"")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "book.toml:4:1: warning: 'build.build-dir' folder '../../home/public_html' is outside the book's folder"
            ),
            "\(result.stderrText)")
        #expect(FileSystem.exists(run.scratch + "/home/public_html/intro.html"))
        #expect(!FileSystem.exists(book + "/book"))
    }

    /// Without `/proc`, where the kernel says where each opened file lies, nothing of the book can
    /// be judged: a build stops with one error saying so (not a crash, not an error per file, not
    /// a file read unjudged), and writes nothing.
    @Test func withoutProcABuildStopsWithOneErrorBeforeReadingTheBook() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let result = try run.lecture(["build"], in: "work/book", hiding: ["/proc"])
        #expect(result.termination == .exited(2), "\(result.stderrText)")
        #expect(
            TestSupport.onlyHeadline(result.stderrText, .error)?.hasPrefix(
                "error: /proc is not mounted here: lecture judges each file of the book") == true,
            "\(result.stderrText)")
        #expect(result.stderrText.contains("mount -t proc proc /proc"), "\(result.stderrText)")
        #expect(!FileSystem.exists(book + "/book"))
    }

    /// Links that stay inside the book are followed as mdBook follows them: the default output
    /// folder and pages' folder, a theme's page.html, the not-found page and an include.
    @Test func linksInsideTheBookAreFollowed() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[preprocessor.lecture]\ntemplates = \"theme\"")
        try FileManager.default.moveItem(atPath: book + "/src", toPath: book + "/pages")
        #expect(symlink("pages", book + "/src") == 0)
        try FileSystem.makeDirectories(book + "/site")
        #expect(symlink("site", book + "/book") == 0)
        try TestSupport.write(
            Array("<!doctype html><html><body>shared-layout {{ content }}</body></html>\n".utf8),
            to: book + "/layouts/page.html")
        try FileSystem.makeDirectories(book + "/theme")
        #expect(symlink("../layouts/page.html", book + "/theme/page.html") == 0)
        try TestSupport.write(Array("# Lost\n\nlost-words\n".utf8), to: book + "/notes/lost.md")
        #expect(symlink("../notes/lost.md", book + "/pages/404.md") == 0)
        try TestSupport.write(Array("included-words\n".utf8), to: book + "/notes/part.txt")
        try TestSupport.write(Array("# Intro\n\n{{#include ../notes/part.txt}}\n".utf8), to: book + "/pages/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        let intro = String(decoding: try FileSystem.read(book + "/site/intro.html"), as: UTF8.self)
        #expect(intro.contains("shared-layout") && intro.contains("included-words"))
        let lost = String(decoding: try FileSystem.read(book + "/site/404.html"), as: UTF8.self)
        #expect(lost.contains("lost-words"), "\(lost)")
    }

    /// F9 (k29): a named pipe in the pages' folder is said at the file, and a link to it says it
    /// exists and is not published (not "does not exist").
    @Test func aNamedPipeInThePagesIsSaid() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        #expect(mkfifo(book + "/src/pipe.dat", 0o644) == 0)
        try TestSupport.write(Array("# Intro\n\n[p](pipe.dat)\n".utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(
            result.stderrText.contains("src/pipe.dat: warning: not copied into the site: it is a named pipe"),
            "\(result.stderrText)")
        #expect(result.stderrText.contains("'pipe.dat' is not published: it is a named pipe"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("does not exist"), "\(result.stderrText)")
    }

    /// F16 (k96): a templates folder inside the pages' folder is no content: its page.html is
    /// not published.
    @Test func aThemeInsideThePagesIsNotPublished() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[preprocessor.lecture]\ntemplates = \"src/theme\"")
        try TestSupport.write(
            Array("<!doctype html><html><body><!-- internal --> {{ content }}</body></html>\n".utf8),
            to: book + "/src/theme/page.html")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        #expect(FileSystem.exists(book + "/book/intro.html"))
        #expect(!FileSystem.exists(book + "/book/theme/page.html"))
    }
}
