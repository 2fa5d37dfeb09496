import CMicroHTTPD
import Foundation
import LectureKit
import LectureSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP/1.1 server on libmicrohttpd that hands every request to a Swift function.
///
/// libmicrohttpd parses HTTP; this type only converts between its C callbacks and
/// `HTTPRequest`/`HTTPResponse`. Threads (libmicrohttpd manual, "Thread modes and event
/// loops"): `MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION` — one thread
/// accepts, and each connection gets its own thread, so a page's event stream, whose content
/// reader blocks until there is news, never holds up the other requests (the manual allows a
/// blocking reader in this mode only). `MHD_USE_POLL` lifts `select(2)`'s limit of 1024
/// descriptors; `MHD_USE_ERROR_LOG` with an external logger (`MHD_OPTION_EXTERNAL_LOGGER`, the
/// first option, so that no message of the start goes to stderr) hands libmicrohttpd's own
/// messages to `messages`, which says each kind at most once a minute.
///
/// Connections: up to `connectionLimit` are served; beyond it, up to `spareConnections` more
/// are accepted only to answer a quick `503 Service Unavailable` with `Retry-After: 1` and
/// close, so a flood never stalls the pages already open; past both, libmicrohttpd refuses
/// the connection (`MHD_OPTION_CONNECTION_LIMIT`, which would otherwise default to
/// `FD_SETSIZE - 4`, 1,020, and reset connections silently). The open-files limit is raised
/// toward its hard limit to fit both.
///
/// Slow clients (slowloris): a request must arrive whole, header and body, within
/// `requestTimeout` seconds of its connection opening or of the previous response ending, or
/// the connection is shut down (`RequestDeadlines`; libmicrohttpd's own timeout only counts idle
/// seconds, which a byte now and then resets). And when every slot is taken, a new connection
/// takes the slot of the one that has waited longest for its request (`evictOldest`), so
/// unfinished requests cannot keep a reader out even within their deadline; only when every
/// slot is busy answering (responses, event streams) does it get the 503. No limit per client
/// address: on loopback, where the preview is read, the reader's browser and any other program
/// share one address, and libmicrohttpd's per-address limit refuses with a reset, not a 503.
///
/// The request path reaches `handler` still percent-encoded: the unescape callback
/// (`MHD_OPTION_UNESCAPE_CALLBACK`) leaves it as sent, so that `RequestPath` decodes it exactly
/// once and sees `%2F` and `%00` for what they are.
// @unchecked: the settings below and `deadlines` are set before the daemon starts and only read after.
final class HTTPServer: @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    private let handler: Handler
    /// The running libmicrohttpd daemon's address (`OpaquePointer(bitPattern:)`); 0 before
    /// `start()` and after `stop()`, which takes it by exchange, so only one call stops it.
    private let daemon = Atomic<Int>(0)
    private let openConnections = Atomic<Int>(0)
    /// Seconds an idle keep-alive connection keeps its thread (`MHD_OPTION_CONNECTION_TIMEOUT`).
    var idleTimeout = 30
    /// Connections served at once; further ones get 503 (see above).
    var connectionLimit = 1000
    /// Connections accepted beyond `connectionLimit` only to be answered 503.
    var spareConnections = 200
    /// Seconds a request may take to arrive whole (see above).
    var requestTimeout = 5.0
    /// Set by `start()`.
    private(set) var deadlines: RequestDeadlines?
    /// Where libmicrohttpd's own messages go (set before `start()`); on stderr by default.
    var messages = LibraryMessages { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    /// The logger's target (`lecture_mhd_log`), while the daemon may log: freed after it stopped.
    private var logTarget: UnsafeMutablePointer<lecture_mhd_log_target>?

    /// `handler` runs on the connection's thread, for many connections at once.
    init(handler: @escaping Handler) {
        self.handler = handler
    }

    deinit { stop() }

    /// Starts serving on `socket`, which the daemon then owns (and closes when it stops).
    /// - Throws: `LectureError` when libmicrohttpd cannot be loaded or refuses to start (its
    ///   reason is said through `messages`); the socket is closed then.
    func start(on socket: ListeningSocket) throws {
        if let failure = lecture_mhd_load() {
            socket.close()
            throw LectureError(
                .serveStart, "the HTTP server's library could not be loaded: \(String(cString: failure))",
                notes: ["install libmicrohttpd (Debian: libmicrohttpd12)"])
        }
        var flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
            | MHD_USE_POLL.rawValue | MHD_USE_ERROR_LOG.rawValue
        if socket.family == AF_INET6 { flags |= MHD_USE_IPv6.rawValue }
        let keepEscapes:
            @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = {
                _, _, text in
                text.map { strlen($0) } ?? 0
            }
        Self.raiseOpenFilesLimit(to: rlim_t(connectionLimit + spareConnections + 64))
        deadlines = RequestDeadlines(timeout: requestTimeout)
        let target = UnsafeMutablePointer<lecture_mhd_log_target>.allocate(capacity: 1)
        target.initialize(
            to: lecture_mhd_log_target(
                deliver: { context, message in
                    guard let context, let message else { return }
                    Unmanaged<LibraryMessages>.fromOpaque(context).takeUnretainedValue().record(
                        String(cString: message))
                }, context: Unmanaged.passRetained(messages).toOpaque()))
        logTarget = target
        var options = [
            // First, so that the start's own messages go there too (the manual).
            MHD_OptionItem(
                option: .EXTERNAL_LOGGER, value: lecture_mhd_logger(), ptr_value: UnsafeMutableRawPointer(target)),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: connectionLimit + spareConnections, ptr_value: nil),
            MHD_OptionItem(
                option: .NOTIFY_COMPLETED, value: unsafeBitCast(Self.requestCompleted, to: Int.self),
                ptr_value: Unmanaged.passUnretained(self).toOpaque()),
            // Two-argument options pass the function in `value` and its context in `ptr_value`.
            MHD_OptionItem(
                option: .NOTIFY_CONNECTION, value: unsafeBitCast(Self.connectionNotice, to: Int.self),
                ptr_value: Unmanaged.passUnretained(self).toOpaque()),
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(socket.descriptor), ptr_value: nil),
            // Two-argument options pass the function in `value` (the manual, MHD_OPTION_ARRAY).
            MHD_OptionItem(option: .UNESCAPE_CALLBACK, value: unsafeBitCast(keepEscapes, to: Int.self), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: idleTimeout, ptr_value: nil),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = options.withUnsafeMutableBufferPointer { buffer in
            lecture_mhd_start_daemon(
                UInt32(flags),
                { context, connection, url, method, version, _, uploadSize, requestContext in
                    guard let context, let connection, let url, let method else { return .NO }
                    let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
                    // The manual's pattern: the first call only announces the request; answering
                    // there would make libmicrohttpd close the connection (it cannot know yet that
                    // no body follows), so the answer comes once the request has been read whole.
                    // A body (no method served here has one) is read and dropped.
                    guard requestContext?.pointee != nil else {
                        // Over the limit: answered at once (libmicrohttpd then closes the connection).
                        if lecture_mhd_socket_context(connection) == HTTPServer.overLimitMark {
                            server.deadlines?.disarm(Int(bitPattern: connection))
                            return server.send(server.overLimitResponse(), on: connection)
                        }
                        requestContext?.pointee = UnsafeMutableRawPointer(bitPattern: 1)
                        return .YES
                    }
                    if let uploadSize, uploadSize.pointee > 0 {
                        uploadSize.pointee = 0
                        return .YES
                    }
                    // Read whole: its deadline is met.
                    server.deadlines?.disarm(Int(bitPattern: connection))
                    var request = HTTPRequest(
                        method: String(cString: method), path: String(cString: url),
                        query: HTTPServer.query(of: connection), headers: HTTPServer.headers(of: connection))
                    request.version = version.map { String(cString: $0) } ?? "HTTP/1.1"
                    request.fields = HTTPServer.fields(of: connection)
                    return server.send(server.handler(request), on: connection)
                }, context, buffer.baseAddress)
        }
        daemon.store(Int(bitPattern: started), ordering: .releasing)
        guard started != nil else {
            deadlines?.stop()
            deadlines = nil
            freeLogTarget()
            socket.close()
            throw LectureError(.serveStart, "the HTTP server (libmicrohttpd) did not start on \(socket.url)")
        }
    }

    /// Stops accepting, closes every connection and joins their threads. Streams must have
    /// been ended first (`ReloadHub.stop()`), or this waits for their readers.
    func stop() {
        guard let daemon = OpaquePointer(bitPattern: daemon.exchange(0, ordering: .acquiringAndReleasing)) else {
            return
        }
        MHD_stop_daemon(daemon)
        deadlines?.stop()
        freeLogTarget()
    }

    /// Frees the logger's target, once no daemon may log through it.
    private func freeLogTarget() {
        guard let target = logTarget else { return }
        logTarget = nil
        if let context = target.pointee.context { Unmanaged<LibraryMessages>.fromOpaque(context).release() }
        target.deinitialize(count: 1)
        target.deallocate()
    }

    /// Counts connections as they open and close; one that opens beyond `connectionLimit`
    /// takes the slot of the oldest unfinished request, or, when there is none, is marked, and
    /// every request on it is answered 503 (the decision is per connection, so
    /// connections already served stay served).
    private static let connectionNotice:
        @convention(c) (
            UnsafeMutableRawPointer?, OpaquePointer?,
            UnsafeMutablePointer<UnsafeMutableRawPointer?>?, MHD_ConnectionNotificationCode
        ) -> Void = {
            context, connection, socketContext, code in
            guard let context, let connection else { return }
            let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
            if code == .CONNECTION_NOTIFY_STARTED {
                let open = server.openConnections.add(1, ordering: .relaxed).newValue
                server.deadlines?.arm(
                    Int(bitPattern: connection), socket: lecture_mhd_connection_socket(connection))
                // Every slot taken: the oldest unfinished request makes room, else a 503.
                let served =
                    open <= server.connectionLimit
                    || server.deadlines?.evictOldest(except: Int(bitPattern: connection)) == true
                socketContext?.pointee = served ? nil : HTTPServer.overLimitMark
            } else {
                // Before libmicrohttpd closes the socket (see `RequestDeadlines`).
                server.deadlines?.disarm(Int(bitPattern: connection))
                server.openConnections.subtract(1, ordering: .relaxed)
            }
        }

    /// A response has ended (or the request was abandoned): the connection's next request, if
    /// it is kept alive, has its own deadline.
    private static let requestCompleted:
        @convention(c) (
            UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
            MHD_RequestTerminationCode
        ) -> Void = {
            context, connection, _, _ in
            guard let context, let connection else { return }
            let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
            let socket = lecture_mhd_connection_socket(connection)
            if socket >= 0 { server.deadlines?.arm(Int(bitPattern: connection), socket: socket) }
        }

    /// The mark of a connection beyond the limit (any non-null pointer would do).
    nonisolated(unsafe) private static let overLimitMark = UnsafeMutableRawPointer(bitPattern: 1)

    private func overLimitResponse() -> HTTPResponse {
        HTTPResponse(
            status: 503,
            headers: [
                ("Content-Type", "text/plain; charset=utf-8"), ("Retry-After", "1"), ("Connection", "close"),
                ("Cache-Control", "no-store"),
            ], body: .bytes(Array("503 Service Unavailable: more than \(connectionLimit) connections are open\n".utf8)))
    }

    /// Collects `(key, value)` pairs from libmicrohttpd's iterator.
    private final class Pairs {
        var items: [(key: String, value: String?)] = []
    }

    private static func pairs(of connection: OpaquePointer, kind: MHD_ValueKind) -> [(key: String, value: String?)] {
        let pairs = Pairs()
        _ = MHD_get_connection_values(
            connection, kind,
            { context, _, key, value in
                guard let context, let key else { return .YES }
                Unmanaged<Pairs>.fromOpaque(context).takeUnretainedValue().items.append(
                    (String(cString: key), value.map { String(cString: $0) }))
                return .YES
            }, Unmanaged.passUnretained(pairs).toOpaque())
        return pairs.items
    }

    /// Collects header fields, values with their length (a NUL inside one is kept).
    private final class Fields {
        var items: [HTTPRequest.Field] = []
    }

    /// Every header field as received, in order.
    private static func fields(of connection: OpaquePointer) -> [HTTPRequest.Field] {
        let fields = Fields()
        _ = MHD_get_connection_values_n(
            connection, .HEADER_KIND,
            { context, _, key, keySize, value, valueSize in
                guard let context, let key else { return .YES }
                let name = String(
                    decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
                let bytes = value.map { Array(UnsafeRawBufferPointer(start: $0, count: valueSize)) } ?? []
                Unmanaged<Fields>.fromOpaque(context).takeUnretainedValue().items.append(
                    HTTPRequest.Field(name: name, value: bytes))
                return .YES
            }, Unmanaged.passUnretained(fields).toOpaque())
        return fields.items
    }

    /// Header fields by lowercased name; the first of a repeated field.
    private static func headers(of connection: OpaquePointer) -> [String: String] {
        var headers: [String: String] = [:]
        for (key, value) in pairs(of: connection, kind: .HEADER_KIND) where headers[key.lowercased()] == nil {
            headers[key.lowercased()] = value ?? ""
        }
        return headers
    }

    /// The query as sent, put back together from libmicrohttpd's arguments (kept percent-encoded
    /// by the unescape callback; it has turned `+` into a space, which is turned back).
    private static func query(of connection: OpaquePointer) -> String? {
        let arguments = pairs(of: connection, kind: .GET_ARGUMENT_KIND)
        guard !arguments.isEmpty else { return nil }
        return arguments.map { key, value in
            (key + (value.map { "=" + $0 } ?? "")).replacingOccurrences(of: " ", with: "+")
        }.joined(separator: "&")
    }

    /// Raises the soft limit of open files to `wanted` (at most the hard limit); never lowers it.
    private static func raiseOpenFilesLimit(to wanted: rlim_t) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < wanted else { return }
        limit.rlim_cur = min(wanted, limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    private func send(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes {
                MHD_create_response_from_buffer(
                    $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .file(let descriptor, let size, let offset):
            made = MHD_create_response_from_fd_at_offset64(size, descriptor, offset)
            if made == nil { close(descriptor) }
        case .stream(let stream):
            let retained = Unmanaged.passRetained(stream).toOpaque()
            made = MHD_create_response_from_callback(
                lecture_mhd_size_unknown, 4096,
                { context, _, buffer, capacity in
                    guard let context, let buffer else { return lecture_mhd_end_with_error }
                    let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
                    return stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))
                        ?? lecture_mhd_end_of_stream
                }, retained,
                { context in
                    guard let context else { return }
                    Unmanaged<EventStream>.fromOpaque(context).release()
                })
            if made == nil { Unmanaged<EventStream>.fromOpaque(retained).release() }
        }
        guard let made else { return .NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers {
            _ = MHD_add_response_header(made, name, value)
        }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }
}
