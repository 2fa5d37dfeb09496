import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Closes a connection whose request has not arrived whole within `timeout` seconds of the
/// connection opening or of its previous response ending: the defence against slowloris, the
/// client that sends its header one byte at a time, or announces a body and never finishes it.
///
/// libmicrohttpd's own `MHD_OPTION_CONNECTION_TIMEOUT` counts idle seconds, so a client that
/// sends a byte every few seconds holds its connection, and its thread, for ever; it has no
/// deadline for a whole request. This one is kept beside it: `HTTPServer` arms a connection when
/// it opens and after each response, and disarms it when the request has been read whole. A
/// thread wakes at the earliest deadline and shuts the overdue sockets down (`shutdown(2)`,
/// which makes libmicrohttpd's reads end, so it closes the connection itself); it never closes
/// a descriptor. Every change is under one lock, and libmicrohttpd notifies a connection's
/// close (`disarm`) before it closes the descriptor, so a descriptor number reused by a later
/// connection is never shut down in its place.
final class RequestDeadlines: @unchecked Sendable {
    /// Seconds a request may take to arrive whole.
    let timeout: Double
    private let condition = NSCondition()
    /// By connection (its address as an integer): the socket and when its request is due.
    private var armed: [Int: (socket: Int32, due: ContinuousClock.Instant)] = [:]
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)
    /// Connections shut down because their request was late, since the start.
    private(set) var closedCount = 0
    /// Connections shut down to make room for a new one (`evictOldest`), since the start.
    private(set) var evictedCount = 0

    /// Starts the thread that watches the deadlines.
    init(timeout: Double) {
        self.timeout = timeout
        let thread = Thread { [self] in watch() }
        thread.name = "lecture-request-deadlines"
        thread.start()
    }

    /// Gives `connection`'s next request `timeout` seconds from now to arrive.
    func arm(_ connection: Int, socket: Int32) {
        condition.withLock {
            armed[connection] = (socket, .now + .milliseconds(Int(timeout * 1000)))
            condition.signal()
        }
    }

    /// Makes room for a new connection when every slot is taken: shuts down the connection
    /// (other than `connection`) that has waited longest for its request, as if its deadline had
    /// passed. Only connections whose request has not arrived whole are armed, so a response
    /// being sent or an event stream is never cut. Returns whether one was shut down.
    func evictOldest(except connection: Int) -> Bool {
        condition.withLock {
            guard let oldest = armed.filter({ $0.key != connection }).min(by: { $0.value.due < $1.value.due })
            else { return false }
            _ = shutdown(oldest.value.socket, Int32(SHUT_RDWR))
            armed.removeValue(forKey: oldest.key)
            evictedCount += 1
            return true
        }
    }

    /// The request arrived whole, or the connection closes.
    func disarm(_ connection: Int) {
        condition.withLock { _ = armed.removeValue(forKey: connection) }
    }

    /// Ends the watching thread and waits for it.
    func stop() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
        finished.wait()
    }

    private func watch() {
        condition.lock()
        defer {
            condition.unlock()
            finished.signal()
        }
        while !stopped {
            let now = ContinuousClock.now
            for (connection, entry) in armed where entry.due <= now {
                _ = shutdown(entry.socket, Int32(SHUT_RDWR))
                armed.removeValue(forKey: connection)
                closedCount += 1
            }
            if let next = armed.values.map(\.due).min() {
                let wait = now.duration(to: next)
                let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
                _ = condition.wait(until: Date(timeIntervalSinceNow: max(seconds, 0.001)))
            } else {
                condition.wait()
            }
        }
    }
}
