import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The digests of the built-in theme that `theme-embedder` makes when the tool is built (with a
/// SHA-256 of its own, since that build tool links no crypto library), so that no run hashes the
/// theme again: each must be what `LectureSupport.SHA256` makes of the same bytes, or a site's
/// content names and the theme's folder in the cache would change without a word.
@Suite struct DefaultThemeDigestTests {
    /// Every embedded file's digest is the one `ContentNames.digest` makes of its bytes.
    @Test func eachFilesDigestIsTheRunTimeOne() throws {
        #expect(DefaultThemeFiles.contentDigests.count == DefaultThemeFiles.files.count)
        for file in DefaultThemeFiles.files {
            let bytes = try #require(Data(base64Encoded: file.base64))
            var hash = SHA256()
            hash.update([UInt8](bytes))
            #expect(DefaultThemeFiles.contentDigests[file.path] == hash.hexDigest(), "\(file.path)")
            #expect(
                DefaultThemeFiles.contentDigests[file.path]?.prefix(ContentNames.hashLength)
                    == ContentNames.digest([[UInt8](bytes)]).prefix(ContentNames.hashLength))
        }
    }

    /// The theme's folder in the cache is named by the SHA-256 of its layouts' paths and Base64.
    @Test func theLayoutsDigestIsTheRunTimeOne() {
        var hash = SHA256()
        for file in DefaultThemeFiles.files where DefaultTheme.isWritten(file.path) {
            hash.update(file.path)
            hash.update(file.base64)
        }
        #expect(DefaultThemeFiles.layoutsDigest == hash.hexDigest())
        #expect(DefaultTheme.folder(cacheDirectory: "/c") == "/c/theme/" + hash.hexDigest())
    }

    /// A digest is taken from the table only for bytes equal to the embedded file's: an asset
    /// changed on its way into the site (a language's style sheet added) is hashed as it is.
    @Test func onlyTheEmbeddedBytesHaveAKnownDigest() throws {
        let (path, bytes) = try #require(DefaultTheme.assets.first)
        #expect(DefaultTheme.contentDigest(of: path, bytes) == DefaultThemeFiles.contentDigests[path])
        #expect(DefaultTheme.contentDigest(of: path, bytes + [0x0A]) == nil)
        #expect(DefaultTheme.contentDigest(of: "assets/other.css", bytes) == nil)
    }
}
