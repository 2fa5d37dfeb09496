import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `XDG_CACHE_HOME=rel` made a folder `rel/lecture` in whatever folder `lecture`
/// ran in; the XDG Base Directory rules say a relative path there is invalid and ignored. A
/// relative home folder is ignored likewise (the user database's is used); `LECTURE_CACHE_DIR`,
/// the tool's own, is taken as given.
struct CacheDirectoryBadInputTests {
    @Test func aRelativeXDGCacheHomeOrHomeIsIgnored() {
        #expect(Cache.defaultDirectory(environment: ["XDG_CACHE_HOME": "rel"], home: "/h") == "/h/.cache/lecture")
        #expect(Cache.defaultDirectory(environment: ["XDG_CACHE_HOME": "./x"], home: "/h") == "/h/.cache/lecture")
        #expect(Cache.defaultDirectory(environment: ["XDG_CACHE_HOME": ""], home: "/h") == "/h/.cache/lecture")
        #expect(Cache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/c"], home: "/h") == "/c/lecture")
        #expect(Cache.defaultDirectory(environment: ["LECTURE_CACHE_DIR": "mine"], home: "/h") == "mine")
        let fromRelativeHome = Cache.defaultDirectory(environment: [:], home: "relative")
        #expect(fromRelativeHome.hasPrefix("/") && fromRelativeHome.hasSuffix("/.cache/lecture"), "\(fromRelativeHome)")
    }
}

/// A cache folder others can write (attack 9, kind 49): `/tmp/shared-cache` owned by `nobody`,
/// mode 1777, was used without a word, and HTML put into one of its entries was published as
/// the sample's. A cache folder, or a folder of the cache's in it, owned by another user or
/// writable by every user, is refused before any work, naming why; the build reads no entry.
struct SharedCacheBadInputTests {
    @Test func aCacheFolderOthersCanWriteIsRefusedBeforeAnyWork() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let cache = CanonicalPath.of(root + "/shared-cache")
        try FileSystem.makeDirectories(cache + "/swift-html")
        func configured() -> String? {
            do {
                var options = try BuildCommand.options(["--cache-dir", cache])
                options.directory = root
                var configuration = BuildConfiguration()
                _ = try BookLayout.configure(&configuration, options: options)
                return nil
            } catch {
                return (error as? LectureError)?.message ?? "\(error)"
            }
        }
        #expect(configured() == nil, "the user's own cache is used")
        #expect(chmod(cache, 0o1777) == 0)
        let open = try #require(configured())
        #expect(
            open.contains(
                "--cache-dir \(cache): the cache folder is a folder that can be written by every user (mode 1777)"),
            "\(open)")
        #expect(chmod(cache, 0o755) == 0 && chmod(cache + "/swift-html", 0o777) == 0)
        #expect(configured()?.contains("holds 'swift-html', a folder that can be written by every user") == true)
        #expect(chmod(cache + "/swift-html", 0o755) == 0)
        // Owned by another user: as root, the test can give it away.
        if geteuid() == 0 {
            #expect(chown(cache, 65534, 65534) == 0)
            #expect(configured()?.contains("is owned by another user (uid 65534)") == true)
            #expect(chown(cache, 0, 0) == 0)
        }
        #expect(configured() == nil)
    }
}
