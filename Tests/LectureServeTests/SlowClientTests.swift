import Foundation
import Testing

@testable import LectureServe

#if canImport(Glibc)
    import Glibc
#endif

/// Slowloris and its sibling, the body that never ends: clients that open connections and send
/// their request a byte at a time must not keep the preview from others. Every slow client here
/// keeps sending (a byte every 100 ms, so libmicrohttpd's idle timeout never fires) until the
/// server closes its connection.
@Suite(.serialized) struct SlowClientTests {
    /// Slow connections that trickle bytes until the server closes them.
    final class SlowClients: @unchecked Sendable {
        private let lock = NSLock()
        private var open: [Int32] = []
        private(set) var closedByServer = 0
        /// Connections the server accepted (some may be closed already).
        private(set) var opened = 0
        private var stopped = false
        private let done = DispatchSemaphore(value: 0)

        /// `count` connections to `port`, from `source` (a loopback address), each starting a
        /// request that never ends: half in the header, half in a body announced as 1 MB.
        init(count: Int, port: UInt16, source: String = "127.0.0.1") {
            for index in 0..<count {
                guard let fd = Self.connect(port: port, source: source) else { continue }
                let start =
                    index % 2 == 0
                    ? "GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: "
                    : "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000000\r\n\r\n"
                _ = start.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
                open.append(fd)
                opened += 1
            }
            Thread { [self] in trickle() }.start()
        }

        var stillOpen: Int { lock.withLock { open.count } }

        func stop() {
            lock.withLock { stopped = true }
            done.wait()
            for fd in open { close(fd) }
        }

        private func trickle() {
            defer { done.signal() }
            while lock.withLock({ !stopped }) {
                lock.withLock {
                    open = open.filter { fd in
                        var byte = UInt8(ascii: "a")
                        let sent = send(fd, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                        var peek = UInt8(0)
                        let read = recv(fd, &peek, 1, Int32(MSG_DONTWAIT | MSG_PEEK))
                        let closed = (sent < 0 && errno != EAGAIN) || read == 0 || (read < 0 && errno != EAGAIN)
                        if closed {
                            close(fd)
                            closedByServer += 1
                        }
                        return !closed
                    }
                }
                usleep(100_000)
            }
        }

        /// A TCP connection from `source` to `127.0.0.1:port`; nil when it is refused.
        static func connect(port: UInt16, source: String) -> Int32? {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { return nil }
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            var remote = sockaddr_in()
            remote.sin_family = sa_family_t(AF_INET)
            remote.sin_port = port.bigEndian
            inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            let connected = withUnsafePointer(to: &remote) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0, connected == 0 else {
                close(fd)
                return nil
            }
            return fd
        }
    }

    /// Seconds from now until a `GET /` is answered 200, trying again while the server refuses
    /// or is busy; nil if none was within `bound`.
    static func secondsUntilServed(port: UInt16, within bound: Double) -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < bound {
            if let response = try? HTTPTestClient.request("GET", "/", port: port, timeout: 2), response.status == 200 {
                return Date().timeIntervalSince(start)
            }
            usleep(50_000)
        }
        return nil
    }

    /// More slow clients than every slot (4 served, 200 spare for a 503) from the same address
    /// as the reader: none may hold its slot past the request deadline (1 s here) however it
    /// trickles, and a normal request is answered meanwhile.
    @Test func slowHeadersAndBodiesAreCutAtTheRequestDeadlineAndOthersAreServed() throws {
        let site = try ServeFixture(connectionLimit: 4, requestTimeout: 1)
        let slow = SlowClients(count: 210, port: site.port)
        defer { slow.stop() }
        // Every one was accepted (a new one may already have closed an older one to take its slot).
        #expect(slow.opened >= 200)
        let seconds = Self.secondsUntilServed(port: site.port, within: 20)
        #expect(seconds != nil, "no request was answered while 210 slow clients trickled")
        // Every slow client was closed by the server: none finished its request.
        let start = Date()
        while slow.stillOpen > 0, Date().timeIntervalSince(start) < patience { usleep(50_000) }
        #expect(slow.stillOpen == 0)
        #expect(slow.closedByServer >= 200)
    }

    /// Unfinished requests from the reader's own address (on loopback every
    /// program shares it), more than every slot and spare together (20 + 200 here, as 1,000 +
    /// 200 by default), held far within their deadline (60 s here). Each new connection takes
    /// the slot of the oldest unfinished request, so the reader's requests are answered 200 at
    /// once, where libmicrohttpd's per-address limit reset them and the spare slots ran out.
    @Test func unfinishedRequestsFromTheReadersAddressNeverLockItOut() throws {
        #expect(ServeConfiguration().requestTimeout == 5)
        let site = try ServeFixture(connectionLimit: 20, requestTimeout: 60)
        let slow = SlowClients(count: 300, port: site.port)
        defer { slow.stop() }
        for _ in 0..<3 {
            let start = Date()
            let response = try HTTPTestClient.request("GET", "/", port: site.port, timeout: 10)
            #expect(response.status == 200)
            #expect(Date().timeIntervalSince(start) < 10)
        }
        // The server closed the unfinished requests it made room from: at most the slots stay.
        let start = Date()
        while slow.stillOpen > 20, Date().timeIntervalSince(start) < patience { usleep(50_000) }
        #expect(slow.stillOpen <= 20)
        #expect(slow.closedByServer >= slow.opened - 20)
    }
}
