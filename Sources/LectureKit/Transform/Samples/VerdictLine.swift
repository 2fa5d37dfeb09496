import Foundation

/// One line of a contained run's verdict channel (`RunVerdictChannel`), as the sandbox's shell
/// writes it (`ContainedRunFolder.script`) and `SampleSandbox.termination` reads it: the one
/// place the protocol's words are spelled. The program can write into the channel too, so a
/// line may be the program's: only what the shell alone can write last (`ended`, once every
/// other process is gone) is trusted.
enum VerdictLine: Hashable, Sendable {
    /// The shell's first act, before it copies the folder's files in: the sandbox started. A
    /// channel without it is a sandbox that did not start (bubblewrap or the cgroup wrapper failed).
    case started
    /// The folder was full, or held more than its entries, when the program ended.
    case full
    /// The shell's last line, written at its normal end with the program's status, which it
    /// exits with.
    case ended(Int32)
    /// Anything else: dash's word about a child it saw killed by a signal ("File size limit
    /// exceeded"), the shell's own `stopped STATUS` when it ends before its verdict, or whatever
    /// the program wrote.
    case shellSaid(String)

    /// The line as the channel holds it (trimmed of spaces and tabs).
    init(_ line: some StringProtocol) {
        let text = line.trimmingCharacters(in: .whitespaces)
        switch text {
        case Self.started.text: self = .started
        case Self.full.text: self = .full
        default:
            let words = text.split(separator: " ")
            if words.count == 2, words[0] == "ended", let status = Int32(words[1]), String(status) == words[1] {
                self = .ended(status)
            } else {
                self = .shellSaid(text)
            }
        }
    }

    /// The words the shell writes.
    var text: String {
        switch self {
        case .started: "started"
        case .full: "full"
        case .ended(let status): "ended \(status)"
        case .shellSaid(let text): text
        }
    }

    /// The lines of what the channel held, empty ones left out. The bytes are split at each
    /// newline byte, never as a `String`'s characters: there `"\r\n"` is one character, and a
    /// carriage return the program left in the channel joined the shell's next line to its own
    /// (code review 43 #1: `\r` then the shell's `\nfull\n` read as one line, and a run that
    /// filled its folder passed).
    static func lines(of bytes: [UInt8]) -> [VerdictLine] {
        bytes.split(separator: UInt8(ascii: "\n")).map { VerdictLine(String(decoding: $0, as: UTF8.self)) }.filter {
            $0 != .shellSaid("")
        }
    }
}
