import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A temporary folder is never left in `TMPDIR` (CI's `make test` found a `lecture-run.*` after
/// a green run): its removal tries again while something still holds it for a moment, and a
/// forced stop's clean-up makes no folder afterwards that the ending process would leave.
@Suite struct TemporaryFolderRemovalTests {
    /// A folder that cannot be removed at first (a file system mounted inside, which the removal
    /// leaves) and can a moment later (unmounted by another process) is removed: the first
    /// failure is tried again.
    @Test(
        .enabled(
            if: TmpfsMount.allowed,
            "mounting a tmpfs is not allowed here (needs root or CAP_SYS_ADMIN); nothing holds the folder"))
    func aFolderHeldForAMomentIsRemovedOnceReleased() throws {
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "lecture-removal")
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let mount = try TmpfsMount(at: folder + "/held", megabytes: 1)
        try FileSystem.writeAtomically("written", to: folder + "/held/file")
        // Released once the removal has tried and failed, never by the clock: a sleep could end
        // before the first try, and the test would pass without the retry it names.
        var failures: [[String]] = []
        DeepFolderRemoval.removeWaiting([folder], patience: .seconds(60)) { remaining in
            if failures.isEmpty { mount.unmount() }
            failures.append(remaining)
        }
        if failures.isEmpty { mount.unmount() }
        #expect(failures == [[folder]], "the first try failed once, and the next removed the folder")
        #expect(!FileSystem.exists(folder), "the folder stayed after its mount was released")
    }

    /// Once the forced stop's clean-up ran (the process ends next), making a folder is refused
    /// before anything is made.
    @Test func noFolderIsMadeAfterTheStopsCleanUp() throws {
        let registry = FolderRegistry()
        let before = try FileSystem.makeTemporaryDirectory(prefix: "lecture-registry")
        defer { FileSystem.removeTemporaryDirectory(before) }
        let made = try registry.make { try FileSystem.makeTemporaryDirectory(prefix: "lecture-registry") }
        registry.removeAll()
        #expect(!FileSystem.exists(made), "the recorded folder stayed")
        var called = false
        #expect(throws: LectureError.self) {
            _ = try registry.make {
                called = true
                return before
            }
        }
        #expect(!called, "a folder was made after the clean-up")
    }

    /// A folder holding a first site at `_site`, written with a registry of its own.
    static func firstSite() throws -> (root: String, registry: FolderRegistry, site: SiteFiles) {
        let root = try TestSupport.temporaryDirectory()
        let registry = FolderRegistry()
        var site = SiteFiles()
        site.generated["index.html"] = Array("first".utf8)
        try SiteWriter.write(site, to: OutputFolder(root + "/_site"), folders: registry)
        return (root, registry, site)
    }

    /// The site's staging folder beside the output folder (`.NAME.tmp-…`, made with `mkdirat`)
    /// is made and recorded as one step: after the clean-up, a build still unwinding makes none,
    /// and the site it was writing is not swapped in.
    @Test func noStagingFolderIsMadeBesideTheOutputAfterTheStopsCleanUp() throws {
        let (root, registry, first) = try Self.firstSite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var site = first
        registry.removeAll()
        site.generated["index.html"] = Array("second".utf8)
        #expect(throws: LectureError.self) {
            try SiteWriter.write(site, to: OutputFolder(root + "/_site"), folders: registry)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["_site"], "a staging folder was made")
        #expect(TestSupport.read(root + "/_site/index.html") == "first")
    }

    /// The replaced site, put aside for the background removal (under the staging name when the
    /// file system exchanges the two, `.NAME.old-…` when not), stays recorded until it is
    /// removed: a forced stop meanwhile removes it. (It was forgotten as the write returned, so
    /// a stop during the removal left it half removed.)
    @Test func theReplacedSiteStaysRecordedUntilItsBackgroundRemovalEnds() throws {
        let (root, registry, first) = try Self.firstSite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var site = first
        // The removal waits until the test has looked (on this test's own queue).
        let looked = DispatchSemaphore(value: 0)
        let removals = SiteRemovals()
        removals.later { looked.wait() }
        site.generated["index.html"] = Array("second".utf8)
        try SiteWriter.write(site, to: OutputFolder(root + "/_site"), removingOldLater: removals, folders: registry)
        // Recorded as the writer names it: beside the output folder as resolved.
        let parent = OutputFolder(root + "/_site").parent
        let aside = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0 != "_site" }
        #expect(aside.count == 1, "\(aside)")
        for name in aside {
            #expect(registry.holds(parent + "/" + name), "the replaced site waiting for its removal is not recorded")
        }
        looked.signal()
        removals.finish()
        for name in aside { #expect(!registry.holds(parent + "/" + name), "a removed folder stays recorded") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["_site"], "the replaced site is left")
        #expect(TestSupport.read(root + "/_site/index.html") == "second")
    }

    /// Without `RENAME_EXCHANGE` the old site is renamed aside (`.NAME.old-…`) before the new
    /// one is renamed in: that rename makes a folder too, and is refused once the clean-up ran
    /// (here at the moment of the swap), the live site left in place and nothing beside it.
    /// With the clean-up not run, the folder put aside is recorded until its removal ends.
    @Test(.serialized, arguments: [true, false])
    func theOldSitePutAsideIsRecordedOrRefused(stopped: Bool) throws {
        let (root, registry, first) = try Self.firstSite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var site = first
        let parent = OutputFolder(root + "/_site").parent
        let recorded = Locked<[String]>([])
        // This write's own hooks: no exchange, and (stopped) the clean-up at the swap.
        let hooks = SiteWriter.Hooks(
            beforeSwap: {
                if stopped { registry.removeAll() }
            }, exchanges: false)
        // The removal waits until the test has looked (on this test's own queue).
        let looked = DispatchSemaphore(value: 0)
        let removals = SiteRemovals()
        removals.later { looked.wait() }
        site.generated["index.html"] = Array("second".utf8)
        var error: LectureError?
        do {
            try SiteWriter.write(
                site, to: OutputFolder(root + "/_site"), removingOldLater: removals, folders: registry, hooks: hooks)
        } catch let thrown as LectureError {
            error = thrown
        }
        if !stopped {
            #expect(error == nil, "\(String(describing: error))")
            let aside = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0 != "_site" }
            #expect(aside.count == 1 && aside.first?.hasPrefix("._site.old-") == true, "\(aside)")
            recorded.withLock { $0 = aside.filter { registry.holds(parent + "/" + $0) } }
        }
        looked.signal()
        removals.finish()
        if stopped {
            #expect(error?.diagnostics.contains { $0.identifier == .cancelled } == true, "\(String(describing: error))")
            #expect(TestSupport.read(root + "/_site/index.html") == "first")
        } else {
            #expect(recorded.withLock { $0.count } == 1, "the old site put aside was not recorded")
            #expect(TestSupport.read(root + "/_site/index.html") == "second")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["_site"], "a folder is left beside")
    }
}
