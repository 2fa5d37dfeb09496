import LectureSupport
import Testing

@testable import LectureKit

/// The system folders are one table (`SystemFolders`) read by both rules that name them: what a
/// path the tool writes may do there (`WrittenPath`) and which folders a book may not read
/// (`ReadableFolder`). The two lists they kept before are what the table gives.
@Suite struct SystemFoldersTests {
    @Test func bothRulesReadTheOneTable() {
        #expect(
            WrittenPath.systemTrees == [
                "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/sbin", "/sys",
                "/usr",
            ])
        #expect(
            WrittenPath.systemFolders
                == WrittenPath.systemTrees + [
                    "/home", "/media", "/mnt", "/opt", "/root", "/run", "/srv", "/tmp", "/var",
                ])
        #expect(
            Set(ReadableFolder.systemFolders) == [
                "/etc", "/root", "/proc", "/sys", "/dev", "/boot", "/run", "/var/run", "/var/log", "/var/mail",
                "/var/spool", "/var/backups",
            ])
        // Each folder once, and a private one is never freely written.
        #expect(Set(SystemFolders.table.map(\.path)).count == SystemFolders.table.count)
        for folder in SystemFolders.table where folder.isPrivate {
            let written = WrittenPath.systemFolders.contains { CanonicalPath.isWithin(folder.path, $0) }
            #expect(written, "\(folder.path) holds secrets but lies in no folder a write is refused")
        }
    }
}
