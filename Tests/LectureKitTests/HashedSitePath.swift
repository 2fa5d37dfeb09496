import Foundation

@testable import LectureKit
@testable import LectureSupport

/// The file a built site holds for a path a page loads by its content-hashed name
/// (`ContentNames`): `search/pages.js` is `search-1a2b3c4d/pages.js` in the site.
enum HashedSitePath {
    /// `site + "/" + path` with each component the site does not hold as written replaced by the
    /// one it holds with a hash (`style.css` → `style-1a2b3c4d.css`), when there is exactly one.
    static func of(_ path: String, in site: String) -> String {
        var folder = site
        for component in path.split(separator: "/") {
            let written = folder + "/" + component
            let names =
                FileSystem.exists(written) ? [] : (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let hashed = names.filter { isHashed($0, component) }
            folder = hashed.count == 1 ? folder + "/" + hashed[0] : written
        }
        return folder
    }

    /// Whether `name` is `component` with a hash where `ContentNames.hashed` puts it.
    static func isHashed(_ name: String, _ component: Substring) -> Bool {
        let marker = "\u{1}"
        let template = ContentNames.hashed(component, marker)
        guard let at = template.range(of: marker), name.count == template.count - 1 + ContentNames.hashLength else {
            return false
        }
        let before = template[..<at.lowerBound]
        let after = template[at.upperBound...]
        let hash = name.dropFirst(before.count).prefix(ContentNames.hashLength)
        return name.hasPrefix(before) && name.hasSuffix(after)
            && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}
