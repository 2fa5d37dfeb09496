import Foundation
import Testing

@testable import LectureServe

#if canImport(Glibc)
    import Glibc
#endif

/// Clients that ask for a large file and never read the
/// answer. The server's thread for each blocks on a full socket buffer; such a connection must
/// be closed once it has made no progress for `idleTimeout` seconds, so that it cannot hold a
/// slot for ever and a reader is served again after at most that long.
@Suite(.serialized) struct NonReadingClientTests {
    /// A connection that sends `request` and reads nothing, with a small receive buffer.
    static func stalled(_ request: String, port: UInt16) -> Int32? {
        guard let fd = SlowClientTests.SlowClients.connect(port: port, source: "127.0.0.1") else { return nil }
        var size: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        return fd
    }

    /// Waits (at most 10 s) until the answer's first byte is in `fd`'s buffer, without taking
    /// it: the server is then busy answering.
    static func answerStarted(_ fd: Int32) -> Bool {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var byte = UInt8(0)
        return recv(fd, &byte, 1, Int32(MSG_PEEK)) == 1
    }

    /// Whether the server's socket of the connection `client` is still ESTABLISHED
    /// (`/proc/net/tcp`: state 01), found by the two ports.
    static func isEstablishedOnServer(client: Int32, serverPort: UInt16) -> Bool {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(client, $0, &length) }
        }
        let clientPort = UInt16(bigEndian: address.sin_port)
        let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        let local = String(format: ":%04X", serverPort)
        let remote = String(format: ":%04X", clientPort)
        return table.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[1].hasSuffix(local) && fields[2].hasSuffix(remote) && fields[3] == "01"
        }
    }

    /// Four downloads of a 4 GiB file hold every slot (4 here) and never read: a reader is
    /// still served (a new connection takes the slot of one whose answer was handed over), and
    /// the server closes each stalled connection once the idle timeout (2 s here, 30 by
    /// default) has passed without progress. With no idle timeout (libmicrohttpd's 0) they
    /// stay open for ever: the test fails so.
    @Test func clientsThatNeverReadAreClosedAfterTheIdleTimeoutAndOthersAreServed() throws {
        #expect(ServeConfiguration().idleTimeout == 30)
        let site = try ServeFixture(connectionLimit: 4, idleTimeout: 2)
        let path = site.output + "/assets/big.bin"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        #expect(descriptor >= 0)
        defer { unlink(path) }
        #expect(ftruncate(descriptor, off_t(4 << 30)) == 0)
        close(descriptor)
        var stalled: [Int32] = []
        defer { for fd in stalled { close(fd) } }
        for _ in 0..<4 {
            let request = "GET /assets/big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n"
            let fd = try #require(Self.stalled(request, port: site.port))
            stalled.append(fd)
            #expect(Self.answerStarted(fd), "no answer began")
        }
        let seconds = SlowClientTests.secondsUntilServed(port: site.port, within: 20)
        #expect(seconds != nil, "no request was answered while four clients did not read")
        // The server's end of each stalled connection leaves ESTABLISHED (closed, its unsent
        // bytes left to the kernel) within the idle timeout and a margin.
        let start = Date()
        var open = stalled.filter { Self.isEstablishedOnServer(client: $0, serverPort: site.port) }
        while !open.isEmpty, Date().timeIntervalSince(start) < 15 {
            usleep(100_000)
            open = open.filter { Self.isEstablishedOnServer(client: $0, serverPort: site.port) }
        }
        #expect(open.isEmpty, "\(open.count) connections still open on the server after 15 s")
    }
}
