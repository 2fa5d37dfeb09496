import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 10 #35: the same sources give the same site on any day and in any time zone. The
/// build date is `SOURCE_DATE_EPOCH`'s day when it is set (reproducible-builds.org), in UTC,
/// and only the print page's cover shows it: a page's footer has no date (mdBook's has none),
/// so a build on the next day rewrites no page, and `lecture serve` reloads none.
@Suite struct ReproducibleBuildTests {
    @Test func theDateIsSourceDateEpochsDayInUTC() {
        #expect(BuildDate.day(ofEpoch: 0) == "1970-01-01")
        #expect(BuildDate.day(ofEpoch: 86_399) == "1970-01-01")
        #expect(BuildDate.day(ofEpoch: 86_400) == "1970-01-02")
        // 2023-11-14 22:13:20 UTC: already the 15th east of UTC+2, still the 14th in UTC.
        #expect(BuildDate.day(environment: ["SOURCE_DATE_EPOCH": "1700000000"]) == "2023-11-14")
        #expect(BuildDate.problem(environment: ["SOURCE_DATE_EPOCH": "1700000000"]) == nil)
        #expect(BuildDate.problem(environment: [:]) == nil)
        for malformed in ["", "yesterday", "-5", "1.5", " 17", "1700000000 ", "99999999999999999999"] {
            let environment = ["SOURCE_DATE_EPOCH": malformed]
            #expect(BuildDate.epoch(in: environment) == nil, "\(malformed)")
            #expect(BuildDate.day(environment: environment, now: 0) == "1970-01-01", "\(malformed)")
            #expect(
                BuildDate.problem(environment: environment)?.summary.contains("not a count of seconds") == true,
                "\(malformed)")
        }
    }

    /// Every file of the site at `folder`, by path.
    static func site(_ folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            guard !FileSystem.isDirectory(folder + "/" + path) else { continue }
            files[path] = try FileSystem.read(folder + "/" + path)
        }
        return files
    }

    /// Two builds, 26 hours apart in local time (UTC-12 and UTC+14): with `SOURCE_DATE_EPOCH`
    /// the sites are the same to the byte, the print page showing its day; without it every
    /// page but the print page is the same, none holding a date.
    @Test func theSiteIsTheSameInEveryTimeZone() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        func build(zone: String, epoch: String?) throws -> [String: [UInt8]] {
            var environment = ["TZ": zone]
            environment["SOURCE_DATE_EPOCH"] = epoch
            let result = try run.lecture(["build"], in: "work/book", environment: environment)
            #expect(result.termination == .exited(0), "\(result.stderrText)")
            return try Self.site(book + "/book")
        }
        let west = try build(zone: "Etc/GMT+12", epoch: "1700000000")
        let east = try build(zone: "Etc/GMT-14", epoch: "1700000000")
        #expect(west.count > 5)
        #expect(west.keys.sorted() == east.keys.sorted())
        #expect(west.keys.filter { west[$0] != east[$0] }.sorted() == [])
        #expect(String(decoding: west["print.html"] ?? [], as: UTF8.self).contains("2023-11-14"))
        let today = try build(zone: "Etc/GMT+12", epoch: nil)
        let tomorrow = try build(zone: "Etc/GMT-14", epoch: nil)
        #expect(today.keys.filter { $0 != "print.html" && today[$0] != tomorrow[$0] }.sorted() == [])
        let page = String(decoding: today["intro.html"] ?? [], as: UTF8.self)
        #expect(page.contains("Hello."))
        #expect(!page.contains("Built on") && !page.contains(BuildDate.day()), "no date in a page")
    }
}
