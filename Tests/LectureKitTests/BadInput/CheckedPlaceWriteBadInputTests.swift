import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The written-path rule for every place (issue 34): `XDG_CACHE_HOME` names a cache folder as
/// `--cache-dir` does and is refused by the same rule; and a folder on the way swapped for a
/// symbolic link between the check and the write (the JUnit report, the PDF, the cache) is
/// refused, never followed: the checked place is the written place.
@Suite(.serialized) struct CheckedPlaceWriteBadInputTests {
    @Test func xdgCacheHomeGoesThroughTheRuleOfTheCacheFolder() throws {
        let root = try TestSupport.makeTree(["book/src/SUMMARY.md": "- [A](a.md)\n", "book/src/a.md": "# A\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        for (xdg, why) in [("/etc", "lies in a system folder"), (root + "/book/src", "lies in the book's pages")] {
            var options = try BuildCommand.options([])
            options.directory = root + "/book"
            var configuration = BuildConfiguration()
            // What `Cache.defaultDirectory` gives for this environment.
            configuration.cacheDirectory = Cache.defaultDirectory(environment: ["XDG_CACHE_HOME": xdg], home: "/h")
            #expect(throws: LectureError.self, "\(xdg)") {
                _ = try BookLayout.configure(
                    &configuration, options: options, needsTemplates: false, environment: ["XDG_CACHE_HOME": xdg])
            }
            do {
                _ = try BookLayout.configure(
                    &configuration, options: options, needsTemplates: false, environment: ["XDG_CACHE_HOME": xdg])
            } catch let error as LectureError {
                let text = error.diagnostics.map(\.description).joined()
                #expect(text.contains("XDG_CACHE_HOME=") && text.contains(why), "\(text)")
            }
        }
    }

    @Test func aFolderSwappedForALinkAfterTheCheckIsNotFollowed() throws {
        let root = try TestSupport.makeTree(["dir/sub/keep": "", "elsewhere/keep": ""])
        defer { FileSystem.removeTemporaryDirectory(root) }
        // Checked (resolved) while `sub` is a folder, as each command checks before it works.
        let target = root + "/dir/sub/out.xml"
        let checked = [JUnitReportPath.path(target), PDFPath.path(target, option: "-o")]
        let resolved = CanonicalPath.of(target)
        #expect(checked.allSatisfy { $0.resolved == resolved })
        // Then swapped for a link to another folder, before the write.
        try FileManager.default.removeItem(atPath: root + "/dir/sub")
        #expect(symlink(root + "/elsewhere", root + "/dir/sub") == 0)
        #expect(throws: CheckedPlaceWrite.Failure.self) { try CheckedPlaceWrite.write(Array("x".utf8), to: resolved) }
        // The JUnit report's and the PDF's checked paths write the same way.
        for written in checked {
            #expect(throws: LectureError.self) { try written.write(Array("x".utf8)) }
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: root + "/elsewhere")) == ["keep"])
    }

    @Test func theCacheDoesNotWriteThroughASwappedFolder() throws {
        let root = try TestSupport.makeTree(["cache/samples/keep": "", "elsewhere/keep": ""])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let cache = Cache(directory: root + "/cache")
        try FileManager.default.removeItem(atPath: root + "/cache/samples")
        #expect(symlink(root + "/elsewhere", root + "/cache/samples") == 0)
        let key = String(repeating: "ab", count: 32)
        cache.write(kind: .samples, key: key, Array("x".utf8))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: root + "/elsewhere")) == ["keep"])
        // An unswapped cache is written as before.
        try FileManager.default.removeItem(atPath: root + "/cache/samples")
        cache.write(kind: .samples, key: key, Array("x".utf8))
        #expect(cache.read(kind: .samples, key: key) == Array("x".utf8))
    }

    @Test func aFinalNameSwappedForALinkIsReplacedNotFollowed() throws {
        let root = try TestSupport.makeTree(["dir/report.xml": "<?xml?><testsuites/>", "victim": "mine\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let path = JUnitReportPath.path(root + "/dir/report.xml")
        try FileManager.default.removeItem(atPath: root + "/dir/report.xml")
        #expect(symlink(root + "/victim", root + "/dir/report.xml") == 0)
        try path.write(Array("<?xml?><testsuites/>".utf8))
        #expect(TestSupport.read(root + "/victim") == "mine\n")
        #expect(WrittenPath.entry(path.resolved) == .regularFile)
    }
}
