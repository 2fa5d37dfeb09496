import Testing

@testable import LectureKit
@testable import LectureSupport

/// `SiteSecrets` leaves out the generated files that are the built-in theme's assets byte for byte
/// (a small build scanned their 100 KB at every run): that holds only while the embedded assets
/// hold nothing the scan finds, and while a file that differs from them by one byte is scanned.
@Suite struct DefaultThemeSecretTests {
    static let token = "gh" + "p_u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8d"

    /// No embedded asset holds anything `SecretScan` reports.
    @Test func theEmbeddedAssetsHoldNoSecret() {
        #expect(!DefaultTheme.assets.isEmpty)
        for (path, bytes) in DefaultTheme.assets {
            #expect(bytes.withUnsafeBufferPointer { SecretScan.all(in: $0) }.isEmpty, "\(path)")
        }
    }

    /// An asset as embedded is recognized; the same bytes with one more, or one fewer, are not.
    @Test func onlyTheEmbeddedBytesAreRecognized() throws {
        let style = try #require(DefaultTheme.assets["assets/style.css"])
        #expect(DefaultTheme.isEmbeddedAsset(style))
        #expect(!DefaultTheme.isEmbeddedAsset(style + [0x20]))
        #expect(!DefaultTheme.isEmbeddedAsset(Array(style.dropLast())))
        var changed = style
        changed[changed.count / 2] ^= 0x01
        #expect(!DefaultTheme.isEmbeddedAsset(changed))
    }

    /// A generated file that is an embedded asset with a token added is still an error; the
    /// asset as embedded is none.
    @Test func anAssetWithATokenAddedIsStillReported() throws {
        let style = try #require(DefaultTheme.assets["assets/style.css"])
        var site = SiteFiles()
        site.generated["assets/style-0cbd294e.css"] = style
        #expect(SiteSecrets.problems(in: site, sources: { [] }, output: "/out", themeFolder: nil).isEmpty)
        site.generated["assets/style-0cbd294e.css"] = style + Array("/* \(Self.token) */\n".utf8)
        let problems = SiteSecrets.problems(in: site, sources: { [] }, output: "/out", themeFolder: nil)
        #expect(problems.map(\.path) == ["/out/assets/style-0cbd294e.css"], "\(problems)")
    }
}
