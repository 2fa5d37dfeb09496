import Foundation
import TestFolders

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// How long a test waits for what must happen — an event, a watcher's report, a closed stream,
/// a process's exit — before it calls it missing. Long, because the machine may be loaded: it
/// only bounds a hang and is never a claim about speed (speed is `make bench`'s, as ratios
/// against baselines measured in the same run).
let patience: Double = 60

/// A small book, its templates and a server on a free port, in a fresh temporary folder.
final class ServeFixture: @unchecked Sendable {
    let root: String
    let server: LiveServer
    let recorder = LineRecorder()
    var content: String { root + "/content" }
    var templates: String { root + "/templates" }
    var output: String { root + "/_site" }
    var port: UInt16 { server.port ?? 0 }

    static let files: [String: String] = [
        "content/SUMMARY.md": "# 작은 책\n\n- [시작](README.md)\n- [둘째 장](part/README.md)\n  - [표](part/table.md)\n",
        "content/README.md": "# 시작\n\n첫 문단입니다.\n",
        "content/part/README.md": "# 둘째 장\n\n둘째 문단입니다.\n",
        "content/part/table.md": "# 표\n\n```table\n| 패턴 | 장점 |\n|---|---|\n| MVC | 단순함 |\n```\n",
        "templates/page.html":
            "<!doctype html>\n<html lang=\"ko\"><head><meta charset=\"utf-8\"><title>{{ title }}</title></head>\n<body>\n<main>{{ content }}</main>\n</BODY>\n</html>\n",
        "templates/404.html":
            "<h1>찾을 수 없는 쪽</h1><p>{{ book_title }}</p>\n",
        "templates/assets/site.css": "body { margin: 0 }\n",
        "templates/assets/app.js": "console.log(1)\n",
        "templates/assets/module.mjs": "export const a = 1\n",
        "templates/assets/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
        "templates/assets/image.png": "png",
        "templates/assets/photo.jpg": "jpg",
        "templates/assets/data.json": "{}\n",
        "templates/assets/font.woff2": "woff2",
        "templates/assets/code.wasm": "wasm",
        "templates/assets/한글 파일.txt": "안녕하세요\n",
        "templates/docs/index.html": "<!doctype html><html><body><p>문서 목차</p></body></html>\n",
    ]

    /// Writes the book and starts a server on `127.0.0.1:0` (or `host`, `port`).
    /// `files` are written over the book's own (relative to the fixture's root); `isBookFolder`
    /// makes the root the book's folder (where book.toml is); `book` stands for what book.toml
    /// would have set (`ServeCommand` reads it into the configuration before the server starts).
    init(
        host: String = "127.0.0.1", port: UInt16 = 0, pingInterval: Double = 15,
        watchMode: FileWatcher.Mode = .automatic,
        files: [String: String] = [:], connectionLimit: Int = 1000, requestTimeout: Double = 10,
        idleTimeout: Int = 30, isBookFolder: Bool = false, book: BookSettings = BookSettings()
    ) throws {
        root = try TestFolders.make("lecture-serve-test")
        for (path, text) in Self.files.merging(files, uniquingKeysWith: { $1 }) {
            try FileSystem.writeAtomically(text, to: root + "/" + path)
        }
        var configuration = ServeConfiguration()
        configuration.build.contentDirectory = root + "/content"
        configuration.build.templatesDirectory = root + "/templates"
        configuration.build.outputDirectory = root + "/_site"
        configuration.build.cacheDirectory = root + "/cache"
        configuration.build.buildDate = "2026-01-01"
        // The root as the book's folder, whose book.toml `serve` then watches.
        if isBookFolder { configuration.build.bookDirectory = root }
        configuration.build.book = book
        configuration.host = host
        configuration.port = port
        configuration.watchedDirectories = [root + "/content", root + "/templates"]
        configuration.watchMode = watchMode
        configuration.pingInterval = pingInterval
        configuration.connectionLimit = connectionLimit
        configuration.requestTimeout = requestTimeout
        configuration.idleTimeout = idleTimeout
        server = LiveServer(configuration: configuration, console: recorder.console)
        guard try server.start() else { throw LectureError(.serveStart, "the server stopped before it served") }
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    func get(_ path: String) throws -> HTTPTestClient.Response {
        try HTTPTestClient.request("GET", path, port: port)
    }

    /// Replaces a file as editors do: a temporary file beside it, renamed over it.
    func edit(_ relative: String, _ text: String) throws {
        let path = root + "/" + relative
        let temporary = (path as NSString).deletingLastPathComponent + "/.\((path as NSString).lastPathComponent).swp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else { throw LectureError(.fileSystem, "cannot rename over \(path)") }
    }
}

/// Lines printed by the server, kept for assertions.
final class LineRecorder: @unchecked Sendable {
    /// Held by the console's closure too, so a server thread that prints after the test ended
    /// (a build the stop did not wait for) appends to a live store instead of a freed recorder.
    private final class Store: @unchecked Sendable {
        let lock = NSLock()
        var lines: [String] = []
    }
    private let store = Store()
    var lines: [String] { store.lock.withLock { store.lines } }
    lazy var console = Console(recordingInto: { [store] line in store.lock.withLock { store.lines.append(line) } })
}

/// A tiny HTTP/1.1 client over a raw TCP socket, so that tests send exactly the bytes they
/// mean (`/../` and `%2e%2e` unresolved, `HEAD`, any method) and read Server-Sent Events as
/// they arrive. Every read has a timeout, so no test can hang.
enum HTTPTestClient {
    struct Response {
        var status: Int
        /// Header names lowercased.
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Connects to `host:port` (numeric IPv4 or IPv6), with `timeout` seconds for each read.
    static func connect(host: String = "127.0.0.1", port: UInt16, timeout: Double = 5) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list?.pointee else {
            throw Failure(description: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }
        let fd = socket(info.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard Glibc.connect(fd, info.ai_addr, info.ai_addrlen) == 0 else {
            close(fd)
            throw Failure(description: "connect to \(host):\(port): \(String(cString: strerror(errno)))")
        }
        return fd
    }

    static func send(_ fd: Int32, _ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw Failure(description: "write failed") }
            offset += n
        }
    }

    /// Sends one request with `Connection: close` and reads the whole response.
    static func request(
        _ method: String, _ path: String, host: String = "127.0.0.1", port: UInt16, timeout: Double = 5,
        headers: [String: String] = [:]
    ) throws -> Response {
        let fd = try connect(host: host, port: port, timeout: timeout)
        defer { close(fd) }
        let fields = headers.map { "\($0.key): \($0.value)\r\n" }.joined()
        // `Host: localhost` unless the test sends its own.
        let host = headers.keys.contains { $0.lowercased() == "host" } ? "" : "Host: localhost\r\n"
        try send(fd, "\(method) \(path) HTTP/1.1\r\n\(host)Connection: close\r\n\(fields)\r\n")
        var raw: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { throw Failure(description: "read timed out after \(raw.count) bytes") }
            if n == 0 { break }
            raw += chunk[0..<n]
        }
        return try parse(raw)
    }

    static func parse(_ raw: [UInt8]) throws -> Response {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = raw.indices.first(where: { raw[$0...].starts(with: separator) }) else {
            throw Failure(description: "no header end in \(String(decoding: raw, as: UTF8.self))")
        }
        let head = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line \(head[0])")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Array(raw[(end + 4)...])
        if headers["transfer-encoding"] == "chunked" { body = dechunked(body) }
        return Response(status: status, headers: headers, body: body)
    }

    /// The data of a chunked body (RFC 9112 §7.1), as far as it has arrived.
    static func dechunked(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\r")) else { break }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText, radix: 16), size > 0 else { break }
            let start = lineEnd + 2
            let stop = min(bytes.count, start + size)
            result += bytes[start..<stop]
            index = stop + 2
        }
        return result
    }
}

/// A page's event stream, read as the server sends it.
final class EventStreamClient {
    private let fd: Int32
    private var raw: [UInt8] = []
    private var headerEnd: Int?
    private(set) var closed = false

    init(port: UInt16, host: String = "127.0.0.1") throws {
        fd = try HTTPTestClient.connect(host: host, port: port, timeout: 0.2)
        try HTTPTestClient.send(
            fd, "GET \(LiveReload.eventsPath) HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
    }

    deinit { close(fd) }

    /// The stream's text so far (chunk framing removed).
    var text: String {
        guard let headerEnd else { return "" }
        return String(decoding: HTTPTestClient.dechunked(Array(raw[headerEnd...])), as: UTF8.self)
    }

    /// The events so far, as (name, data) pairs.
    var events: [(name: String, data: String)] {
        text.components(separatedBy: "\n\n").compactMap { block in
            var name = "message"
            var data: String?
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
            }
            return data.map { (name, $0) }
        }
    }

    /// Reads until `condition` holds for the events or `timeout` seconds pass.
    @discardableResult
    func waitFor(timeout: Double, _ condition: ([(name: String, data: String)]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition(events) {
            if closed || Date() >= deadline { return false }
            readSome()
        }
        return true
    }

    /// Reads until the server closes the stream or `timeout` seconds pass.
    func waitForClose(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !closed && Date() < deadline { readSome() }
        return closed
    }

    private func readSome() {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n == 0 {
            closed = true
            return
        }
        if n < 0 {
            if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { closed = true }
            return
        }
        raw += chunk[0..<n]
        if headerEnd == nil, let end = raw.indices.first(where: { raw[$0...].starts(with: Array("\r\n\r\n".utf8)) }) {
            headerEnd = end + 4
        }
    }
}

/// The JSON fields of an event's data.
struct EventData: Decodable {
    var version: String
    var errors: String?
    var built: Bool
    var fullReload: Int

    init(_ data: String) throws {
        self = try JSONDecoder().decode(EventData.self, from: Data(data.utf8))
    }
}

/// `lecture serve` run as a user runs it, on a free port, over `ServeFixture.files` written into a
/// fresh folder: the process, its folder and the pipe of its standard output. Its standard error
/// goes to `errors`, else into `output` when `mergingErrors`, else nowhere; its cache is
/// `cacheDirectory`, else one in the folder; `extra` arguments follow. The caller stops the
/// process and removes the folder.
struct ServeProcess {
    let process = Process()
    let root: String
    let output = Pipe()

    init(
        _ prefix: String, errors: Pipe? = nil, mergingErrors: Bool = false, cacheDirectory: String? = nil,
        extra: [String] = []
    ) throws {
        root = try TestFolders.make(prefix)
        for (path, text) in ServeFixture.files { try FileSystem.writeAtomically(text, to: root + "/" + path) }
        process.executableURL = URL(fileURLWithPath: ServeCommandTests.executable)
        process.arguments =
            [
                "serve", "--content", root + "/content", "--templates", root + "/templates",
                "--output", root + "/_site", "--cache-dir", cacheDirectory ?? root + "/cache",
            ] + extra + ["--port", "0"]
        process.standardOutput = output
        process.standardError = errors ?? (mergingErrors ? output : FileHandle.nullDevice)
        try process.run()
    }
}
