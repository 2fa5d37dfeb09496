import CommonMark
import LectureSupport

/// Nothing secret is published (attack 7, kind 1): a page (with the text it includes) or a file
/// copied into the site that holds a private key or a well-known token (`SecretScan`) is an error
/// at the line that holds it, so the build stops before `Write` and nothing is written. The
/// message names what was found, never the secret.
enum PublishedSecrets {
    /// An error for each page of `files` that holds a secret, at the expanded text's line (moved
    /// to the included file's by `IncludedLocations`).
    static func inPages(_ files: [SourceFile]) -> [Diagnostic] {
        files.compactMap { file in
            guard let found = SecretScan.first(in: file.text) else { return nil }
            let location = LineStarts(file.text.utf8.prefix(found.offset + 1)).location(ofByte: found.offset)
            return error(found, path: file.displayPath, location: location)
        }
    }

    /// An error for each file of `assets` (relative to `contentDirectory`) that holds a secret.
    static func inAssets(_ assets: [String], contentDirectory: String) -> [Diagnostic] {
        assets.compactMap { asset in
            let path = FileSystem.join(contentDirectory, asset)
            return SecretScan.first(inFileAt: path).map { error($0, path: path, location: nil) }
        }
    }

    private static func error(_ found: SecretScan.Finding, path: String, location: SourceLocation?) -> Diagnostic {
        .error(
            .secretPublished, path, location,
            "\(found.kind) would be published (at byte \(found.offset)); nothing is written",
            notes: [
                "remove it from the book, and revoke it if it was ever committed or pushed; keys and tokens are never published"
            ])
    }
}
