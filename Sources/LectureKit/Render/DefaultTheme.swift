import Foundation
import LectureSupport

/// The theme built into the tool: the files of this repository's `site-templates/`, embedded at
/// build time by the `EmbedTheme` plugin (`DefaultThemeFiles`), so `lecture` needs no templates
/// folder beside it. `--templates` or `[preprocessor.lecture] templates` in book.toml replace it.
enum DefaultTheme {
    /// The embedded theme written out as a templates folder under `cacheDirectory`
    /// (`theme/<SHA-256 of its files>`), once per version of the theme; later calls find it there.
    /// - Throws: `LectureError` when the folder cannot be written.
    static func directory(cacheDirectory: String) throws -> String {
        var hash = SHA256()
        for file in DefaultThemeFiles.files {
            hash.update(file.path)
            hash.update(file.base64)
        }
        let folder = FileSystem.join(FileSystem.join(cacheDirectory, "theme"), hash.hexDigest())
        if FileSystem.exists(FileSystem.join(folder, "page.html")) { return folder }
        // Written beside, then renamed: a reader never sees half a theme.
        let staging = folder + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            for file in DefaultThemeFiles.files {
                guard let bytes = Data(base64Encoded: file.base64) else { continue }
                // Through the cache's checked folders: a folder swapped for a link is not followed.
                do {
                    try CheckedPlaceWrite.write(Array(bytes), to: FileSystem.join(staging, file.path))
                } catch {
                    throw LectureError(.fileSystem, "cannot write the built-in theme to \(folder): \(error.reason)")
                }
            }
            if rename(staging, folder) != 0 {
                // Another run got there first: use its copy.
                try? FileManager.default.removeItem(atPath: staging)
                guard FileSystem.exists(FileSystem.join(folder, "page.html")) else {
                    throw LectureError(
                        .fileSystem, "cannot write the built-in theme to \(folder): \(String(cString: strerror(errno)))"
                    )
                }
            }
        } catch let error as LectureError {
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw LectureError(.fileSystem, "cannot write the built-in theme to \(folder): \(error)")
        }
        return folder
    }
}
