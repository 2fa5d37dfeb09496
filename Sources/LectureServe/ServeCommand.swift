import Foundation
import LectureKit
import LectureSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `lecture serve`: build, serve the site on localhost, rebuild on change, reload open pages.
package struct ServeCommand: Subcommand {
    /// The subcommand's name on the command line.
    package static let name = "serve"
    /// One line for `lecture --help`.
    package static let abstract =
        "Build the book, serve it on localhost and rebuild it on change, reloading open pages."
    /// The paragraph under the usage line of `lecture serve --help`.
    package static let discussion = """
        Builds like 'lecture build', then serves the output folder over HTTP and prints its URL
        (--port 0 picks a free port). Changes to the content, the templates, the sample
        libraries or a file the pages include rebuild the site (samples that did not change come from the cache) and open pages
        update: in place when only Markdown pages changed, else by reloading. A failed rebuild
        keeps the last good site and shows the errors on the page. Ctrl-C stops it.
        """
    /// The options of `lecture serve`: the shared book options, and where to listen.
    package struct Options: ParsableOptions {
        /// The book and how to build it, as for `lecture build`.
        var book = BookOptions()
        /// `--host <address>`: not empty.
        var host: String?
        /// `--port <n>`.
        var port: UInt16?
        /// Nothing given.
        package init() {}
    }

    /// Every option, for parsing and for `--help`.
    package static var options: [Option<Options>] {
        let shared: [Option<BookOptions>] = [.content, .templates, .output]
        let samples: [Option<BookOptions>] =
            [
                .jobs, .timeout, .cacheDirectory, .sampleLocale, .sampleTimeZone, .smartPunctuation,
            ] + Option<BookOptions>.protection
        return shared.map { $0.within(\Options.book) } + [
            .value(
                "-n", "--hostname", "--host", value: "address",
                help: "The address to listen on (default: 127.0.0.1; [::1] for IPv6).",
                at: \.host
            ) { text in
                guard !text.isEmpty else {
                    throw LectureError(.badOptionValue, "--host needs an address, such as 127.0.0.1 or ::1")
                }
                return text
            },
            .value("-p", "--port", value: "n", help: "The TCP port (default: 8000; 0 picks a free one).", at: \.port) {
                text in
                guard let number = UInt16(text) else {
                    throw LectureError(
                        .badOptionValue, "--port needs a whole number from 0 to 65535, not \(quoted: text)")
                }
                return number
            },
        ] + samples.map { $0.within(\Options.book) }
    }

    /// `[<dir>]`: the book's folder.
    package static var positionals: [Positional<Options>] { [Positional<BookOptions>.book.within(\.book)] }

    /// The options as parsed: book.toml and the folders it names are read when the command runs
    /// (`setUp`), never while the options are parsed or validated.
    var options: Options

    /// Takes the parsed options.
    package init(_ options: Options) throws { self.options = options }

    /// Nothing to check beyond what parsing did (host and port are checked when binding; the
    /// book's folders by `setUp`, when the command runs).
    package func validate() throws {}

    /// What to build, where to listen, what to watch, from book.toml under the options, with
    /// book.toml's warnings and errors (reported when the command runs).
    /// - Throws: `LectureError` (exit 2) when the book's folder is missing, or the output folder
    ///   may not be written or the templates folder is missing.
    func setUp() throws -> (configuration: ServeConfiguration, bookDiagnostics: [Diagnostic]) {
        var configuration = ServeConfiguration()
        let bookDiagnostics = try BookLayout.configure(&configuration.build, options: options.book)
        // The preview is served at the root, as mdBook's `serve` does: book.toml's site-url would
        // send the 404 page's links (`/lecture/assets/…`) where this server has nothing.
        configuration.build.siteURL = "/"
        if let host = options.host { configuration.host = host }
        if let port = options.port { configuration.port = port }
        if let problem = configuration.build.outputAndTemplatesError() { throw problem }
        return (configuration, bookDiagnostics)
    }

    /// While book.toml has an error, prints what `lecture build` prints and waits for the file to
    /// change, reading it again each time (`SettingsRepair`); once it has none, serves.
    /// Serves until SIGINT, SIGTERM or SIGHUP, then stops cleanly: returns 0, or, when the signal
    /// came during a build (the first or a rebuild), cancels it (its children killed, its staging
    /// folder removed, its killed samples not reported; the previous site kept) and ends with
    /// `lecture.cancelled`, exit status 128 + N, as `lecture build` does. A second signal, during
    /// the stop or with the first (Dispatch may deliver both as one event), also cancels the
    /// whole run: every child is killed, and the command ends with 128 + N.
    package func run(console: Console) throws -> Int32 {
        // The first signal, recorded as a cancellation of its own (the handler runs on one
        // serial queue, so `first` is seen by one call only).
        let stopRequest = Cancellation()
        let started = StartedServer()
        let signals = SignalSources([SIGINT, SIGTERM, SIGHUP]) { signal, count in
            let first = !stopRequest.isCancelled
            stopRequest.cancel(signal: signal)
            if first {
                console.print("Stopping")
                if let server = started.stopRequested() { Thread.detachNewThread { server.stop() } }
            }
            if count > 1 {
                Cancellation.process.cancel(signal: signal)
                ChildProcesses.shared.stopSpawning()
            }
        }
        defer { signals.restore() }
        var (configuration, bookDiagnostics) = try setUp()
        let bookTOML = FileSystem.join(configuration.build.bookDirectory ?? ".", "book.toml")
        // The state of book.toml as read: a change made while the errors are reported, or between
        // the waiting line and the watch, is a change (the watch starts from this state).
        var read = SettingsFileWatch.identity(of: bookTOML)
        while SettingsRepair.blocks(bookDiagnostics) {
            let reported = SettingsRepair.report(
                bookDiagnostics, configuration: configuration.build, console: console, stop: stopRequest)
            if !reported {
                try stopRequest.check()
                return 0
            }
            console.print(SettingsRepair.waiting(bookTOML))
            guard SettingsRepair.waitForChange(of: bookTOML, since: read, stop: stopRequest) else { return 0 }
            console.print("Reading \(TerminalText.line(bookTOML)) again")
            read = SettingsFileWatch.identity(of: bookTOML)
            (configuration, bookDiagnostics) = try setUp()
        }
        console.report(bookDiagnostics.sortedForReading())
        let server = LiveServer(configuration: configuration, console: console)
        // A signal before the server was known stops it before it serves (`start` returns false).
        if !started.set(server) { server.stop() }
        guard try server.start(), let url = server.url else {
            server.waitUntilStopped()
            return try Self.status(after: server, stopRequest)
        }
        let output = configuration.build.outputDirectory
        console.print("Serving \(output.hasSuffix("/") ? output : output + "/") at \(url)")
        if let address = server.address, let notice = Self.networkNotice(address: address) { console.print(notice) }
        server.waitUntilStopped()
        return try Self.status(after: server, stopRequest)
    }

    /// The line said when the preview listens on an address other machines reach (`--host
    /// 0.0.0.0`, `::`, a network card's address), as mdBook, Hugo and Vite say where they serve;
    /// `nil` on loopback, which only this machine reaches.
    static func networkNotice(address: String) -> String? {
        guard !AllowedHosts.isLoopback(address) else { return nil }
        let which =
            address == "0.0.0.0" || address == "::"
            ? "every address of this machine" : address
        return
            "Reachable from the network on \(which): anyone who can reach this machine can read the preview (--host 127.0.0.1 keeps it to this machine)"
    }

    /// 0 after a stop between builds; throws `stopRequest`'s `lecture.cancelled` (128 + N) when
    /// the stop cut a build short.
    static func status(after server: LiveServer, _ stopRequest: Cancellation) throws -> Int32 {
        if server.interruptedABuild { try stopRequest.check() }
        return 0
    }
}

/// The server of a `lecture serve` run, once made: the signal handler stops it, and a signal that
/// came before it was made stops it as soon as it is (`set` returns false then).
// @unchecked: its state is under `lock`.
private final class StartedServer: @unchecked Sendable {
    private let lock = NSLock()
    private var made: LiveServer?
    private var signalled = false

    /// Notes the stop; the server to stop, if made.
    func stopRequested() -> LiveServer? {
        lock.withLock {
            signalled = true
            return made
        }
    }

    /// Keeps `server`; false when a signal came before it.
    func set(_ server: LiveServer) -> Bool {
        lock.withLock {
            made = server
            return !signalled
        }
    }
}
