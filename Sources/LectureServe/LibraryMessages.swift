import Foundation
import LectureSupport
import Synchronization

/// What the HTTP library (libmicrohttpd) says on its own, through its external logger: said at most
/// once per kind per `interval`, never once per connection. Every connection a client closes
/// half-sent made libmicrohttpd print `Connection socket is closed when reading request due to the
/// error: detected connection closure`, so anyone on loopback could flood the serving terminal
/// (400 lines for 400 connections, attack 16, k25e). The first message of a kind is said at once,
/// in lecture's words where the kind is known (`known`), with the library's text after it; the
/// ones after it within the interval are counted, and the next one past it says how many there
/// were. Kinds are the message with its digits taken out, at most `maximumKinds` of them; the
/// rest are one kind.
final class LibraryMessages: Sendable {
    /// The shortest time between two lines of one kind, in seconds.
    let interval: Double
    /// Kinds told apart; any further kind counts as one more.
    static let maximumKinds = 32
    private let print: @Sendable (String) -> Void
    private struct Kind {
        var lastSaid: Double
        var unsaid: Int
    }
    private let kinds = Mutex<[String: Kind]>([:])
    private let start = ContinuousClock.now

    init(interval: Double = 60, print: @escaping @Sendable (String) -> Void) {
        self.interval = interval
        self.print = print
    }

    /// Takes one message, said now or counted.
    func record(_ message: String) {
        record(message, at: (ContinuousClock.now - start) / .seconds(1))
    }

    /// Takes one message at `time` (seconds on a monotonic clock).
    func record(_ message: String, at time: Double) {
        let text = String(message.trimmingCharacters(in: .whitespacesAndNewlines).prefix(300))
        var key = String(text.filter { !$0.isNumber }.prefix(80))
        let said: Int? = kinds.withLock { kinds in
            if kinds[key] == nil && kinds.count >= Self.maximumKinds { key = "" }
            guard var kind = kinds[key] else {
                kinds[key] = Kind(lastSaid: time, unsaid: 0)
                return 0
            }
            guard time - kind.lastSaid >= interval else {
                kind.unsaid += 1
                kinds[key] = kind
                return nil
            }
            let unsaid = kind.unsaid
            kinds[key] = Kind(lastSaid: time, unsaid: 0)
            return unsaid
        }
        guard let said else { return }
        print(line(text, before: said))
    }

    /// The line for `text`, with `before` messages of its kind counted since the last one said.
    func line(_ text: String, before: Int) -> String {
        let seconds = Int(interval)
        let count =
            before > 0
            ? " (and \(before) more like it in the last \(seconds) s before this one)"
            : " (more like it are counted, and said at most once every \(seconds) s)"
        let words = Self.known.first { text.lowercased().contains($0.match) }?.words
        return
            "HTTP server: \(words.map { "\($0); the library said: " } ?? "")\(quoted: text)\(count)"
    }

    /// Messages whose meaning lecture can say: a part of the library's text, lowercased, and
    /// what it means.
    static let known: [(match: String, words: String)] = [
        ("connection closure", "a client closed its connection before sending a whole request (nothing to do)"),
        ("incomplete request", "a client closed its connection before sending a whole request (nothing to do)"),
        ("forcibly closed", "a client reset its connection (nothing to do)"),
        ("error accepting connection", "a connection could not be accepted"),
        ("resource limit", "the machine's limit of open connections was reached; new ones wait"),
    ]
}
