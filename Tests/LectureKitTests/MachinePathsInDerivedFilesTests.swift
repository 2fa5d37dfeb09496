import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A file derived from the pages (the search index's texts, `toc.js`, any JSON the site holds)
/// holds a machine path only where the page does: JSON writes each `/` as `\/`, and the scan
/// once took the escape's `\` for the start of a path, so a page naming `/proc/1/root` failed
/// every build as root ("'search/t/0.js' would publish '/root'"), and `\/home\/u` was never seen
/// as the home folder `/home/u` at all (`WholePath`).
@Suite struct MachinePathsInDerivedFilesTests {
    /// Paths that hold a home folder or a machine path as a later segment: no mention of it.
    static let longerPaths = [
        "/proc/1/root", "/proc/PID/root", "/proc/self/root", "/sys/fs/cgroup/root", "/srv/root/x",
        "/proc/1/home/u", "/srv/home/u/x", "/var/lib/home/u", "https://example.com/root/",
    ]
    /// Paths that are one: a mention of it.
    static let wholePaths = ["/root/.ssh/x", "/root", "see /root, then", "/home/u/.ssh/id", "\"/home/u\"", "(/home/u)"]

    /// Each text as a JSON string (as the search index, `toc.js` and `pages.js` write it) holds
    /// `/root` or `/home/u` exactly where the text itself does.
    @Test(arguments: longerPaths + wholePaths)
    func aJSONStringHoldsAPathWhereItsTextDoes(_ text: String) {
        let escaped = JSONLiteral.array(["Intro", "", text])
        #expect(String(decoding: escaped, as: UTF8.self).contains("\\/"))
        for needle in ["/root", "/home/u"] {
            let path = Array(needle.utf8)
            #expect(
                MachinePaths.contains(escaped, path: path) == MachinePaths.contains(Array(text.utf8), path: path),
                "\(text) \(needle)")
        }
        let found = ["/root", "/home/u"].contains { MachinePaths.contains(Array(text.utf8), path: Array($0.utf8)) }
        #expect(found == Self.wholePaths.contains(text), "\(text)")
    }

    /// A copied file's scan (`SecretScan`, read in chunks) finds a path escaped as JSON, at its
    /// first `/`, and not a longer path holding it.
    @Test func aCopiedFileHoldingAnEscapedPathIsFoundAtItsPlace() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let text = "{\"a\":\"\\/srv\\/home\\/u\\/x\",\n\"b\":\"\\/home\\/u\\/.ssh\\/id\"}"
        try FileSystem.writeAtomically(text, to: folder + "/map.json")
        let found = SecretScan.all(
            inFileAt: folder + "/map.json", wholePaths: [(Array("/home/u".utf8), "home")],
            budget: DecompressionBudget()
        ).filter { $0.finding.kind == "home" }
        #expect(found.map { "\($0.line):\($0.column)" } == ["2:7"], "\(found)")
    }

    /// The book of the tests below: a page naming each longer path that holds `home`, and a
    /// page in a folder `srv<home>` (its URL, escaped, in `pages.js` and `toc.js`).
    func makeBook(_ run: ContainedRun, home: String) throws -> String {
        let book = try run.makeBook()
        try TestSupport.write(
            Array(
                ("# Intro\n\nSee `/proc/1\(home)`, /proc/PID\(home), /proc/self\(home), `/sys/fs/cgroup\(home)`"
                    + " and /srv\(home)/x.\n").utf8), to: book + "/src/intro.md")
        try TestSupport.write(Array("# Deep\n\nHello.\n".utf8), to: book + "/src/srv\(home)/deep.md")
        try TestSupport.write(
            Array("# Summary\n\n- [Intro](intro.md)\n- [Next](next.md)\n- [Deep](srv\(home)/deep.md)\n".utf8),
            to: book + "/src/SUMMARY.md")
        return book
    }

    /// `lecture build` with `HOME` the folder `home` (made on an empty `/home`), or as the run is.
    func build(_ run: ContainedRun, home: String?) throws -> Subprocess.Result {
        guard let home else { return try run.lecture(["build"], in: "work/book") }
        return try run.command(
            "/bin/sh",
            [
                "-c", "mkdir -p \"$HOME_U\" && HOME=\"$HOME_U\" exec \"$0\" \"$@\"", TestSupport.executable, "build",
                "--cache-dir", run.scratch + "/cache",
            ], in: "work/book", hiding: ["/home"], environment: ["HOME_U": home])
    }

    /// As the run's user (root: `/root`) and as a user whose home is `/home/u`: pages naming a
    /// path that holds the home folder as a later segment build, and the derived files hold it.
    @Test(arguments: [nil, "/home/u"])
    func aPathHoldingTheHomeFolderLaterIsNoMention(_ home: String?) throws {
        let run = try ContainedRun()
        let book = try makeBook(run, home: home ?? run.home)
        let result = try build(run, home: home)
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        #expect(!result.stderrText.contains("publish"), "\(result.stderrText)")
        let escaped = "\\/proc\\/1" + (home ?? run.home).replacingOccurrences(of: "/", with: "\\/")
        // The search index's texts (`search-HASH/t/N.js`).
        let names = FileSystem.files(under: book + "/book").filter { $0.hasPrefix("search-") && $0.contains("/t/") }
        let texts = names.map { String(decoding: (try? FileSystem.read(book + "/book/" + $0)) ?? [], as: UTF8.self) }
        #expect(texts.contains { $0.contains(escaped) }, "\(texts)")
    }

    /// The real check is kept: a page whose output names the home folder where its text does not
    /// (`&#47;` renders as `/`) fails, and the search index's escaped copy is named with it.
    @Test(arguments: [nil, "/home/u"])
    func aPagePublishingTheHomeFolderStillFails(_ home: String?) throws {
        let run = try ContainedRun()
        let book = try makeBook(run, home: home ?? run.home)
        let spelled = home ?? run.home
        try TestSupport.write(
            Array("# Intro\n\nKeys in &#47;\(spelled.dropFirst())/.ssh/x.\n".utf8), to: book + "/src/intro.md")
        let result = try build(run, home: home)
        #expect(result.termination != .exited(0), "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "src/intro.md: error: 'intro.html' would publish '\(spelled)', the home folder on this machine"),
            "\(result.stderrText)")
        #expect(result.stderrText.contains("'search/t/"), "\(result.stderrText)")
    }
}
