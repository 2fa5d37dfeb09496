import Foundation
import LectureKit
import LectureSupport

/// What `lecture serve` builds, where it listens and what it watches.
struct ServeConfiguration: Sendable {
    /// The build, as for `lecture build`.
    var build = BuildConfiguration()
    /// The address to listen on: a numeric IPv4 or IPv6 address, or a name such as `localhost`.
    var host = "127.0.0.1"
    /// The TCP port; 0 lets the kernel choose a free one.
    var port: UInt16 = 8000
    /// The folders whose changes trigger a rebuild; `nil` for the content folder, the
    /// templates folder (unless it is the built-in theme in the cache), the book's sample
    /// libraries (`[preprocessor.lecture.samples] libraries`) and the folders of book.toml's
    /// `[build] extra-watch-dirs` that exist.
    var watchedDirectories: [String]?
    /// inotify where available, else polling; or polling only.
    var watchMode: FileWatcher.Mode = .automatic
    /// Seconds of quiet after a change before the rebuild starts.
    var debounce = 0.05
    /// Connections served at once; beyond it (and up to 200 more) a connection is answered 503
    /// at once, so a flood never stalls open pages (see `HTTPServer`).
    var connectionLimit = 1000
    /// Seconds a request may take to arrive whole, header and body, before its connection is
    /// closed (slow clients; see `RequestDeadlines`).
    var requestTimeout = 5.0
    /// Seconds a connection may go without progress, reading or writing, before it is closed:
    /// a keep-alive connection left open, and a client that never reads its answer (its
    /// socket's buffers full) (`HTTPServer.idleTimeout`).
    var idleTimeout = 30
    /// Seconds between `: ping` comments on an idle event stream.
    var pingInterval = 15.0

    /// The defaults: `BuildConfiguration`'s folders, host `127.0.0.1`, port 8000, a 50 ms debounce.
    init() {}

    /// The folders to watch (see `watchedDirectories`).
    var directoriesToWatch: [String] {
        if let watchedDirectories { return watchedDirectories }
        var directories = [build.contentDirectory]
        // The built-in theme, written out into the cache, never changes (and the cache is not watched).
        let cache = URL(fileURLWithPath: build.cacheDirectory).standardizedFileURL.path
        if !URL(fileURLWithPath: build.templatesDirectory).standardizedFileURL.path.hasPrefix(cache + "/") {
            directories.append(build.templatesDirectory)
        }
        directories += build.verifier.libraries
        directories += build.extraWatchDirectories.filter(FileSystem.isDirectory)
        return directories
    }

    /// The files watched one by one (polled, as book.toml is: `SettingsFileWatch`), each change a
    /// rebuild: book.toml's additional-css and additional-js files outside the watched folders
    /// (a folder holding one may hold the output, and the book's folder does).
    var filesToWatch: [String] {
        let folders = directoriesToWatch.map(CanonicalPath.of)
        return build.additionalFiles.filter { file in
            !folders.contains { CanonicalPath.isWithin(CanonicalPath.of(file), $0) }
        }
    }
}
