import Foundation

/// The content-addressed cache: `DIR/KIND/KK/KEY` files, where KEY is a SHA-256 of the inputs
/// (64 hex digits) and KK its first two, so no folder grows past 256 entries.
///
/// Entries are written atomically and never modified, so the folder is safe to share between
/// concurrent runs and to save and restore between CI runs. The default folder is
/// `$LECTURE_CACHE_DIR`, else `$XDG_CACHE_HOME/lecture`, else `~/.cache/lecture`.
package struct Cache: Hashable, Sendable {
    /// The cache folder, as an absolute path.
    package var directory: String

    /// - Parameter directory: made absolute, since the compiler and samples run elsewhere, as
    ///   every path the tool writes is (`CanonicalPath`: `~` is a name, never the home folder).
    package init(directory: String) {
        self.directory = CanonicalPath.of(directory)
    }

    /// The names a cache folder holds: the kinds' folders and the other folders it makes.
    package static let names: Set<String> = Set(
        Kind.allCases.map(\.rawValue) + ["libraries", "clang-modules", "theme"])

    /// Whether the folder at `path` is a cache this tool made (or an empty folder): it holds no
    /// name the cache does not make.
    package static func isCache(_ path: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        return names.allSatisfy(Self.names.contains)
    }

    /// The default cache folder (see the type's documentation).
    package static var defaultDirectory: String {
        defaultDirectory(environment: ProcessEnvironment.current(), home: NSHomeDirectory())
    }

    /// The default cache folder for `environment` and the home folder `home`. A relative
    /// `XDG_CACHE_HOME` is ignored, as the XDG Base Directory rules say (`rel` would make a
    /// folder `rel/lecture` wherever `lecture` ran); so is a relative home folder, for
    /// the user database's.
    package static func defaultDirectory(environment: [String: String], home: String) -> String {
        if let explicit = environment["LECTURE_CACHE_DIR"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/lecture" }
        let absoluteHome =
            home.hasPrefix("/") ? home : (getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) } ?? "/")
        return absoluteHome + "/.cache/lecture"
    }

    /// The largest entry read, in bytes: past any a kind writes (a page's highlighted code, a
    /// drawing), far below what allocating a sparse file's size would cost.
    package static let maximumEntryBytes = 64 << 20

    /// The entry's bytes, or `nil` when there is none or it cannot be read (a miss: a folder, a
    /// named pipe or an unreadable file in its place is computed again, never waited on). Read
    /// as a run folder's file is (`FolderFile`): not through a symbolic link, a regular file of
    /// at most `maximumEntryBytes`, below folders that are the user's alone. The cache may have
    /// been restored from CI or be written by others: a link in it gave a build any file of the
    /// machine to publish, and a sparse entry of a tebibyte aborted it (attack 20, F3).
    package func read(kind: Kind, key: String) -> [UInt8]? {
        let relative = "\(kind.rawValue)/\(key.prefix(2))/\(key)"
        guard
            case .bytes(let bytes) = FolderFile.read(
                relative, in: directory, limit: Self.maximumEntryBytes, owner: geteuid())
        else { return nil }
        return bytes
    }

    /// Stores an entry; a failure to write only costs a later recompute, so it is not reported.
    /// Written through the folders' descriptors (`CheckedPlaceWrite`): a folder of the cache
    /// swapped for a symbolic link after the cache folder was checked is not followed. An entry
    /// past `maximumEntryBytes` is not written: `read` would never take it, and it would be
    /// written again on every build (code review 40 #15). One rule, both sides.
    package func write(kind: Kind, key: String, _ bytes: [UInt8]) {
        _ = store(bytes, at: path(kind: kind, key: key))
    }

    /// The file `KIND/KK/KEY.EXTENSION` holding `bytes`, kept for a person to open (the whole
    /// output a cut diff names), written as an entry is (`write`) unless it holds them already;
    /// nil when it cannot be. Whether it is there is read as an entry is (`FolderFile`), and a
    /// symbolic link or another user's folder in its place is replaced or refused, never
    /// followed: a restored cache could otherwise direct the write into any folder the user can
    /// write, and the diff would name that place (code review 40 #8).
    package func keptFile(kind: Kind, key: String, extension suffix: String, holding bytes: [UInt8]) -> String? {
        let relative = "\(kind.rawValue)/\(key.prefix(2))/\(key).\(suffix)"
        if case .bytes(let kept) = FolderFile.read(
            relative, in: directory, limit: Self.maximumEntryBytes, owner: geteuid()),
            kept == bytes
        {
            return "\(directory)/\(relative)"
        }
        return store(bytes, at: "\(directory)/\(relative)") ? "\(directory)/\(relative)" : nil
    }

    /// Writes `bytes` at `path` in the cache, unless they are more than an entry may hold.
    private func store(_ bytes: [UInt8], at path: String) -> Bool {
        guard bytes.count <= Self.maximumEntryBytes else { return false }
        do {
            try CheckedPlaceWrite.write(bytes, to: path)
            return true
        } catch {
            return false
        }
    }

    /// The entry's file: `DIR/KIND/KK/KEY`.
    package func path(kind: Kind, key: String) -> String {
        "\(directory)/\(kind.rawValue)/\(key.prefix(2))/\(key)"
    }

    /// The kinds of entry, each a folder under the cache folder (its raw value). Beside them the
    /// cache folder holds the sample libraries (`libraries`), the compiler's Clang module cache
    /// (`clang-modules`) and the built-in theme (`theme`), which are folders, not entries.
    package enum Kind: String, CaseIterable, Sendable {
        /// A sample's verdict (`SampleCache`, keyed by `VerdictInputs`).
        case samples
        /// A passing sample's whole set of hover cards (`HoverCardLookup`).
        case hoverCards = "hover-cards"
        /// A sample's highlighted code with its hover cards (`SampleRendering`).
        case swiftHTML = "swift-html"
        /// Swift code highlighted outside samples (`SwiftCodeHTML`).
        case highlight
        /// A `dot` block drawn by Graphviz (`DiagramRenderer`).
        case diagrams
        /// The compiler's version and identity, and its frontend arguments (`Toolchain`,
        /// `FrontendArguments`).
        case toolchain
        /// The whole output of a sample whose mismatch diff is cut, named in the diff (`SampleJudge`).
        case actualOutput = "actual-output"
        /// The SHA-256 of a large file copied from outside the book (highlight.js), under its
        /// `stat` signature, for its content name (`CopiedFileDigest`).
        case contentNames = "content-names"
    }
}
