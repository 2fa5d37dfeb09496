import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `lecture pdf`: the built site's `print.html` printed to a PDF by headless Chromium.
///
/// Chromium does the layout the site's print style sheets ask for (A4, margins, page numbers in
/// the page's bottom margin, each chapter on a new page) and, with
/// `--generate-pdf-document-outline`, writes a PDF outline (bookmarks) from the headings.
struct PDFCommand: Subcommand {
    static let name = "pdf"
    static let abstract = "Print the built site's print.html to a PDF with headless Chromium."
    static let discussion = """
        Run 'lecture build' first: the site is the book's, found as 'lecture build' finds it
        (<dir>, default the current folder; book.toml's build-dir), unless --site names one.
        The PDF has the book's title on a cover, a table of contents, page numbers, and an
        outline with an entry per chapter and section. Chromium is
        $CHROMIUM, else the first of chromium, chromium-browser or google-chrome on PATH
        (Debian: apt-get install chromium fonts-noto-cjk).
        """
    /// The options of `lecture pdf`.
    struct Options: ParsableOptions {
        /// The book's folder, whose site is printed.
        var book = BookOptions()
        /// `--site <dir>`: the built site, instead of the book's.
        var site: String?
        /// `-o`, `--output <file.pdf>`.
        var output = "lecture.pdf"
        /// `--chromium <path>`.
        var chromium: String?
    }

    static var options: [Option<Options>] {
        [
            .path(
                "--site", value: "dir", help: "The built site, with print.html (default: the book's, as for build).",
                at: \.site),
            .path(
                "-o", "--output", value: "file.pdf", help: "Where the PDF is written (default: lecture.pdf).",
                at: \.output),
            .path(
                "--chromium", value: "path", help: "The Chromium to run (default: $CHROMIUM or chromium on PATH).",
                at: \.chromium),
        ]
    }
    static var positionals: [Positional<Options>] { [Positional<BookOptions>.book.within(\.book)] }

    /// The built site: `--site`, else the book's output folder.
    var site: String
    var output: String
    var chromium: String?
    /// book.toml's warnings and errors, reported when the command runs.
    var bookDiagnostics: [Diagnostic] = []

    init(_ options: Options) throws {
        output = options.output
        chromium = options.chromium
        if let site = options.site {
            self.site = site
        } else {
            var book = BuildConfiguration()
            bookDiagnostics = try BookLayout.configure(&book, options: options.book, needsTemplates: false)
            site = book.outputDirectory
        }
    }

    func validate() throws {
        guard output.hasSuffix(".pdf") else {
            throw LectureError(.badOptionValue, "--output '\(output)' does not end in .pdf")
        }
    }

    func run(console: Console) throws -> Int32 {
        try console.reportBookSettings(bookDiagnostics)
        let page = FileSystem.join(site, PrintPage.outputPath)
        guard FileSystem.exists(page) else {
            throw LectureError(
                .error(
                    .badOptionValue, page, nil, "print page does not exist",
                    notes: ["run 'lecture build' first (or pass the built site with --site DIR)"]))
        }
        let browser = try Self.findChromium(chromium ?? console.environment["CHROMIUM"])
        let profile = try FileSystem.makeTemporaryDirectory(prefix: "lecture-chromium")
        defer { FileSystem.removeTemporaryDirectory(profile) }
        let target = URL(fileURLWithPath: output).standardizedFileURL.path
        let written = try Self.print(page, to: target, chromium: browser, profile: profile)
        console.print("Wrote \(output) (\(written / 1024) KiB)")
        return 0
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

    /// The same for a page at `url` (the print server's).
    static func arguments(url: String, pdf: String, profile: String, extra: [String] = []) -> [String] {
        var arguments = [
            "--headless", "--disable-gpu", "--user-data-dir=\(profile)", "--no-first-run",
            "--no-pdf-header-footer", "--generate-pdf-document-outline", "--print-to-pdf=\(pdf)",
        ]
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        return arguments + extra + [url]
    }

    /// Prints `page` to `pdf` and returns the PDF's size in bytes. The page's folder (the site)
    /// is served on loopback for the print (`PrintServer`), so Chromium opens it over HTTP and
    /// cannot load a file of the machine outside the site.
    /// - Throws: `LectureError` when Chromium fails, times out (3 minutes) or writes no PDF.
    static func print(_ page: String, to pdf: String, chromium: String, profile: String, extra: [String] = []) throws
        -> Int
    {
        try? FileManager.default.removeItem(atPath: pdf)
        let server = try PrintServer(
            root: (page as NSString).deletingLastPathComponent.isEmpty
                ? "." : (page as NSString).deletingLastPathComponent)
        defer { server.stop() }
        let name = String(page.split(separator: "/").last ?? "")
        let result = try Subprocess.run(
            chromium, arguments(url: server.url(of: name), pdf: pdf, profile: profile, extra: extra),
            environment: ["HOME": profile], timeout: 180, cancellation: .process)
        let bytes = (try? FileSystem.read(pdf)) ?? []
        guard result.succeeded, bytes.starts(with: Array("%PDF".utf8)) else {
            let log = result.stderrText.split(separator: "\n").filter { !$0.contains("dbus") }.suffix(5).joined(
                separator: "\n    ")
            throw LectureError(
                .error(.subprocess, pdf, nil, "Chromium did not write the PDF (\(result.termination))", notes: [log]))
        }
        return bytes.count
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
            .missingChromium, "Chromium not found\(requested.map { " at '\($0)'" } ?? " on PATH")",
            notes: ["install it (Debian: apt-get install chromium fonts-noto-cjk), or pass --chromium PATH"])
    }
}
