import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 21, F2: the scan listed a zip archive otherwise than unzip, Python and `jar` do, and a
/// key in a deflated member was published without a word. An end record counting fewer members
/// than the directory holds (the key the member past the count), and a member whose directory
/// entry says stored while its local header says deflated (unzip inflates it), are each said as
/// an archive the scan does not read (`lecture.site.unscanned`); the same archive unpatched has
/// its key found.
@Suite struct ZipListingTests {
    static let members = [
        ("readme.txt", "b'nothing here'", "ZIP_DEFLATED"),
        ("deploy/.env", "('token=' + '\(EncodedSecretsTests.token)' + '\\n').encode()", "ZIP_DEFLATED"),
    ]

    @Test func theUnpatchedArchiveHasItsKeyFound() throws {
        let scan = try EncodedSecretsTests.scanned(EncodedSecretsTests.zipped(Self.members))
        #expect(scan.found == ["a GitHub token 1:7 in its zip member 'deploy/.env'"], "\(scan)")
        #expect(scan.unread == nil)
    }

    @Test func anEndRecordCountingFewerMembersIsSaid() throws {
        let archive = try EncodedSecretsTests.zipped(
            Self.members, patch: "i=b.rfind(b'PK\\x05\\x06'); struct.pack_into('<HH',b,i+8,1,1)")
        let scan = try EncodedSecretsTests.scanned(archive)
        #expect(
            scan.unread == "inside this zip archive: its end record counts fewer members than its directory holds",
            "\(scan)")
    }

    @Test(arguments: [
        // The key's directory entry says stored; its local header, deflated.
        "i=b.find(b'PK\\x01\\x02'); i=b.find(b'PK\\x01\\x02',i+4); struct.pack_into('<H',b,i+10,0)",
        // Its directory entry says encrypted; its local header, not.
        "i=b.find(b'PK\\x01\\x02'); i=b.find(b'PK\\x01\\x02',i+4); b[i+8]|=1",
    ])
    func aMemberPackedOtherwiseInItsLocalHeaderIsSaid(_ patch: String) throws {
        let scan = try EncodedSecretsTests.scanned(EncodedSecretsTests.zipped(Self.members, patch: patch))
        #expect(
            scan.unread
                == "inside this zip archive: its member 'deploy/.env' is packed otherwise in its local header than in its directory entry",
            "\(scan)")
    }
}
