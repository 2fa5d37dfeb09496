import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// No file of the machine reaches a page or a PDF: raw HTML that would make a
/// browser load one is an error at its line, whichever place holds the URL, and `lecture pdf`
/// opens the site over loopback HTTP, so a URL the check cannot see (a script's) loads nothing
/// either. Each run is contained (`ContainedRun`), with a secret planted in the scratch home.
@Suite struct MachineFileTests {
    /// Each way to load a machine file, on its own line of the page (line, HTML). `SECRET` is the
    /// planted file's path.
    static let vectors: [(line: Int, html: String)] = [
        (5, #"<iframe srcdoc="<iframe src='file://SECRET'></iframe>"></iframe>"#),
        (7, #"<img srcset="a.png 2x, file://SECRET 1x">"#),
        (9, #"<svg><image href="file://SECRET"/></svg>"#),
        (11, #"<svg><image xlink:href="FILE://SECRET"/></svg>"#),
        (13, #"<div style="background:url(file://SECRET)">x</div>"#),
        (15, #"<style>body { background: url("fi\6c e://SECRET") }</style>"#),
        (17, #"<link rel="stylesheet" href="file://SECRET">"#),
        (19, #"<meta http-equiv="refresh" content="0; URL='file://SECRET'">"#),
        (21, #"<iframe src="view-source:file://SECRET"></iframe>"#),
        (23, #"<iframe src="&#102ile://SECRET"></iframe>"#),
        (25, #"<iframe src="data:text/html,%3Ciframe%20src%3Dfile://SECRET%3E"></iframe>"#),
        (27, #"Text with <img src=" fi&Tab;le://SECRET"> inline."#),
        (29, #"![an image](file://SECRET)"#),
    ]

    static func page(secret: String) -> String {
        "# P\n\nThe visible text.\n\n"
            + vectors.map { $0.html.replacingOccurrences(of: "SECRET", with: secret) + "\n\n" }.joined()
            + "<a href=\"file://\(secret)\">a link to a file is only a link</a>\n"
    }

    @Test func everyPlaceThatLoadsAMachineFileIsAnErrorAtItsLine() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(Array("TOPSECRET-F2\n".utf8), to: run.scratch + "/home/secret.txt")
        let page = Self.page(secret: run.home + "/secret.txt")
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        // The page's lines are where the table says.
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        for vector in Self.vectors { #expect(lines[vector.line - 1].hasPrefix(vector.html.prefix(8))) }

        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        let reported = Set(
            result.stderrText.split(separator: "\n").filter { $0.contains("embeds a file of the machine") }.compactMap {
                line -> Int? in
                guard line.hasPrefix("src/intro.md:") else { return nil }
                return Int(line.split(separator: ":")[1])
            })
        #expect(reported == Set(Self.vectors.map(\.line)), "\(result.stderrText)")
        #expect(result.stderrText.contains("a link to a file (<a href>) is allowed"))
        #expect(!FileSystem.exists(book + "/book"))
    }

    /// A print page built by hand (no build would write it) with every vector and two climbs out of
    /// the site: printed by `lecture pdf`, the PDF has the page's text and no byte of the secret;
    /// Chromium opening the same page from `file://` prints the secret, so the vectors are live.
    @Test(.enabled(if: PDFCommand.chromiumIsInstalled && Toolchain.resolve("pdftotext") != nil))
    func lecturePDFPrintsNoFileOfTheMachine() throws {
        let run = try ContainedRun()
        let secretText = "TOPSECRET-F2-PDF"
        try TestSupport.write(Array((secretText + "\n").utf8), to: run.scratch + "/home/secret.txt")
        let secret = run.home + "/secret.txt"
        let body = Self.page(secret: secret).replacingOccurrences(of: "# P", with: "<h1>P</h1>")
            .replacingOccurrences(of: "![an image](file://\(secret))", with: "<img src=\"file://\(secret)\">")
        let html =
            "<!doctype html><html><head><meta charset=\"utf-8\"><title>P</title></head><body>\n\(body)\n"
            + "<iframe src=\"../../../../../../../..\(secret)\"></iframe><object data=\"\(secret)\"></object>\n"
            + "<script>const f = document.createElement('iframe'); f.src = 'fi' + 'le://\(secret)'; document.body.append(f)</script>\n"
            + "</body></html>\n"
        // Without the meta refresh, which would take a file:// page away before it prints.
        let withoutRefresh = html.split(separator: "\n").filter { !$0.contains("refresh") }.joined(separator: "\n")
        try TestSupport.write(Array(withoutRefresh.utf8), to: run.scratch + "/work/site/print.html")

        let printed = try run.command(
            TestSupport.executable, ["pdf", "--site", run.scratch + "/work/site", "-o", run.scratch + "/work/out.pdf"],
            in: "work")
        #expect(printed.succeeded, "\(printed.stderrText)")
        let text = try Subprocess.run(
            "/usr/bin/pdftotext", [run.scratch + "/work/out.pdf", "-"], timeout: 60, cancellation: .process
        )
        .stdoutText
        #expect(text.contains("The visible text."), "\(text)")
        #expect(!text.contains(secretText), "\(text)")

        // The control: the same page from file:// leaks.
        let chromium = try PDFCommand.findChromium(nil)
        // Where `PDFCommand.print` would put it: a TMPDIR too long for Chromium's socket is not used.
        let temporary = try PDFCommand.chromiumTemporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(temporary) }
        let control = try run.command(
            chromium,
            PDFCommand.arguments(
                page: run.scratch + "/work/site/print.html", pdf: run.scratch + "/work/control.pdf",
                profile: run.scratch + "/work/profile"), in: "work",
            // Its temporary folders in one removed after it, as `PDFCommand.print` gives it.
            environment: ["TMPDIR": temporary])
        #expect(control.succeeded, "\(control.stderrText)")
        let leaked = try Subprocess.run(
            "/usr/bin/pdftotext", [run.scratch + "/work/control.pdf", "-"], timeout: 60, cancellation: .process
        )
        .stdoutText
        #expect(leaked.contains(secretText), "the vectors load nothing even from file://: \(leaked)")

        // With the refresh too, the PDF is written and holds no secret.
        try TestSupport.write(Array(html.utf8), to: run.scratch + "/work/site/print.html")
        let refreshed = try run.command(
            TestSupport.executable,
            ["pdf", "--site", run.scratch + "/work/site", "-o", run.scratch + "/work/refresh.pdf"], in: "work")
        #expect(refreshed.succeeded, "\(refreshed.stderrText)")
        let refreshedText = try Subprocess.run(
            "/usr/bin/pdftotext", [run.scratch + "/work/refresh.pdf", "-"], timeout: 60, cancellation: .process
        ).stdoutText
        #expect(!refreshedText.contains(secretText), "\(refreshedText)")
    }
}
