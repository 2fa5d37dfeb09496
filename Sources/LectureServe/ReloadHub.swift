import Foundation
import LectureSupport

/// Tells every open page about new builds, over Server-Sent Events (the HTML standard,
/// §9.2 "Server-sent events").
///
/// The hub holds the current `SiteState` and a sequence number bumped by each publication;
/// each `EventStream` (one per open page) remembers the last number it sent and blocks on the
/// hub's condition variable until a newer one is published, a ping is due or the hub stops.
/// Each event carries the whole state, so a stream that misses one (two rebuilds in quick
/// succession) only needs the latest.
///
/// Events, each `event: NAME` and one line of `data:` JSON (`SiteState.json`):
/// - `hello`: sent first on every stream, with the state at that moment;
/// - `reload`: a rebuild finished and was swapped in (new `version`, `errors` null);
/// - `error`: a rebuild failed; `errors` holds its diagnostics and the old site stays.
// @unchecked: its state is under `condition` (NSCondition: streams wait for the next publication,
// which Synchronization's Mutex cannot).
final class ReloadHub: @unchecked Sendable {
    enum Wait {
        case event(sequence: Int, bytes: [UInt8])
        case ping
        case stopped
    }

    private let condition = NSCondition()
    private let boot = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private var builds = 0
    private var fullReload = 0
    private var state: SiteState
    private var lastEvent = "hello"
    private var sequence = 0
    private var stopped = false
    private var streams = 0

    /// A hub whose state is version `<boot>-0` (no build yet) without errors.
    init() {
        state = SiteState(version: "\(boot)-0", hasGoodBuild: false)
    }

    /// The state pages are served with now.
    var current: SiteState { condition.withLock { state } }

    /// How many event streams are open (a page's stream closes once a write to its closed
    /// socket fails, at the latest one ping interval after the page went away).
    var openStreams: Int { condition.withLock { streams } }

    /// Announces a build that has been swapped in: a new version, no errors, `reload` sent.
    /// `inPlace`: whether only Markdown pages changed, so that open pages may swap their
    /// content in place (see `SiteState.fullReload`).
    func siteRebuilt(inPlace: Bool = false) {
        publish("reload") {
            builds += 1
            if !inPlace || fullReload == 0 { fullReload = builds }
            state = SiteState(version: "\(boot)-\(builds)", fullReload: fullReload)
        }
    }

    /// Announces a failed rebuild: same version (the last good site stays), `error` sent with
    /// `errors`, the diagnostics as printed.
    func rebuildFailed(errors: String) {
        publish("error") { state.errors = errors }
    }

    /// Ends every stream (their readers return end-of-stream) and refuses new events, so that
    /// the HTTP server can stop without waiting for a blocked reader.
    func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    /// A stream for one page, starting with `retry` and `hello`. `pingInterval` in seconds.
    func makeStream(pingInterval: Double) -> EventStream {
        condition.withLock {
            streams += 1
            let first = Array("retry: 1000\n\n".utf8) + Self.message("hello", state)
            return EventStream(hub: self, cursor: sequence, first: first, pingInterval: pingInterval)
        }
    }

    func streamClosed() { condition.withLock { streams -= 1 } }

    /// Blocks until an event newer than `cursor` exists, `timeout` seconds pass or the hub stops.
    func wait(after cursor: Int, timeout: Double) -> Wait {
        let deadline = ContinuousClock.now.advanced(by: .seconds(timeout))
        condition.lock()
        defer { condition.unlock() }
        while !stopped && sequence <= cursor {
            // NSCondition takes a wall-clock date: each wait is given what remains on the
            // continuous clock, so a change of the system's time neither ends it early nor late.
            let remaining = ContinuousClock.now.duration(to: deadline).seconds
            if remaining <= 0 || !condition.wait(until: Date(timeIntervalSinceNow: remaining)) { break }
        }
        if stopped { return .stopped }
        if sequence > cursor { return .event(sequence: sequence, bytes: Self.message(lastEvent, state)) }
        return .ping
    }

    private func publish(_ event: String, _ change: () -> Void) {
        condition.withLock {
            guard !stopped else { return }
            change()
            lastEvent = event
            sequence += 1
            condition.broadcast()
        }
    }

    static func message(_ event: String, _ state: SiteState) -> [UInt8] {
        Array("event: \(event)\ndata: \(state.json)\n\n".utf8)
    }
}
