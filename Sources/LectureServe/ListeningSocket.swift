import LectureKit
import LectureSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket bound to `host:port` and listening, made before the HTTP server starts.
///
/// Binding it ourselves (and handing it to libmicrohttpd with `MHD_OPTION_LISTEN_SOCKET`) is
/// what lets `lecture serve` name the port in its error when the port is taken, where
/// `MHD_start_daemon` would only return NULL, and read back the port the kernel chose for
/// `--port 0` (`getsockname(2)`).
struct ListeningSocket: Sendable {
    /// The listening descriptor (close-on-exec). libmicrohttpd closes it when its daemon stops.
    var descriptor: Int32
    /// `AF_INET` or `AF_INET6`.
    var family: Int32
    /// The numeric address bound: `127.0.0.1`, `::1`.
    var address: String
    /// The port bound, never 0.
    var port: UInt16

    /// The server's base URL, with an IPv6 address in brackets (RFC 3986 §3.2.2):
    /// `http://127.0.0.1:8000/`, `http://[::1]:8000/`.
    var url: String {
        let host = family == AF_INET6 ? "[\(address)]" : address
        return "http://\(host):\(port)/"
    }

    /// Resolves `host` (a numeric address or a name such as `localhost`) and binds the first
    /// address that works, with `SO_REUSEADDR` (so a socket of a previous run in TIME_WAIT does
    /// not block it; a live listener still does) and, for IPv6, `IPV6_V6ONLY`.
    ///
    /// - Parameter port: 0 lets the kernel choose a free port.
    /// - Throws: `LectureError` (exit 2) naming the host and port: already in use, not an
    ///   address of this machine, not allowed (ports below 1024), or not resolvable.
    static func bind(host: String, port: UInt16) throws -> ListeningSocket {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(name, String(port), &hints, &list)
        guard status == 0, let list else {
            throw LectureError(
                .serveStart, "cannot resolve host \(quoted: host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }

        var lastError: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let info = entry?.pointee {
            entry = info.ai_next
            let fd = socket(info.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            if fd < 0 {
                lastError = errno
                continue
            }
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            if info.ai_family == AF_INET6 {
                setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
            }
            guard posixBind(fd, info.ai_addr, info.ai_addrlen) == 0, listen(fd, SOMAXCONN) == 0 else {
                lastError = errno
                posixClose(fd)
                continue
            }
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let bound = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard bound == 0 else {
                lastError = errno
                posixClose(fd)
                continue
            }
            return ListeningSocket(
                descriptor: fd, family: info.ai_family,
                address: numericHost(&storage, length: length), port: boundPort(&storage))
        }
        let shown = name.contains(":") ? "[\(name)]:\(port)" : "\(name):\(port)"
        switch lastError {
        case EADDRINUSE:
            throw LectureError(
                .serveStart, "port \(port) is already in use (\(shown))",
                notes: ["choose another --port, or --port 0 for a free one"])
        case EADDRNOTAVAIL:
            throw LectureError(
                .serveStart, "cannot listen on \(shown): \(quoted: host) is not an address of this machine")
        case EACCES:
            throw LectureError(
                .serveStart, "cannot listen on \(shown): permission denied (ports below 1024 need privileges)")
        default:
            throw LectureError(.serveStart, "cannot listen on \(shown): \(String(cString: strerror(lastError)))")
        }
    }

    /// Closes the socket; only for one that was never handed to the HTTP server.
    package func close() { posixClose(descriptor) }

    private static func numericHost(_ storage: inout sockaddr_storage, length: socklen_t) -> String {
        var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let result = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST)
            }
        }
        return result == 0
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }

    private static func boundPort(_ storage: inout sockaddr_storage) -> UInt16 {
        withUnsafePointer(to: &storage) { pointer in
            if Int32(pointer.pointee.ss_family) == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin6_port)
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                UInt16(bigEndian: $0.pointee.sin_port)
            }
        }
    }
}

// The socket calls under other names, since `ListeningSocket.bind` and `.close` shadow them.
private func posixBind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    bind(fd, address, length)
}
private func posixClose(_ fd: Int32) { _ = close(fd) }
