/// One page's Server-Sent Events stream: the bytes a libmicrohttpd content reader hands out.
///
/// `read(into:)` runs on the connection's own thread (the server uses a thread per
/// connection, where the manual allows a content reader to block) and blocks until the hub has
/// news, a ping is due, or the hub stops. The ping is an SSE comment line, `: ping`, which
/// browsers ignore; it exists so that a write to the socket of a page that has gone away fails
/// and libmicrohttpd closes the connection, instead of its thread waiting forever.
// @unchecked: libmicrohttpd calls a response's reader on its connection's thread only, one call at
// a time.
final class EventStream: @unchecked Sendable {
    private let hub: ReloadHub
    private var cursor: Int
    private var pending: [UInt8]
    private let pingInterval: Double

    init(hub: ReloadHub, cursor: Int, first: [UInt8], pingInterval: Double) {
        self.hub = hub
        self.cursor = cursor
        self.pending = first
        self.pingInterval = pingInterval
    }

    deinit { hub.streamClosed() }

    /// Copies up to `buffer.count` bytes of the stream into `buffer`.
    /// - Returns: the number of bytes written (at least 1), or `nil` at the end of the stream.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        while pending.isEmpty {
            switch hub.wait(after: cursor, timeout: pingInterval) {
            case .stopped: return nil
            case .ping: pending = Array(": ping\n\n".utf8)
            case .event(let sequence, let bytes):
                cursor = sequence
                pending = bytes
            }
        }
        let count = min(buffer.count, pending.count)
        guard count > 0 else { return nil }
        buffer.copyBytes(from: pending[0..<count])
        pending.removeFirst(count)
        return count
    }
}
