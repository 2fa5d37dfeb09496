import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// `lecture serve` reads book.toml once, when it starts; an edit to it (a new
/// title, then a line that is not TOML) had no effect and no word. Now every change — written in
/// place, replaced by an editor's rename, deleted — is told within a moment as
/// `lecture.serve.settings-changed`, with what is wrong in the new file, and the site keeps
/// serving.
@Suite(.serialized) struct ServeSettingsChangeTests {
    func waitFor(_ fixture: ServeFixture, count: Int, _ text: String) -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        while Date() < deadline {
            if fixture.recorder.lines.filter({ $0.contains(text) }).count >= count { return true }
            usleep(20_000)
        }
        return false
    }

    @Test func aChangedBookTOMLIsToldWithItsErrorsAndTheSiteStillServes() throws {
        let fixture = try ServeFixture(files: ["book.toml": "[book]\ntitle = \"Old\"\n"], isBookFolder: true)
        let changed = "book.toml changed; 'lecture serve' reads it only when it starts"
        #expect(!fixture.recorder.lines.contains { $0.contains(changed) })

        try FileSystem.writeAtomically("[book]\ntitle = \"New\"\n", to: fixture.root + "/book.toml")
        #expect(waitFor(fixture, count: 1, changed), "\(fixture.recorder.lines)")
        #expect(fixture.recorder.lines.contains { $0.contains("stop 'lecture serve' (Ctrl-C) and start it again") })

        try fixture.edit("book.toml", "[book]\ntitle = = \"broken\n")
        #expect(waitFor(fixture, count: 2, changed), "\(fixture.recorder.lines)")
        #expect(waitFor(fixture, count: 1, "book.toml:2:"), "\(fixture.recorder.lines)")
        #expect(fixture.recorder.lines.contains { $0.contains("error: book.toml is not valid TOML") })

        try FileManager.default.removeItem(atPath: fixture.root + "/book.toml")
        #expect(waitFor(fixture, count: 3, changed), "\(fixture.recorder.lines)")
        #expect(try fixture.get("/index.html").status == 200)
    }
}
