import LectureKit

/// What open pages are told about the site being served: which build it is, and whether the
/// last rebuild failed.
struct SiteState: Hashable, Sendable {
    /// Names the build being served, `<boot>-<n>`: a random id of this `lecture serve` process
    /// and the count of successful builds. A page compares it with the one it was served with
    /// and reloads when they differ, so a page of an older build (or of a server since
    /// restarted) never stays on screen.
    var version: String
    /// The failed rebuild's diagnostics, one per line group as printed
    /// (`content/page.md:12:1: error: …`), or `nil` when the last build succeeded.
    var errors: String?
    /// Whether a build of this session has succeeded: when none has, the overlay says so rather
    /// than calling the page under it the last good build.
    var hasGoodBuild: Bool
    /// The count of the last build that changed more than the content's Markdown pages (a
    /// template, an asset, a stand-in, or the first build): a page served from an older build
    /// must reload in full, while a newer one may swap its `<main>` in place.
    var fullReload: Int

    /// A build's version (changes with every rebuild), its error text when it failed, whether
    /// any build succeeded, and the last build that needs a full reload.
    init(version: String, errors: String? = nil, hasGoodBuild: Bool = true, fullReload: Int = 0) {
        self.version = version
        self.errors = errors
        self.hasGoodBuild = hasGoodBuild
        self.fullReload = fullReload
    }

    /// The state as one line of JSON: `{"version":"…","errors":null,"built":true,"fullReload":1}`.
    var json: String {
        "{\"version\":\(JSONLiteral.quoted(version)),\"errors\":\(errors.map(JSONLiteral.quoted) ?? "null"),"
            + "\"built\":\(hasGoodBuild),\"fullReload\":\(fullReload)}"
    }
}
