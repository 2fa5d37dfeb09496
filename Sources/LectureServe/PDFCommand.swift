import Foundation
import LectureKit
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `lecture pdf`: the book built (as `lecture build` builds it, so the PDF is never older than
/// the pages), then its site's `print.html` printed to a PDF by headless Chromium; or, with
/// `--site`, a site built before printed as it is.
///
/// Chromium does the layout the site's print style sheets ask for (A4, margins, page numbers in
/// the page's bottom margin, each chapter on a new page) and, with
/// `--generate-pdf-document-outline`, writes a PDF outline (bookmarks) from the headings.
package struct PDFCommand: Subcommand {
    package static let name = "pdf"
    package static let abstract = "Build the book, then print its print.html to a PDF with headless Chromium."
    package static let discussion = """
        Builds the book first, as 'lecture build' does (<dir>, default the current folder;
        book.toml's build-dir), so the PDF shows the pages as they are now; a build with errors
        writes no PDF. --site DIR prints a site built before, as it is, without building.
        The PDF is written next to the site, named after the book's title (mybook/book is
        printed to mybook/mybook.pdf), unless --output names it; its document title is the
        book's. It has the book's title on a cover, a table of contents, page numbers, and an
        outline with an entry per chapter and section. Chromium is
        $CHROMIUM, else the first of chromium, chromium-browser or google-chrome on PATH
        (Debian: apt-get install chromium fonts-noto-cjk).
        """
    /// The options of `lecture pdf`.
    package struct Options: ParsableOptions {
        /// The book's folder, whose site is printed.
        var book = BookOptions()
        /// `--site <dir>`: a built site, printed as it is, instead of the book built.
        var site: String?
        /// `-o`, `--output <file.pdf>`; `nil`: named after the book, next to the site
        /// (`defaultOutput`).
        var output: String?
        /// `--chromium <path>`.
        var chromium: String?
        /// Nothing given.
        package init() {}
    }

    package static var options: [Option<Options>] {
        // The build's: where the book's parts are, how its samples are verified.
        ([Option<BookOptions>.content, .templates, .jobs, .timeout, .noCache, .cacheDirectory]
            + Option<BookOptions>.protection).map {
                $0.within(\Options.book)
            } + [
                .path(
                    "--site", value: "dir",
                    help:
                        "A built site with print.html, printed as it is (default: the book, built first as by build).",
                    at: \.site),
                .path(
                    "-o", "--output", value: "file.pdf",
                    help: "Where the PDF is written (default: next to the site, named after the book's title).",
                    at: \.output),
                .path(
                    "--chromium", value: "path", help: "The Chromium to run (default: $CHROMIUM or chromium on PATH).",
                    at: \.chromium),
            ]
    }
    package static var positionals: [Positional<Options>] { [Positional<BookOptions>.book.within(\.book)] }

    /// `--site`: the site printed as it is; `nil`: the book's output folder, built first.
    var site: String?
    /// `--output`, or `nil` for `defaultOutput`.
    var output: String?
    var chromium: String?
    /// The build run first (`nil` with `--site`: that site is printed as it is).
    var build: BuildCommand?

    package init(_ options: Options) throws {
        output = options.output
        chromium = options.chromium
        site = options.site
        if site == nil {
            var build = try BuildCommand(options.book)
            build.printsPDF = true
            self.build = build
        }
    }

    package func validate() throws {
        if let output, !output.hasSuffix(".pdf") {
            throw LectureError(.badOptionValue, "--output \(quoted: output) does not end in .pdf")
        }
        try build?.validate()
    }

    /// Why the PDF cannot be named after `title`: its file name is longer than the 255 bytes a
    /// file name may hold (a 100-syllable Korean title is 300); nil when it can.
    static func nameProblem(site: String, title: String?) -> String? {
        let name = (defaultOutput(site: site, title: title) as NSString).lastPathComponent
        guard name.utf8.count > 255 else { return nil }
        return
            "the book's title makes the PDF's file name \(name.utf8.count) bytes long, more than the 255 a file name may hold"
    }

    /// The site printed: `--site`, else the book's output folder (`setup`'s), else `.`; the one
    /// place every later decision (the protected folders, the PDF's name, the print page) takes it.
    func siteFolder(_ setup: BookSetup?) -> String {
        site ?? setup?.configuration.outputDirectory ?? "."
    }

    /// The book's folders the PDF may not be or hold, nor lie in (the site's folder too).
    func protectedFolders(_ setup: BookSetup?) -> [OutputFolder.Protected] {
        (setup?.configuration.foldersOfTheBook ?? [])
            + [OutputFolder.Protected(siteFolder(setup), role: "the site's folder", mayHoldOutput: false)]
    }

    package func run(console: Console) throws -> Int32 {
        // The book's setup first (book.toml, its folders), as `lecture build` checks it.
        let setup = try build?.setUp()
        // Then `-o`, against the book's folders, before anything is built.
        if let output,
            let refusal = PDFPath.path(output, option: "-o").refusal(
                protecting: protectedFolders(setup), isOwn: PDFPath.isOwn)
        {
            throw refusal
        }
        // Then the PDF's name from the title, before the build: Chromium would fail only at the
        // end, with "File name too long".
        if output == nil, let setup,
            let problem = Self.nameProblem(site: siteFolder(setup), title: setup.configuration.book.title)
        {
            let configuration = setup.configuration
            let toml = configuration.bookDirectory.map { FileSystem.join($0, "book.toml") } ?? "book.toml"
            throw LectureError(
                .error(
                    .bookTOMLValue, toml, configuration.book.locations["book.title"], problem,
                    notes: ["name the PDF with -o FILE.pdf, or shorten the title"]))
        }
        // Then Chromium: a missing one stops the command before a build it could not print.
        let browser = try Self.findChromium(chromium ?? console.environment["CHROMIUM"])
        if let build, let setup {
            let built = try build.run(setup, console: console)
            guard built == 0 else { return built }
        }
        let site = siteFolder(setup)
        let page = FileSystem.join(site, PrintPage.outputPath)
        guard FileSystem.exists(page) else {
            throw LectureError(
                .error(
                    .badOptionValue, page, nil, "print page does not exist",
                    notes: [
                        "pass a site that 'lecture build' or mdBook built with --site DIR, or leave --site out to build the book"
                    ]))
        }
        // A book that turns its print page off keeps none in its site: this run wrote it for the
        // PDF alone, and a deploy after `lecture pdf` would publish it (attack 12).
        let printedOnly = build != nil && setup?.configuration.book.printEnabled == false
        defer { if printedOnly { unlink(page) } }
        // The title from book.toml when the book was built here, else the one the site shows.
        let title = setup == nil ? Self.title(ofPrintPage: page) : setup?.configuration.book.title
        if output == nil, let problem = Self.nameProblem(site: site, title: title) {
            throw LectureError(.error(.badOptionValue, page, nil, problem, notes: ["name the PDF with -o FILE.pdf"]))
        }
        let path = PDFPath.path(
            output ?? Self.defaultOutput(site: site, title: title), option: output == nil ? "PDF" : "-o")
        if let refusal = path.refusal(protecting: protectedFolders(setup), isOwn: PDFPath.isOwn) { throw refusal }
        // `-o` and `--site` as written; a PDF named after the site's folder was warned with it.
        if output != nil, let warning = path.unexpanded { console.report(warning) }
        if let given = self.site, let warning = UnexpandedPath.warning("--site", spelled: given, relativeTo: "") {
            console.report(warning)
        }
        let profile = try FileSystem.makeTemporaryDirectory(prefix: "lecture-chromium")
        defer { FileSystem.removeTemporaryDirectory(profile) }
        // Chromium prints into a folder of this run's; the tool then writes the bytes through the
        // checked folder's descriptors (`WrittenPath.write`): a folder on the way swapped for a
        // link while Chromium printed is refused, not followed.
        let staging = try FileSystem.makeTemporaryDirectory(prefix: "lecture-pdf")
        defer { FileSystem.removeTemporaryDirectory(staging) }
        let printedFile = FileSystem.join(staging, "print.pdf")
        var printed = try Self.print(
            page, to: printedFile, shownAs: path.resolved, chromium: browser, profile: profile,
            siteURL: setup?.configuration.siteURL ?? "/")
        try path.write(try FileSystem.read(printedFile))
        if build != nil, let html = try? FileSystem.read(page) {
            // A URL the pages' text holds was warned at its line by the build.
            let text = String(decoding: html, as: UTF8.self)
            printed.refused.removeAll { text.contains($0) }
        }
        if !printed.refused.isEmpty {
            let shown = printed.refused.prefix(5).map { "\(quoted: $0)" }.joined(separator: ", ")
            console.report(
                .warning(
                    .networkLoadInPDF, page, nil,
                    "the PDF leaves out \(printed.refused.count) resource\(printed.refused.count == 1 ? "" : "s") of the network the pages asked for: \(shown)\(printed.refused.count > 5 ? " and more" : "")",
                    notes: [
                        "printing loads only the site's own files; a URL written in a page is warned at its line, these came from elsewhere (a script, the theme)"
                    ]))
        }
        console.print("Wrote \(UnexpandedPath.shown(path.spelled)) (\(printed.bytes / 1024) KiB)")
        return 0
    }

    /// Where the PDF goes without `--output`: beside the site's folder (`mybook/book` →
    /// `mybook/`), named after `title` made safe for shells and file systems (`PDFFileName`:
    /// `The Sourdough Field Manual 🍞` → `The-Sourdough-Field-Manual.pdf`), or after the site's
    /// parent folder when nothing of the title is left; never inside the site, which the next
    /// build replaces.
    static func defaultOutput(site: String, title: String?) -> String {
        let folder = FileSystem.parent(site)
        var name = PDFFileName.slug(title ?? "")
        if name.isEmpty {
            let parent = URL(fileURLWithPath: site).standardizedFileURL.deletingLastPathComponent().lastPathComponent
            name = parent.isEmpty || parent == "/" ? "book" : parent
        }
        return FileSystem.join(folder, name + ".pdf")
    }

    /// The document title of the print page (`<title>`: the book's title, as mdBook writes it),
    /// its character references decoded; `nil` when it has none.
    static func title(ofPrintPage page: String) -> String? {
        guard let bytes = try? FileSystem.read(page) else { return nil }
        let html = String(decoding: bytes.prefix(65536), as: UTF8.self)
        guard let open = html.range(of: "<title>", options: .caseInsensitive),
            let close = html.range(of: "</title>", options: .caseInsensitive, range: open.upperBound..<html.endIndex)
        else { return nil }
        let title = CharacterReferences.decoded(String(html[open.upperBound..<close.lowerBound]))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return title.isEmpty ? nil : title
    }

    /// The arguments that print `page` to `pdf` (absolute path): headless, without Chromium's own
    /// header and footer (the style sheet numbers the pages), with the document outline, in a
    /// fresh profile at `profile`; `--no-sandbox` only when running as root, which Chromium
    /// refuses otherwise. `extra` goes before the page (`--force-dark-mode` in a test).
    static func arguments(page: String, pdf: String, profile: String, extra: [String] = []) -> [String] {
        arguments(
            url: URL(fileURLWithPath: page).standardizedFileURL.absoluteString, pdf: pdf, profile: profile, extra: extra
        )
    }

    /// The same for a page at `url` (the print server's). With `proxy` (the print server's
    /// origin), every request Chromium makes goes to that server, loopback ones too
    /// (`<-loopback>` removes Chromium's implicit bypass of 127.0.0.1 and localhost), which
    /// answers its own files and refuses the rest (`PrintServer`); no host name is resolved
    /// (`--host-resolver-rules`) and WebRTC sends no UDP around the proxy. So a page loads no URL
    /// of the network, whatever its HTML or scripts ask. Chromium's own
    /// background requests are turned off where a switch allows, and refused like the rest.
    static func arguments(url: String, pdf: String, profile: String, proxy: String? = nil, extra: [String] = [])
        -> [String]
    {
        var arguments = [
            "--headless", "--disable-gpu", "--user-data-dir=\(profile)", "--no-first-run",
            "--no-pdf-header-footer", "--generate-pdf-document-outline", "--print-to-pdf=\(pdf)",
            "--user-agent=\(PDFPath.creator)",
        ]
        if let proxy {
            arguments += [
                "--proxy-server=\(proxy)", "--proxy-bypass-list=<-loopback>",
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                "--force-webrtc-ip-handling-policy=disable_non_proxied_udp", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-default-apps",
                "--no-default-browser-check", "--disable-domain-reliability",
            ]
        }
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        return arguments + extra + [url]
    }

    /// What a print made: the PDF's size in bytes, and the URLs of the network the site's pages
    /// asked for (a request with the print server's `Referer`), which the print server refused.
    struct Printed {
        var bytes: Int
        var refused: [String]
    }

    /// A folder of its own for Chromium's temporary files, under `base` (TMPDIR) when Chromium's
    /// socket there, `<folder>/org.chromium.Chromium.XXXXXX/SingletonSocket`, fits the 107 bytes
    /// of a Unix socket's path; else under `/tmp`, as a long TMPDIR (a CI workspace's) gave
    /// Chromium's `Socket path too long` and no PDF. - Throws: `LectureError` when neither fits.
    static func chromiumTemporaryDirectory(under base: String = NSTemporaryDirectory()) throws -> String {
        let socketSuffix = "/org.chromium.Chromium.XXXXXX/SingletonSocket".utf8.count
        for folder in [base, "/tmp"] {
            let made = try? FileSystem.makeTemporaryDirectory(prefix: "lc", in: folder)
            guard let made else { continue }
            if made.utf8.count + socketSuffix <= 107 { return made }
            FileSystem.removeTemporaryDirectory(made)
        }
        throw LectureError(
            .error(
                .subprocess, base, nil, "no temporary folder is short enough for Chromium's socket (107 bytes)",
                notes: ["set TMPDIR to a folder with a short path, such as /tmp"]))
    }

    /// Prints `page` to `pdf`. The page's folder (the site) is served on loopback for the print
    /// (`PrintServer`), so Chromium opens it over HTTP and cannot load a file of the machine
    /// outside the site; the same server is Chromium's proxy, so it loads nothing of the network.
    /// - Throws: `LectureError` when Chromium fails, times out (`timeLimit`, 3 minutes: the
    ///   lecture's 344 printed pages take well under one on a loaded machine) or writes no PDF.
    ///   A time-out says why it happens (a page that never finishes loading, most often a script
    ///   that never ends, which keeps Chromium from printing at all) and names the site's pages
    ///   whose content holds a `<script>` of its own (`pagesWithScripts`).
    /// - Parameter shown: the path messages name (the PDF's place, when `pdf` is a staging file).
    /// - Parameter siteURL: where the site is served (`PrintServer`), so its absolute URLs print.
    static func print(
        _ page: String, to pdf: String, shownAs shown: String? = nil, chromium: String, profile: String,
        extra: [String] = [], timeLimit: Double = 180, siteURL: String = "/"
    ) throws -> Printed {
        // Only a file: `PDFPath` let no folder be named, and a folder put there since stays.
        unlink(pdf)
        let site =
            FileSystem.parent(page).isEmpty ? "." : FileSystem.parent(page)
        let server = try PrintServer(root: site, siteURL: siteURL)
        defer { server.stop() }
        let name = String(page.split(separator: "/").last ?? "")
        // Chromium's temporary folders (`org.chromium.Chromium.*`, left behind when it is killed
        // at the time limit) go in a folder of this print's, removed when it ends, never loose in
        // TMPDIR.
        let temporary = try chromiumTemporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(temporary) }
        let result = try Subprocess.run(
            chromium,
            arguments(url: server.url(of: name), pdf: pdf, profile: profile, proxy: server.origin, extra: extra),
            environment: ["HOME": profile, "TMPDIR": temporary], timeout: timeLimit, cancellation: .process)
        let bytes = (try? FileSystem.read(pdf)) ?? []
        // Debian's wrapper script's own complaints (`/usr/bin/chromium: 9: [: …: unexpected operator`) are no cause.
        let log = result.stderrText.split(separator: "\n").filter {
            !$0.contains("dbus") && !$0.hasSuffix("unexpected operator")
        }.suffix(5).joined(separator: "\n    ")
        if result.termination == .timedOut {
            let scripts = pagesWithScripts(in: site)
            let named =
                scripts.isEmpty
                ? "no page's content holds a <script> of its own; look at the theme's scripts"
                : "pages whose content holds a <script>: " + scripts.prefix(5).joined(separator: ", ")
                    + (scripts.count > 5 ? " and \(scripts.count - 5) more" : "")
            throw LectureError(
                .error(
                    .subprocess, shown ?? pdf, nil,
                    "Chromium did not finish printing \(name) within \(Int(timeLimit)) s and was stopped: the page never finished loading",
                    notes: [
                        "a script that never ends (a loop in raw HTML's <script>) keeps Chromium from printing; \(named)"
                    ] + (log.isEmpty ? [] : [log])))
        }
        guard result.succeeded, bytes.starts(with: Array("%PDF".utf8)) else {
            throw LectureError(
                .error(
                    .subprocess, shown ?? pdf, nil, "Chromium did not write the PDF (\(result.termination))",
                    notes: [log]))
        }
        let refused = server.refused.filter { $0.referer?.hasPrefix(server.origin + "/") == true }.map(\.url)
        return Printed(bytes: bytes.count, refused: refused)
    }

    /// The pages of the site at `site` (its top folder and subfolders, `print.html` left out, as
    /// it holds them all) whose content (`<main>`…`</main>`, the theme's scripts left out) holds
    /// a `<script`, sorted.
    static func pagesWithScripts(in site: String) -> [String] {
        FileSystem.files(under: site).filter { $0.hasSuffix(".html") && $0 != "print.html" }.sorted().filter {
            guard let bytes = try? FileSystem.read(FileSystem.join(site, $0)) else { return false }
            let html = String(decoding: bytes, as: UTF8.self)
            guard let start = html.range(of: "<main"), let end = html.range(of: "</main>", options: .backwards),
                start.upperBound < end.lowerBound
            else { return false }
            return html[start.upperBound..<end.lowerBound].range(of: "<script", options: .caseInsensitive) != nil
        }
    }

    /// Whether a Chromium is on `PATH` (tests that print need one).
    static var chromiumIsInstalled: Bool { (try? findChromium(nil)) != nil }

    /// The Chromium to run: `requested` (a name or path), else the first of `chromium`,
    /// `chromium-browser`, `google-chrome` on `PATH`. - Throws: `LectureError` (exit 2) naming
    /// the Debian packages when none is found.
    static func findChromium(_ requested: String?) throws -> String {
        for name in requested.map({ [$0] }) ?? ["chromium", "chromium-browser", "google-chrome"] {
            if let found = Toolchain.resolve(name) { return found }
        }
        throw LectureError(
            .missingChromium, "Chromium not found\(requested.map { " at \(quoted: $0)" } ?? " on PATH")",
            notes: ["install it (Debian: apt-get install chromium fonts-noto-cjk), or pass --chromium PATH"])
    }
}
