import CommonMark
import Foundation
import LectureSupport

/// A sample's stderr as diagnostics show it.
extension SampleVerifier {
    /// A sample's stderr as a diagnostic's note shows it: without the runtime's stack trace, and
    /// with the page's path where the runtime names the file by its `#fileID`
    /// (`Sample/b.md:3: Fatal error: …`, the module and the file's last component, which
    /// `fatalError` and `precondition` print in Swift 6 mode), its `#filePath` or a generated
    /// file's path (`ProgramPaths`).
    static func readableStderr(_ stderr: String, of sample: Sample) -> String {
        ProgramPaths.shown(withoutStackTrace(stderr), of: sample, as: sample.path)
    }

    /// stderr without the runtime's stack trace, which says nothing about the Markdown.
    static func withoutStackTrace(_ stderr: String) -> String {
        var kept: [Substring] = []
        for line in stderr.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Current stack trace:") || line.hasPrefix("*** Program crashed")
                || line.hasPrefix("💣 Program crashed")
            {
                break
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n").trimmingCharacters(in: "\n").description
    }

    /// The Swift runtime's reason for a trap, such as `Fatal error: Index out of range` or
    /// `Precondition failed: …` (`TrapPlace.messages`).
    static func trapMessage(in stderr: String) -> String? {
        for line in stderr.split(separator: "\n") {
            for message in TrapPlace.messages {
                guard let range = line.range(of: message) else { continue }
                let rest = line[range.upperBound...]
                if rest.isEmpty || rest.hasPrefix(": ") { return String(line[range.lowerBound...]) }
            }
            if line.contains("Illegal instruction") { return "runtime trap" }
        }
        return nil
    }

    /// The error of a run killed for writing more than `RunFolderLimit` allows in its folder.
    static func fileLimitError(_ sample: Sample, program: String, notes: [String]) -> Diagnostic {
        .error(
            .sampleFileLimit, sample.path, sample.location,
            "\(program) wrote more than \(RunFolderLimit.bytes >> 20) MiB or \(RunFolderLimit.entries) files into its folder and was killed",
            notes: [
                "a sample's working folder, HOME and TMPDIR hold as much as its /tmp: write less, or print what it computes"
            ] + notes)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
