import Foundation
import Testing

@testable import LectureSupport

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
