import Foundation
import LectureSupport

/// The theme built into the tool: the files of this repository's `site-templates/`, embedded at
/// build time by the `EmbedTheme` plugin (`DefaultThemeFiles`), so `lecture` needs no templates
/// folder beside it. `--templates` or `[preprocessor.lecture] templates` in book.toml replace it.
enum DefaultTheme {
    /// The embedded theme's layouts written out as a templates folder under `cacheDirectory`
    /// (`theme/<SHA-256 of its files>`), once per version of the theme; later calls find it there.
    /// Only the files a build reads from the folder are written (`isWritten`): the layouts,
    /// `page.html` and `404.html`. The partials and the interface words are read from memory
    /// (`Partials`, `InterfaceWords` take the built-in one of each that a theme folder lacks), and
    /// the assets are written into the site from memory (`assets`, `Templates.embed`): a first
    /// build creates 2 files in the cache where it created 67, then 7.
    ///
    /// The folder is written beside and renamed into place, so a reader never sees half a theme;
    /// its files are written without an `fsync` each (67 of them made a first build wait 0.6 s
    /// at a load of 18, where mdBook's whole build takes 0.2 s): a folder left with a file cut
    /// short by a crash, or changed since, is found by its bytes and written again (`isWhole`).
    /// - Throws: `LectureError` when the folder cannot be written.
    static func directory(cacheDirectory: String) throws -> String {
        let folder = Self.folder(cacheDirectory: cacheDirectory)
        let files = layouts
        if isWhole(folder, files) { return folder }
        // Made here, exclusively (`mkdtemp`): an entry of the name found there is never written
        // into nor removed.
        let staging: String
        do {
            try FileSystem.makeDirectories(FileSystem.parent(folder))
            staging = try FileSystem.makeTemporaryDirectory(
                prefix: String(folder.split(separator: "/").last ?? "theme") + ".tmp", in: FileSystem.parent(folder))
            // As a folder made with the default mode was (`mkdtemp` makes it the owner's alone).
            chmod(staging, 0o755)
        } catch {
            throw LectureError(
                .fileSystem, "cannot write the built-in theme to \(folder): \(SystemErrorText.reason(of: error))")
        }
        defer { Interruption.untrack(staging) }
        do {
            for file in files {
                // Through the cache's checked folders: a folder swapped for a link is not followed.
                do {
                    try CheckedPlaceWrite.write(file.bytes, to: FileSystem.join(staging, file.path))
                } catch {
                    throw LectureError(.fileSystem, "cannot write the built-in theme to \(folder): \(error.reason)")
                }
            }
            if FileSystem.exists(folder), !isWhole(folder, files), FileSystem.exchange(staging, folder) {
                // A copy cut short, now swapped out for the whole one.
                try? FileManager.default.removeItem(atPath: staging)
            } else if rename(staging, folder) != 0 {
                // Another run got there first: use its copy.
                try? FileManager.default.removeItem(atPath: staging)
                guard isWhole(folder, files) else {
                    throw LectureError(
                        .fileSystem, "cannot write the built-in theme to \(folder): \(String(cString: strerror(errno)))"
                    )
                }
            }
        } catch let error as LectureError {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw LectureError(
                .fileSystem, "cannot write the built-in theme to \(folder): \(SystemErrorText.reason(of: error))")
        }
        return folder
    }

    /// Where `directory(cacheDirectory:)` writes the layouts: a build whose templates folder is
    /// this one has the built-in theme, and its assets from memory.
    static func folder(cacheDirectory: String) -> String {
        FileSystem.join(FileSystem.join(cacheDirectory, "theme"), digest)
    }

    /// Whether the theme's file at `path` is written into the folder: a layout (a file at the
    /// top), not an asset (`assets`), a partial (`partials/*.html`) nor a table of interface words
    /// (`words/*.toml`), which are read from memory.
    static func isWritten(_ path: String) -> Bool {
        !path.contains("/")
    }

    /// The layouts written into the folder, decoded once.
    static let layouts: [(path: String, bytes: [UInt8])] = DefaultThemeFiles.files.filter { isWritten($0.path) }
        .compactMap { file in Data(base64Encoded: file.base64).map { (path: file.path, bytes: [UInt8]($0)) } }

    /// The SHA-256 of the layouts' paths and contents (their Base64), the folder's name: made
    /// when the tool is built (`theme-embedder`), not hashed again at every run.
    private static let digest = DefaultThemeFiles.layoutsDigest

    /// The SHA-256 `ContentNames.digest` makes of each embedded file's bytes, by path, made when
    /// the tool is built: the content names of the theme's assets without hashing them at every
    /// run. Only for bytes equal to the embedded file's (`contentDigest(of:_:)`).
    static func contentDigest(of path: String, _ bytes: [UInt8]) -> String? {
        guard let digest = DefaultThemeFiles.contentDigests[path], let embedded = assets[path], embedded == bytes
        else { return nil }
        return digest
    }

    /// The theme's assets (`Templates.isAsset`: every file that is not a layout, a partial nor
    /// a table of words), by path, decoded once: copied into every site, from memory.
    static let assets: [String: [UInt8]] = Dictionary(
        DefaultThemeFiles.files.filter { !isWritten($0.path) && Templates.isAsset($0.path) }.compactMap { file in
            Data(base64Encoded: file.base64).map { (file.path, [UInt8]($0)) }
        }, uniquingKeysWith: { first, _ in first })

    /// Whether `bytes` are one of the built-in theme's assets byte for byte, as embedded.
    static func isEmbeddedAsset(_ bytes: [UInt8]) -> Bool {
        assets.values.contains { $0.count == bytes.count && $0 == bytes }
    }

    /// Whether `folder` holds each of `files`, byte for byte, the folder and each file the
    /// user's and not every user's to write (none a link): a layout replaced by one of the same
    /// size (a `<script>` for a `<meta>`) was in every page, and a folder another user owned was
    /// used as it was (attack 21, F3). Anything else is a copy to write again.
    static func isWhole(_ folder: String, _ files: [(path: String, bytes: [UInt8])]) -> Bool {
        func isTheUsers(_ path: String, _ kind: mode_t) -> Bool {
            var info = stat()
            return lstat(path, &info) == 0 && info.st_uid == geteuid() && info.st_mode & 0o002 == 0
                && info.st_mode & S_IFMT == kind
        }
        guard isTheUsers(folder, S_IFDIR) else { return false }
        return files.allSatisfy { file in
            isTheUsers(FileSystem.join(folder, file.path), S_IFREG)
                && FolderFile.read(file.path, in: folder, limit: file.bytes.count) == .bytes(file.bytes)
        }
    }
}
