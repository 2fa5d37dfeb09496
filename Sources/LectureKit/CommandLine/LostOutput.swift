import Foundation
import LectureSupport

/// What a run printed that never reached its reader: stdout or stderr that could not be written
/// (`lecture check > /dev/full`, a full disk) exited 0 with the report lost (attack 12). A reader
/// that goes away early (`| head`, EPIPE) is no failure: it asked for no more.
enum LostOutput {
    /// `status`, or 1 when a write to stdout or stderr failed, said on stderr when it can be.
    static func status(_ status: Int32, console: Console) -> Int32 {
        let lost = [(Int32(1), "standard output"), (2, "standard error")].compactMap { descriptor, name in
            StandardStream.failure(of: descriptor).map { (name, String(cString: strerror($0))) }
        }
        guard let (name, reason) = lost.first else { return status }
        console.report(
            .error(
                .fileSystem, "\(name) could not be written: \(reason); what lecture printed there is lost",
                notes: ["send it where it can be written (a file on a disk with room, a pipe, the terminal)"]))
        return status == 0 ? 1 : status
    }
}
