/// What open pages are told about the site being served: which build it is, and whether the
/// last rebuild failed.
public struct SiteState: Hashable, Sendable {
    /// Names the build being served, `<boot>-<n>`: a random id of this `lecture serve` process
    /// and the count of successful builds. A page compares it with the one it was served with
    /// and reloads when they differ, so a page of an older build (or of a server since
    /// restarted) never stays on screen.
    public var version: String
    /// The failed rebuild's diagnostics, one per line group as printed
    /// (`content/page.md:12:1: error: …`), or `nil` when the last build succeeded.
    public var errors: String?

    /// A build's version (changes with every rebuild) and its error text when it failed.
    public init(version: String, errors: String? = nil) {
        self.version = version
        self.errors = errors
    }

    /// The state as one line of JSON: `{"version":"…","errors":null}`.
    public var json: String {
        "{\"version\":\(JSONText.quoted(version)),\"errors\":\(errors.map(JSONText.quoted) ?? "null")}"
    }
}
