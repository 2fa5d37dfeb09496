import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal HTTP/1.1 client on a blocking socket with `poll(2)` deadlines: enough to GET a page
/// and to read a Server-Sent Events stream (text/event-stream) event by event, chunked or not.
final class HTTPConnection {
    private var fd: Int32 = -1
    private var raw: [UInt8] = []  // bytes read and not yet decoded
    private var body: [UInt8] = []  // decoded body bytes not yet consumed
    private var chunked = false
    private var chunkRemaining = 0  // bytes left in the current chunk; -1 = reading a size line
    private var closed = false
    private(set) var status = 0
    private(set) var headers: [String: String] = [:]

    deinit { if fd >= 0 { close(fd) } }

    /// Connects to `host:port` (IPv4 or IPv6, by name or address).
    init(host: String, port: Int, timeout: Double = 3) throws {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw BenchError.failed("cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            let socketFD = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if socketFD >= 0 {
                if connect(socketFD, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                    fd = socketFD
                    var one: Int32 = 1
                    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    return
                }
                close(socketFD)
            }
            entry = info.pointee.ai_next
        }
        throw BenchError.failed("cannot connect to \(host):\(port)")
    }

    /// Sends a GET and reads the status line and headers.
    func get(_ path: String, host: String, accept: String = "*/*", deadline: Double) throws {
        let request =
            "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nAccept: \(accept)\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n"
        let bytes = Array(request.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { throw BenchError.failed("cannot send the request") }
            offset += n
        }
        // Headers end at the first blank line.
        while true {
            if let end = find([13, 10, 13, 10], in: raw) {
                let head = String(decoding: raw[..<end], as: UTF8.self)
                raw.removeFirst(end + 4)
                let lines = head.components(separatedBy: "\r\n")
                let statusParts = lines[0].split(separator: " ")
                status = statusParts.count > 1 ? Int(statusParts[1]) ?? 0 : 0
                for line in lines.dropFirst() {
                    if let colon = line.firstIndex(of: ":") {
                        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                            in: .whitespaces)
                    }
                }
                chunked = headers["transfer-encoding"]?.lowercased().contains("chunked") ?? false
                chunkRemaining = -1
                decode()
                return
            }
            guard try fill(deadline: deadline) else { throw BenchError.failed("no response headers") }
        }
    }

    /// Reads the whole body (until the connection closes or the deadline).
    func readBody(deadline: Double) throws -> String {
        while !closed, now() < deadline {
            _ = try fill(deadline: deadline)
            decode()
        }
        defer { body.removeAll() }
        return String(decoding: body, as: UTF8.self)
    }

    /// The next Server-Sent Event (its lines, comments dropped) before `deadline`, or nil.
    /// Comment-only blocks (keep-alives, `: ping`) are skipped.
    func nextEvent(deadline: Double) throws -> [String]? {
        while true {
            // Events end at a blank line; CRLF and CR line ends are normalised first.
            let text = String(decoding: body, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            if let range = text.range(of: "\n\n") {
                let block = String(text[..<range.lowerBound])
                let rest = String(text[range.upperBound...])
                body = Array(rest.utf8)
                let fields = block.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(":") }
                if fields.isEmpty { continue }
                return fields
            }
            if closed { return nil }
            guard now() < deadline else { return nil }
            _ = try fill(deadline: deadline)
            decode()
        }
    }

    /// Reads what is available before `deadline`; false when nothing came.
    private func fill(deadline: Double) throws -> Bool {
        let remaining = deadline - now()
        if remaining <= 0 { return false }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&pfd, 1, Int32(min(remaining * 1000 + 1, 1000)))
        if ready <= 0 { return false }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &chunk, chunk.count, 0)
        if n <= 0 {
            closed = true
            return false
        }
        raw += chunk[0..<n]
        return true
    }

    /// Moves decoded bytes from `raw` into `body`, undoing chunked transfer encoding.
    private func decode() {
        guard chunked else {
            body += raw
            raw.removeAll()
            return
        }
        while !raw.isEmpty {
            if chunkRemaining == -2 {  // the CRLF after a chunk's data
                guard raw.count >= 2 else { return }
                raw.removeFirst(2)
                chunkRemaining = -1
                continue
            }
            if chunkRemaining == -1 {  // a size line
                guard let end = find([13, 10], in: raw) else { return }
                let sizeText = String(decoding: raw[..<end], as: UTF8.self).split(separator: ";").first ?? ""
                raw.removeFirst(end + 2)
                let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) ?? 0
                if size == 0 {
                    closed = true
                    raw.removeAll()
                    return
                }
                chunkRemaining = size
            }
            let take = min(chunkRemaining, raw.count)
            body += raw[0..<take]
            raw.removeFirst(take)
            chunkRemaining -= take
            if chunkRemaining == 0 { chunkRemaining = -2 }
        }
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}

/// A TCP port on the loopback that was free a moment ago.
func freeLoopbackPort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}
