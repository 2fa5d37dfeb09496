import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Answers requests from the output folder: the HTTP face of the site `lecture build` wrote.
///
/// - Only `GET` and `HEAD` (else 405 with `Allow: GET, HEAD`); the events stream at
///   `LiveReload.eventsPath`.
/// - The path is decoded by `RequestPath` (400 for traversal, NUL, backslashes, bad escapes).
/// - The file is found through `realpath(3)` and must lie inside the output folder's own real
///   path, so no symlink leads out of it (404 otherwise). The folder is resolved again for each
///   request, because each build swaps in a new folder under the same name, and must itself be
///   a folder: a link put in its place while serving is not followed.
/// - An absolute-form target (`GET http://host:port/x`, RFC 9112 §3.2.2) is served by its path.
/// - `/dir` answers 301 to `/dir/` (the query kept); `/dir/` serves `dir/index.html`; there are
///   no listings.
/// - Files carry an `ETag` (and `Last-Modified` unless HTML); a request whose `If-None-Match`
///   or `If-Modified-Since` shows the client's copy is current gets 304 (`Validator`).
/// - Errors: the site's not-found page when built (`404.html`, or the page mdBook's `[output.html]
///   input-404` names: `missing.html`, as `mdbook serve` answers), else a short page; no page
///   names a file path.
/// - Every response has `Cache-Control: no-cache`; HTML pages get the live-reload snippet when
///   there is a `hub` (the preview's); without one (`lecture pdf`'s print server) the site is
///   served as built, and the live-reload paths are not found.
/// - A path not found as sent is looked up again in NFC, the form the site's names are in.
/// - A `Host` the server was not started for gets 421 (`AllowedHosts`: DNS rebinding).
/// - Files other than pages are streamed from their descriptor, never read whole, and answer a
///   single `Range` with 206 (416 when no byte of it is in the file; `If-Range` honoured), so a
///   video seeks.
struct SiteHandler: Sendable {
    /// The output folder, as given (`_site`).
    var outputDirectory: String
    /// Where event-stream requests (`/__lecture/events`) are attached; `nil`: no live reload.
    var hub: ReloadHub?
    /// Seconds between `: ping` comments on an idle event stream.
    var pingInterval: Double
    /// The `Host` values answered; `nil` answers any (a handler no browser reaches).
    var allowedHosts: AllowedHosts?
    /// The site's not-found page, relative to the output folder: `404.html`, or the page
    /// `[output.html] input-404` names (`NotFoundSource.outputPath`).
    var notFoundPage: String

    /// Serves `outputDirectory`, injecting `hub`'s current state into pages (none without one),
    /// answering a missing path with `notFoundPage`.
    init(
        outputDirectory: String, hub: ReloadHub?, pingInterval: Double = 15, allowedHosts: AllowedHosts? = nil,
        notFoundPage: String = "404.html"
    ) {
        self.outputDirectory = outputDirectory
        self.hub = hub
        self.pingInterval = pingInterval
        self.allowedHosts = allowedHosts
        self.notFoundPage = notFoundPage
    }

    /// Answers one request: a file of the site, a redirect, the event stream, or an error page
    /// (400, 404, 405) that never names a filesystem path.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        if let refusal = RequestRules.refusal(of: request) {
            return errorPage(refusal.status, refusal.reason, extraHeaders: [("Connection", "close")])
        }
        if let allowedHosts, !allowedHosts.allows(RequestRules.host(of: request)) {
            return errorPage(421, "Misdirected Request")
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return errorPage(405, "Method Not Allowed", extraHeaders: [("Allow", "GET, HEAD")])
        }
        if let hub, request.path == LiveReload.eventsPath {
            let headers = [
                ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-cache"),
                ("X-Accel-Buffering", "no"),
            ]
            // HEAD gets the headers of the stream and no body (no stream is opened).
            if request.method == "HEAD" {
                return HTTPResponse(status: 200, headers: headers.map { (name: $0.0, value: $0.1) }, body: .bytes([]))
            }
            return HTTPResponse(
                status: 200, headers: headers.map { (name: $0.0, value: $0.1) },
                body: .stream(hub.makeStream(pingInterval: pingInterval)))
        }
        if hub != nil, request.path == LiveReload.workerPath {
            return HTTPResponse(
                status: 200,
                headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-cache")],
                body: .bytes(request.method == "HEAD" ? [] : Array(LiveReloadClient.worker.utf8)))
        }
        let path: RequestPath
        do {
            path = try RequestPath(raw: Self.originForm(request.path))
        } catch .badRequest {
            return errorPage(400, "Bad Request")
        } catch {
            return notFound()
        }
        if path.segments.first == "__lecture" { return notFound() }
        // The site names files in NFC; a request in another form (an NFD name typed on macOS) finds them too.
        guard let root = siteRoot,
            let resolved = RealPath.of(root + "/" + path.relative)
                ?? RealPath.of(root + "/" + NFC.normalized(path.relative)),
            RealPath.isInside(resolved, root)
        else { return notFound() }

        var info = stat()
        guard stat(resolved, &info) == 0 else { return notFound() }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard path.isDirectory else {
                let location = path.folderLocation + (request.query.map { "?" + $0 } ?? "")
                return HTTPResponse(
                    status: 301,
                    headers: [
                        ("Location", location),
                        ("Content-Type", "text/html; charset=utf-8"),
                        ("Cache-Control", "no-cache"),
                    ],
                    body: .bytes(
                        Array("<!doctype html><title>Moved</title><a href=\"\(path.folderLocation)\">Moved</a>\n".utf8))
                )
            }
            guard let index = RealPath.of(resolved + "/index.html"), RealPath.isInside(index, root) else {
                return notFound()
            }
            return serveFile(index, for: request) ?? notFound()
        case S_IFREG:
            guard !path.isDirectory else { return notFound() }
            return serveFile(resolved, for: request) ?? notFound()
        default:
            return notFound()
        }
    }

    /// The path of a request target: itself in origin form (`/x`), or the part of an absolute
    /// form (`http://host:port/x`) after the authority, which RFC 9112 §3.2.2 says a server
    /// must accept; `/` when that form has no path.
    static func originForm(_ target: String) -> String {
        guard let scheme = target.range(of: "://"), target[..<scheme.lowerBound].allSatisfy(\.isLetter),
            !target[..<scheme.lowerBound].isEmpty
        else { return target }
        let rest = target[scheme.upperBound...]
        return rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
    }

    /// A regular file: HTML read and injected, anything else sent from its descriptor; 304
    /// when `request` (if given) shows the client's copy is current.
    private func serveFile(_ path: String, for request: HTTPRequest? = nil, status: Int = 200) -> HTTPResponse? {
        // Non-blocking, so a named pipe someone left in the folder cannot hold the thread; the
        // fstat below then refuses anything but a regular file.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        let type = MIMEType.forPath(path)
        let state = hub?.current
        // Only a page that gets the live-reload snippet is read whole; as built, it is a file.
        let isHTML = MIMEType.isHTML(type) && state != nil
        let validator = Validator(info, injected: isHTML ? state?.json : nil)
        var headers = [("Content-Type", type), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")]
        if status == 200 {
            headers += validator.headers
            if let request, validator.matches(request) {
                close(descriptor)
                return HTTPResponse(
                    status: 304, headers: [("Cache-Control", "no-cache")] + validator.headers, body: .bytes([]))
            }
        }
        guard isHTML else {
            let size = UInt64(info.st_size)
            guard status == 200 else {
                return HTTPResponse(status: status, headers: headers, body: .file(descriptor: descriptor, size: size))
            }
            headers.append(("Accept-Ranges", "bytes"))
            let asked = request.flatMap { validator.allowsRange($0) ? $0.headers["range"] : nil }
            switch ByteRange.request(asked, size: size) {
            case .whole:
                return HTTPResponse(status: 200, headers: headers, body: .file(descriptor: descriptor, size: size))
            case .part(let range):
                headers.append(("Content-Range", "bytes \(range.first)-\(range.last)/\(size)"))
                return HTTPResponse(
                    status: 206, headers: headers,
                    body: .file(descriptor: descriptor, size: range.count, offset: range.first))
            case .unsatisfiable:
                close(descriptor)
                return HTTPResponse(
                    status: 416,
                    headers: [
                        ("Content-Range", "bytes */\(size)"), ("Content-Type", "text/plain; charset=utf-8"),
                        ("Cache-Control", "no-cache"),
                    ], body: .bytes(Array("416 Range Not Satisfiable\n".utf8)))
            }
        }
        defer { close(descriptor) }
        guard let html = readAll(descriptor, size: Int(info.st_size)) else { return nil }
        guard let state else { return nil }
        return HTTPResponse(status: status, headers: headers, body: .bytes(LiveReload.inject(into: html, state: state)))
    }

    /// The output folder's real path, when it is a folder: not a link put in its place while
    /// serving (`rm -rf book; ln -s ~ book`), whose target is no site this tool wrote.
    private var siteRoot: String? {
        var own = stat()
        guard lstat(outputDirectory, &own) == 0, own.st_mode & S_IFMT == S_IFDIR else { return nil }
        return RealPath.of(outputDirectory)
    }

    /// 404, with the site's own not-found page (`notFoundPage`) when it was built.
    private func notFound() -> HTTPResponse {
        if let root = siteRoot, let page = RealPath.of(root + "/" + notFoundPage),
            RealPath.isInside(page, root),
            let response = serveFile(page, status: 404)
        {
            return response
        }
        return errorPage(404, "Not Found")
    }

    /// A minimal page naming only the status: never a path, never a listing.
    private func errorPage(_ status: Int, _ reason: String, extraHeaders: [(String, String)] = []) -> HTTPResponse {
        let html =
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(status) \(reason)</title></head>"
            + "<body><h1>\(status) \(reason)</h1></body></html>\n"
        let body =
            if status == 404, let hub { LiveReload.inject(into: Array(html.utf8), state: hub.current) } else {
                Array(html.utf8)
            }
        return HTTPResponse(
            status: status,
            headers: [
                ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache"),
            ] + extraHeaders.map { (name: $0.0, value: $0.1) }, body: .bytes(body))
    }

    private func readAll(_ descriptor: Int32, size: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(4096, min(size + 1, 1 << 20)))
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }
}
