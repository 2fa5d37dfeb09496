import Foundation

/// How a test learns that a sample of a `lecture` it started is running: the sample writes a
/// file in its own folder (`TMPDIR`, the one folder a sample in the sandbox may write), which is
/// `lecture-run.*` in the `TMPDIR` the test and its `lecture` share. Shared by the signal tests
/// of `lecture build` and `lecture serve`.
public enum SampleMarker {
    /// Swift statements that write the marker `name` (a unique file name) from inside a sample.
    public static func writing(_ name: String) -> String {
        "FileManager.default.createFile(atPath: ProcessInfo.processInfo.environment[\"TMPDIR\"]! + \"/\(name)\", contents: nil)"
    }

    /// Whether a running sample has written the marker `name`.
    public static func exists(_ name: String) -> Bool {
        let temporary = NSTemporaryDirectory()
        return ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).contains {
            $0.hasPrefix("lecture-run.") && FileManager.default.fileExists(atPath: temporary + "/" + $0 + "/" + name)
        }
    }
}
