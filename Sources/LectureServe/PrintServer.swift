import LectureKit
import LectureSupport

/// The loopback server `lecture pdf` starts for one print: the preview's `HTTPServer` and
/// `SiteHandler` (so one set of path, decoding and type rules, `RequestPath` and `MIMEType`)
/// over the built site, without live reload, behind one more rule: only its own origin.
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
/// `<iframe src="http://127.0.0.1:8080/">` or cloud metadata URL prints nothing (no answer of an
/// internal service is printed into the PDF).
final class PrintServer: Sendable {
    /// A request for another origin than the server's, refused: the URL (`https://host:443` for a
    /// `CONNECT`) and the `Referer` Chromium sent with it (`nil`: none, as for Chromium's own
    /// background requests and for `CONNECT`).
    struct Refusal: Equatable, Sendable {
        var url: String
        var referer: String?
    }
    /// The port the kernel chose.
    let port: UInt16
    private let http: HTTPServer
    private let refusals = Locked<[Refusal]>([])

    /// The requests for other origins refused so far, in the order they came.
    var refused: [Refusal] { refusals.withLock { $0 } }

    /// The server's origin, `http://127.0.0.1:PORT`.
    var origin: String { "http://127.0.0.1:\(port)" }

    /// The path the site is served under (book.toml's `[output.html] site-url`, `/` by default).
    let siteURL: String

    /// Binds `127.0.0.1` on a port the kernel chooses and starts answering with the files of
    /// `folder`, under `siteURL` as the deployed site is (attack 11, kind 66: with `site-url =
    /// "/docs/"` an image named `/docs/p.png`, which the build accepts, printed as a broken
    /// image when the site was served at `/`); a request outside it answers 404, as there.
    /// - Throws: `LectureError` when the socket cannot be had or the server not started.
    init(root folder: String, siteURL: String = "/") throws {
        let siteURL = siteURL.hasPrefix("/") && siteURL.hasSuffix("/") ? siteURL : "/"
        self.siteURL = siteURL
        let socket = try ListeningSocket.bind(host: "127.0.0.1", port: 0)
        let port = socket.port
        self.port = port
        let site = SiteHandler(
            outputDirectory: folder, hub: nil,
            allowedHosts: AllowedHosts(configured: "127.0.0.1", address: socket.address, port: port))
        let refusals = refusals
        let origin = "http://127.0.0.1:\(port)"
        http = HTTPServer { request in
            if let refusal = Self.refusal(of: request, origin: origin) {
                refusals.withLock { if !$0.contains(refusal) { $0.append(refusal) } }
                return HTTPResponse(
                    status: 403, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Connection", "close")],
                    body: .bytes(Array("403 Forbidden\n".utf8)))
            }
            guard siteURL != "/" else { return site.respond(to: request) }
            // Origin form (`/docs/x`), or absolute form of this origin (`http://127.0.0.1:P/docs/x`).
            let path =
                request.path.lowercased().hasPrefix(origin + "/")
                ? String(request.path.dropFirst(origin.count)) : request.path
            guard path.hasPrefix(siteURL) else {
                return HTTPResponse(
                    status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")],
                    body: .bytes(Array("404 Not Found\n".utf8)))
            }
            var request = request
            request.path = "/" + path.dropFirst(siteURL.count)
            return site.respond(to: request)
        }
        try http.start(on: socket)
    }

    deinit { stop() }

    /// Why `request` is refused as one for another origin than `origin`: a `CONNECT` (a tunnel,
    /// to any host) or an absolute-form target outside `origin/`; `nil` for an origin-form target
    /// (`/x`, judged by `SiteHandler`) or one of this origin.
    static func refusal(of request: HTTPRequest, origin: String) -> Refusal? {
        if request.method == "CONNECT" {
            return Refusal(url: "https://" + request.path, referer: nil)
        }
        let target = request.path + (request.query.map { "?" + $0 } ?? "")
        guard !target.hasPrefix("/"), !target.lowercased().hasPrefix(origin + "/") else { return nil }
        return Refusal(url: target, referer: request.headers["referer"])
    }

    /// The URL of `file` (relative to the site, `print.html`).
    func url(of file: String) -> String {
        origin + siteURL
            + file.split(separator: "/").map { RequestPath.percentEncoded(String($0)) }.joined(separator: "/")
    }

    /// Stops answering (closes every connection).
    func stop() { http.stop() }
}
