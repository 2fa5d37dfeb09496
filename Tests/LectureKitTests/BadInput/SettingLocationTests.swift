import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 16, kind 13's sibling check: every setting of book.toml's schema that is given a value
/// of the wrong kind is reported at its own line, naming the key (none without a location): an
/// error, or for mdBook's search and print keys lecture does not honour, their warning.
@Suite struct SettingLocationTests {
    /// Each key that takes a value (not a table or array lecture reads entry by entry).
    static let keys = BookSettingsLoader.fields.filter { $0.value.kind != .container }.keys.sorted()

    @Test(arguments: keys) func aWrongValueIsAnErrorAtItsLine(_ key: String) {
        var parts = key.split(separator: ".").map(String.init)
        let last = parts.removeLast()
        let (_, diagnostics) = BookSettingsLoader.parse(
            "[\(parts.joined(separator: "."))]\n\(last) = { x = 1 }\n", path: "book.toml")
        #expect(!diagnostics.isEmpty, "\(key)")
        #expect(
            diagnostics.contains { $0.severity == .error } || SearchPrintKeys.defaults[key] != nil,
            "\(key): \(diagnostics.map(\.headline))")
        for error in diagnostics {
            #expect(error.location?.line == 2, "\(key): \(error.headline)")
            #expect(error.summary.contains(key), "\(key): \(error.headline)")
        }
    }
}
