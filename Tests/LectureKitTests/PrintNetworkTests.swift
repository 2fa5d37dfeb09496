import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// `lecture pdf` loads nothing of the network (an `<iframe>` of an internal
/// service's URL printed the service's answer into the PDF). An "internal service" (a
/// `PrintServer` over a folder holding a secret, on a loopback port of the test's own) is asked
/// for by every place of a page that loads a URL; the PDF holds the page's text and no byte of the
/// secret, each place written in the page is a warning at its line, and the one a script makes is
/// named after the print. Chromium printing the same page without `lecture`'s switches prints the
/// secret, so the places are live.
@Suite struct PrintNetworkTests {
    static let secret = "INTERNAL-METADATA-SECRET-49"

    /// The page, with `ORIGIN` the internal service's origin; (line, HTML) of each place.
    static let vectors: [(line: Int, html: String)] = [
        (5, #"<iframe src="ORIGIN/secret.txt" width="600" height="100"></iframe>"#),
        (7, #"<object data="ORIGIN/secret.txt" width="600" height="100"></object>"#),
        (9, #"<img src="ORIGIN/secret.png" alt="x">"#),
        (11, #"<div style="background:url(ORIGIN/b.png)">x</div>"#),
        (13, #"![an image](ORIGIN/i.png)"#),
        (15, #"<link rel="stylesheet" href="ORIGIN/s.css">"#),
        (17, #"<iframe srcdoc="<iframe src='ORIGIN/secret.txt'></iframe>"></iframe>"#),
    ]

    static func page(origin: String) -> String {
        let port = origin.split(separator: ":").last.map(String.init) ?? ""
        return "# P\n\nThe visible text.\n\n"
            + vectors.map { $0.html.replacingOccurrences(of: "ORIGIN", with: origin) + "\n\n" }.joined()
            // A URL no reader of the source sees: the script makes it.
            + "<script>fetch('http://127.0.0.1:' + '\(port)/secret.txt?script').then(r => r.text()).then(t => { document.body.append(t) })</script>\n\n"
            + "<a href=\"\(origin)/secret.txt\">a link is only a link</a>\n"
    }

    @Test(.enabled(if: PDFCommand.chromiumIsInstalled && Toolchain.resolve("pdftotext") != nil))
    func lecturePDFLoadsNothingOfTheNetwork() throws {
        let run = try ContainedRun()
        try TestSupport.write(Array((Self.secret + "\n").utf8), to: run.scratch + "/internal/secret.txt")
        let service = try PrintServer(root: run.scratch + "/internal")
        defer { service.stop() }
        let book = try run.makeBook()
        let page = Self.page(origin: service.origin)
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        for vector in Self.vectors { #expect(lines[vector.line - 1].hasPrefix(vector.html.prefix(8))) }

        // A build for the site alone warns of nothing: the pages show what they load.
        let built = try run.lecture(["build"], in: "work/book")
        #expect(built.succeeded, "\(built.stderrText)")
        #expect(!built.stderrText.contains("lecture.pdf.network-load") && !built.stderrText.contains("of the network"))

        let printed = try run.lecture(["pdf", "-o", run.scratch + "/work/out.pdf"], in: "work/book")
        #expect(printed.succeeded, "\(printed.stderrText)")
        let warned = Set(
            printed.stderrText.split(separator: "\n").filter { $0.contains("loads a resource of the network") }
                .compactMap { line -> Int? in
                    guard line.hasPrefix("src/intro.md:"), line.contains(": warning: ") else { return nil }
                    return Int(line.split(separator: ":")[1])
                })
        #expect(warned == Set(Self.vectors.map(\.line)), "\(printed.stderrText)")
        #expect(printed.stderrText.contains("secret.txt?script"), "\(printed.stderrText)")
        #expect(!printed.stderrText.contains("a link is only a link"))
        let text = try Subprocess.run(
            "/usr/bin/pdftotext", [run.scratch + "/work/out.pdf", "-"], timeout: 60, cancellation: .process
        ).stdoutText
        #expect(text.contains("The visible text."), "\(text)")
        #expect(!text.contains(Self.secret), "\(text)")

        // The control: Chromium printing the same site without the proxy prints the secret.
        let chromium = try PDFCommand.findChromium(nil)
        let site = try PrintServer(root: book + "/book")
        defer { site.stop() }
        let control = try run.command(
            chromium,
            PDFCommand.arguments(
                url: site.url(of: "print.html"), pdf: run.scratch + "/work/control.pdf",
                profile: run.scratch + "/work/profile"), in: "work")
        #expect(control.succeeded, "\(control.stderrText)")
        let leaked = try Subprocess.run(
            "/usr/bin/pdftotext", [run.scratch + "/work/control.pdf", "-"], timeout: 60, cancellation: .process
        ).stdoutText
        #expect(leaked.contains(Self.secret), "the places load nothing even without the proxy: \(leaked)")
    }
}
