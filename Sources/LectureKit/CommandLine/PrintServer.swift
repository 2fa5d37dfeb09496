import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback HTTP server that `lecture pdf` starts for one print: it answers `GET` and `HEAD`
/// with the files of one folder, the built site, and nothing else.
///
/// Chromium opens the print page from `http://127.0.0.1:PORT/`, not from `file://`: a page of
/// an `http:` origin may not load `file:` URLs (Chromium: "Not allowed to load local resource"),
/// whatever raw HTML or a script asks, and a `../` climbs no higher than the site's root. So no
/// file of the machine outside the site reaches the PDF, even one the check of the page's raw
/// HTML (`MachineFileURLs`) did not see.
///
/// It is also the only proxy of that Chromium (`PDFCommand.arguments`, `--proxy-server` with
/// loopback not bypassed): every request Chromium makes, to any host and port, arrives here, in
/// absolute form (`GET http://127.0.0.1:8080/x`) or as `CONNECT host:443`. Only the server's own
/// origin is answered; every other request answers 403 and is kept (`refused`), so a page's
/// `<iframe src="http://127.0.0.1:8080/">` or cloud metadata URL prints nothing (attack 6, #49:
/// the answer of an internal service printed into the PDF).
///
/// A path is percent-decoded once; a NUL, a raw backslash or a `..` segment answers 400 (a decoded
/// one, `%5C`, is a byte of a name, as the preview's `RequestPath` reads it), and the file
/// is found through `realpath(3)` and must lie inside the site's real path (a link that leads out
/// answers 404). One thread per connection, one request per connection (`Connection: close`).
final class PrintServer: @unchecked Sendable {
    /// A request for another origin than the server's, refused: the URL (`https://host:443` for a
    /// `CONNECT`) and the `Referer` Chromium sent with it (`nil`: none, as for Chromium's own
    /// background requests and for `CONNECT`).
    struct Refusal: Equatable, Sendable {
        var url: String
        var referer: String?
    }
    /// The site's real path.
    let root: String
    /// The port the kernel chose.
    let port: UInt16
    private let listener: Int32
    private let stopped = Locked(false)
    private let refusals = Locked<[Refusal]>([])

    /// The requests for other origins refused so far, in the order they came.
    var refused: [Refusal] { refusals.withLock { $0 } }

    /// The server's origin, `http://127.0.0.1:PORT`.
    var origin: String { "http://127.0.0.1:\(port)" }

    /// Binds `127.0.0.1` on a port the kernel chooses and starts answering.
    /// - Throws: `LectureError` when the folder or the socket cannot be had.
    init(root folder: String) throws {
        guard let real = realpath(folder, nil) else {
            throw LectureError(.fileSystem, "cannot resolve \(folder): \(String(cString: strerror(errno)))")
        }
        root = String(cString: real)
        free(real)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            throw LectureError(.fileSystem, "cannot open a socket: \(String(cString: strerror(errno)))")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw LectureError(.fileSystem, "cannot listen on 127.0.0.1: \(reason)")
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// The URL of `file` (relative to the site, `print.html`).
    func url(of file: String) -> String {
        origin + "/"
            + file.split(separator: "/").map {
                $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?", "#"]))
                    ?? String($0)
            }.joined(separator: "/")
    }

    /// Stops accepting (a connection being answered finishes).
    func stop() {
        let wasStopped = stopped.withLock { value -> Bool in
            defer { value = true }
            return value
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !stopped.withLock({ $0 }) {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            Thread.detachNewThread { [self] in
                answer(connection)
                close(connection)
            }
        }
    }

    /// Reads one request's head (at most 16 KiB, within 30 s) and answers it.
    private func answer(_ connection: Int32) {
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 16384, !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            head += buffer[..<count]
            if head.count >= 4, RawHTMLMachineFiles.firstOffset(of: [13, 10, 13, 10], in: head, from: 0) != nil {
                break
            }
        }
        let requestLine =
            head.split(separator: 13, maxSplits: 1).first.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let parts = requestLine.split(separator: " ")
        if parts.count == 3, parts[0] == "CONNECT" {
            refuse(Refusal(url: "https://" + parts[1], referer: nil))
            return respond(connection, status: "403 Forbidden", body: [])
        }
        if parts.count == 3, let foreign = foreignURL(String(parts[1])) {
            refuse(Refusal(url: foreign, referer: Self.header("Referer", in: head)))
            return respond(connection, status: "403 Forbidden", body: [])
        }
        guard parts.count == 3, parts[0] == "GET" || parts[0] == "HEAD" else {
            return respond(connection, status: "405 Method Not Allowed", body: [])
        }
        let (status, type, body) = file(for: String(parts[1]))
        respond(connection, status: status, type: type, body: parts[0] == "HEAD" ? [] : body, length: body.count)
    }

    private func refuse(_ refusal: Refusal) {
        refusals.withLock { if !$0.contains(refusal) { $0.append(refusal) } }
    }

    /// The URL of a request target in absolute form (a proxy's request) for another origin than
    /// this server's; `nil` for an origin-form target (`/x`) or one of this origin.
    func foreignURL(_ target: String) -> String? {
        guard !target.hasPrefix("/") else { return nil }
        let own = origin + "/"
        return target.lowercased().hasPrefix(own) ? nil : target
    }

    /// The value of header `name` in a request's head, `nil` when absent.
    static func header(_ name: String, in head: [UInt8]) -> String? {
        let prefix = name.lowercased() + ":"
        for line in String(decoding: head, as: UTF8.self).split(separator: "\r\n").dropFirst()
        where line.lowercased().hasPrefix(prefix) {
            return line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The answer to a request target (origin form, or absolute form for this server's origin):
    /// the file, or 400/403/404.
    func file(for requested: String) -> (status: String, type: String, body: [UInt8]) {
        guard foreignURL(requested) == nil else {
            return ("403 Forbidden", "text/plain", Array("forbidden\n".utf8))
        }
        let target = requested.hasPrefix("/") ? Substring(requested) : requested.dropFirst(origin.count)
        let rawPath = target.prefix { $0 != "?" && $0 != "#" }
        let path = EmittedLinkChecker.percentDecoded(rawPath)
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        guard path.hasPrefix("/"), !path.contains("\0"), !rawPath.contains("\\"), !segments.contains("..") else {
            return ("400 Bad Request", "text/plain", Array("bad request\n".utf8))
        }
        var relative = segments.joined(separator: "/")
        if relative.isEmpty || path.hasSuffix("/") { relative += relative.isEmpty ? "index.html" : "/index.html" }
        guard let real = realpath(root + "/" + relative, nil) else {
            return ("404 Not Found", "text/plain", Array("not found\n".utf8))
        }
        let resolved = String(cString: real)
        free(real)
        var info = stat()
        guard resolved.hasPrefix(root + "/"), stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let bytes = try? FileSystem.read(resolved)
        else { return ("404 Not Found", "text/plain", Array("not found\n".utf8)) }
        return ("200 OK", Self.contentType(of: resolved), bytes)
    }

    private func respond(
        _ connection: Int32, status: String, type: String = "text/plain", body: [UInt8], length: Int? = nil
    ) {
        let header =
            "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(length ?? body.count)\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
        var bytes = Array(header.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                send(connection, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// The `Content-Type` of a site's file, by its extension.
    static func contentType(of path: String) -> String {
        let types = [
            "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
            "js": "text/javascript; charset=utf-8", "json": "application/json", "svg": "image/svg+xml",
            "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
            "ico": "image/x-icon", "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
            "txt": "text/plain; charset=utf-8", "wasm": "application/wasm",
        ]
        let name = path.split(separator: "/").last ?? ""
        let ext = name.contains(".") ? String(name.split(separator: ".").last ?? "").lowercased() : ""
        return types[ext] ?? "application/octet-stream"
    }
}
