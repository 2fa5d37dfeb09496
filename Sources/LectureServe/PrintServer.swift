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

    /// Binds `127.0.0.1` on a port the kernel chooses and starts answering with the files of
    /// `folder`. - Throws: `LectureError` when the socket cannot be had or the server not started.
    init(root folder: String) throws {
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
        origin + "/" + file.split(separator: "/").map { RequestPath.percentEncoded(String($0)) }.joined(separator: "/")
    }

    /// Stops answering (closes every connection).
    func stop() { http.stop() }
}
