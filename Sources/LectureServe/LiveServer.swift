import Foundation
import LectureKit
import LectureSupport

/// `lecture serve` as an object: build, serve the output folder over HTTP, watch the sources,
/// rebuild on change and tell open pages to reload.
///
/// Threads: the caller's, which runs `start()` (the first build) and later `stop()`; the HTTP
/// server's (libmicrohttpd's listening thread and one per connection, see `HTTPServer`); the
/// watcher's (`FileWatcher`); and the rebuild thread (`Rebuilder`). They meet in two places
/// only: the output folder on disk, which every build replaces whole (`SiteWriter` swaps a
/// finished folder in), and the `ReloadHub`, told after each swap.
// @unchecked: its state is under `lock`, which `start()` holds while it starts the HTTP server and
// the watcher (so a `stop()` meanwhile waits for them); `rebuilder` is set once, in `init`.
final class LiveServer: @unchecked Sendable {
    /// What to build and where to listen, as given.
    let configuration: ServeConfiguration
    /// The open event streams, told of each finished rebuild.
    let hub = ReloadHub()
    private let console: Console
    private let lock = NSLock()
    private let stopped = DispatchSemaphore(value: 0)
    private var stopping = false
    private var socket: ListeningSocket?
    private var http: HTTPServer?
    private var watcher: FileWatcher?
    private var settingsWatch: SettingsFileWatch?
    /// The additional files, polled one by one (`ServeConfiguration.filesToWatch`).
    private var fileWatches: [SettingsFileWatch] = []
    private var rebuilder: Rebuilder!
    /// What the session's builds remember, and the queue their replaced sites are removed on.
    private let memory: SessionMemory
    private var serveWarnings: [Diagnostic] = []
    private var stopCutABuildShort = false

    /// A server that has not started: nothing is bound, built or watched yet. Build summaries,
    /// diagnostics and `Rebuilding: …` lines go to `console`.
    /// Cancelled by `stop()`, and by an edit that supersedes a rebuild (`Rebuilder`): the build
    /// in progress kills its child and starts no other sample.
    private let cancellation = Cancellation()

    init(configuration: ServeConfiguration, console: Console) {
        self.configuration = configuration
        self.console = console
        var configured = configuration.build
        // Stopping the server cancels its build (and that build's children) only.
        configured.run.cancellation = cancellation
        let build = configured
        let memory = SessionMemory()
        self.memory = memory
        rebuilder = Rebuilder(
            cancellation: cancellation,
            build: { BuildOutcome.build(build, console: console, memory: memory) },
            finished: { [unowned self] outcome, paths in
                report(
                    outcome, first: false,
                    inPlace: Self.onlyPagesChanged(paths, contentDirectory: build.contentDirectory))
            })
    }

    /// The base URL bound, `http://127.0.0.1:8000/` (with the real port for `--port 0`), once
    /// `start()` returned true.
    var url: String? { lock.withLock { socket?.url } }
    /// The port bound, once `start()` returned true.
    var port: UInt16? { lock.withLock { socket?.port } }
    /// The numeric address bound (`127.0.0.1`, `0.0.0.0`), once `start()` returned true.
    var address: String? { lock.withLock { socket?.address } }

    /// Binds the port, runs the first build, then serves and watches.
    ///
    /// A first build that fails on the content still serves (whatever site the output folder
    /// holds, with the errors shown on every page), so that fixing the page reloads it.
    /// - Returns: false when `stop()` was called before serving began (the port is released).
    /// - Throws: `LectureError`: the port is taken or the host is not local (nothing started),
    ///   the output folder may not be written, or the setup failed (no `swiftc`, a stand-in
    ///   that does not compile).
    @discardableResult
    func start() throws -> Bool {
        let build = configuration.build
        if let problem = SiteWriter.validate(build.outputFolder, protecting: build.protectedFolders) {
            throw LectureError(problem, exitStatus: 1)
        }
        let socket = try ListeningSocket.bind(host: configuration.host, port: configuration.port)
        let firstBuildStarted = Date()
        let first = rebuilder.buildNow()
        switch first {
        case .stopped:
            socket.close()
            return false
        case .setupFailed(let error):
            socket.close()
            throw error
        case .built, .failed:
            report(first, first: true)
        }

        lock.lock()
        defer { lock.unlock() }
        guard !stopping else {
            socket.close()
            return false
        }
        let http = HTTPServer(handler: {
            [
                handler = SiteHandler(
                    outputDirectory: build.outputDirectory, hub: hub,
                    pingInterval: configuration.pingInterval,
                    allowedHosts: AllowedHosts(
                        configured: configuration.host, address: socket.address, port: socket.port,
                        machineName: AllowedHosts.machineName()),
                    notFoundPage: NotFoundSource.outputPath(build.book))
            ] request in
            handler.respond(to: request)
        })
        http.messages = LibraryMessages { [console] in console.print($0) }
        http.connectionLimit = configuration.connectionLimit
        http.requestTimeout = configuration.requestTimeout
        http.idleTimeout = configuration.idleTimeout
        try http.start(on: socket)
        // The tool's own log, when stdout or stderr is a file in a watched folder (`nohup.out`),
        // is not a change.
        let watcher = FileWatcher(
            directories: configuration.directoriesToWatch
                + Self.includeFolders(first, besides: configuration.directoriesToWatch),
            excluded: [build.outputDirectory, build.cacheDirectory] + Self.ownLogFiles(),
            linksWithin: build.bookFolders, mode: configuration.watchMode, debounce: configuration.debounce,
            onWarning: { [console] in console.print($0) },
            onChange: { [unowned self] paths in
                console.print("Rebuilding: \(Self.shown(paths)) changed")
                rebuilder.request(paths)
            }
        )
        do {
            try watcher.start()
        } catch {
            http.stop()
            throw error
        }
        // A save made while the first build ran came before the watcher: find it by its time.
        let missed = Self.files(
            in: configuration.directoriesToWatch, modifiedSince: firstBuildStarted,
            excluding: [build.outputDirectory, build.cacheDirectory])
        if !missed.isEmpty {
            console.print("Rebuilding: \(Self.shown(missed)) changed during the first build")
            rebuilder.request(missed)
        }
        // book.toml is read once, at the start: a change to it is told, never silently ignored.
        let settings = build.bookDirectory.map { folder in
            let path = FileSystem.join(folder, "book.toml")
            return SettingsFileWatch(path: path) { [console] in console.report(SettingsFileWatch.changed(path)) }
        }
        settings?.start()
        // book.toml's additional files outside the watched folders: each change rebuilds.
        let files = configuration.filesToWatch.map { path in
            SettingsFileWatch(path: path) { [unowned self, console] in
                console.print("Rebuilding: \(Self.shown([path])) changed")
                rebuilder.request([path])
            }
        }
        for file in files { file.start() }
        self.http = http
        self.socket = socket
        self.watcher = watcher
        self.settingsWatch = settings
        self.fileWatches = files
        rebuilder.start()
        return true
    }

    /// Stops watching, ends a build in progress (killing its children), ends the event streams
    /// and stops the HTTP server. Safe from any thread, and more than once.
    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopping = true }
            return !stopping
        }
        guard first else { return }
        let watcher = lock.withLock { self.watcher }
        watcher?.stop()
        lock.withLock { self.settingsWatch }?.stop()
        for file in lock.withLock({ self.fileWatches }) { file.stop() }
        let cutShort = rebuilder.stop()
        lock.withLock { stopCutABuildShort = cutShort }
        memory.removals.finish()
        hub.stop()
        let http = lock.withLock { self.http }
        http?.stop()
        stopped.signal()
    }

    /// Whether `stop()` came while a build (the first or a rebuild) ran, and cancelled it.
    var interruptedABuild: Bool { lock.withLock { stopCutABuildShort } }

    /// Blocks until `stop()` has finished.
    func waitUntilStopped() {
        stopped.wait()
        stopped.signal()
    }

    /// Regular files under `folders` modified after `date` (symbolic links not followed).
    static func files(in folders: [String], modifiedSince date: Date, excluding excluded: [String]) -> [String] {
        let since = date.timeIntervalSince1970
        var found: [String] = []
        for folder in folders {
            let root = URL(fileURLWithPath: folder).standardizedFileURL.path
            for relative in FileSystem.files(under: root) {
                let path = root + "/" + relative
                if excluded.contains(where: { path.hasPrefix(URL(fileURLWithPath: $0).standardizedFileURL.path + "/") })
                {
                    continue
                }
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                if Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9 > since { found.append(path) }
            }
        }
        return found
    }

    /// The folders of files the first build included from outside the watched folders (a page's
    /// `{{#include ../listings/x.swift}}`), so a change to them rebuilds too.
    static func includeFolders(_ outcome: BuildOutcome, besides watched: [String]) -> [String] {
        guard case .built(let report) = outcome else { return [] }
        let roots = watched.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let folders = Set(
            report.includedFiles.map { URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent().path })
        return folders.filter { folder in !roots.contains { folder == $0 || folder.hasPrefix($0 + "/") } }.sorted()
    }

    /// The files stdout and stderr write to, when they are regular files (`nohup lecture serve`).
    static func ownLogFiles() -> [String] {
        [1, 2].compactMap { descriptor -> String? in
            var info = stat()
            guard fstat(Int32(descriptor), &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
            else { return nil }
            return path
        }
    }

    /// Whether every changed path is a Markdown page of the content folder, so open pages may
    /// take the rebuild in place; a template, asset, stand-in or folder change needs a reload.
    static func onlyPagesChanged(_ paths: [String], contentDirectory: String) -> Bool {
        let content = URL(fileURLWithPath: contentDirectory).standardizedFileURL.path + "/"
        return !paths.isEmpty && paths.allSatisfy { $0.hasPrefix(content) && $0.hasSuffix(".md") }
    }

    private func report(_ outcome: BuildOutcome, first: Bool, inPlace: Bool = false) {
        switch outcome {
        case .built(let report):
            console.print(report.summary)
            if first, let note = report.unverifiedNote { console.print(note) }
            hub.siteRebuilt(inPlace: inPlace)
            // After the event: open pages need not wait for a walk of the content folder.
            printServeWarnings()
        case .failed(let errors, let count):
            let counted = "\(count) error\(count == 1 ? "" : "s")"
            console.print(
                first
                    ? "Build failed with \(counted); serving the output folder as it was until a rebuild succeeds"
                    : "Rebuild failed with \(counted); still serving the last good site")
            hub.rebuildFailed(errors: browserText(errors))
        case .setupFailed(let error):
            console.report(error.diagnostics)
            console.print("Rebuild failed; still serving the last good site")
            hub.rebuildFailed(errors: browserText(error.message))
        case .stopped:
            break
        }
    }

    /// `errors` without a path of the machine, for every client (`BrowserErrorText`).
    private func browserText(_ errors: String) -> String {
        let build = configuration.build
        let book =
            build.bookDirectory ?? URL(fileURLWithPath: build.contentDirectory).deletingLastPathComponent().path
        return BrowserErrorText.of(errors, book: book)
    }

    /// Prints `ServeWarnings` when they differ from the last build's.
    private func printServeWarnings() {
        let warnings = ServeWarnings.diagnostics(contentDirectory: configuration.build.contentDirectory)
        let changed = lock.withLock { () -> Bool in
            defer { serveWarnings = warnings }
            return warnings != serveWarnings
        }
        if changed { for warning in warnings { console.print(warning.shownSafely.description) } }
    }

    /// Paths as the user would type them: relative to the working folder when inside it.
    static func shown(_ paths: [String]) -> String {
        let base = FileManager.default.currentDirectoryPath + "/"
        let relative = paths.map { TerminalText.line($0.hasPrefix(base) ? String($0.dropFirst(base.count)) : $0) }
        return relative.count <= 3
            ? relative.joined(separator: ", ")
            : relative.prefix(3).joined(separator: ", ") + " and \(relative.count - 3) more"
    }
}
