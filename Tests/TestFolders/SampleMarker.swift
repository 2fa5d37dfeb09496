import Foundation

/// How a test learns that a sample of a `lecture` it started is running. Uncontained, the sample
/// writes a file in its own folder (`TMPDIR`), which is `lecture-run.*` in the `TMPDIR` the test
/// and its `lecture` share. Contained, that folder is a tmpfs of the sandbox the test cannot see
/// (`ContainedRunFolder`), so the sample also names itself: it writes the marker's last 15
/// characters to `/proc/self/comm`, which the test finds in `/proc` (the sandbox's processes are
/// the machine's too). Shared by the signal tests of `lecture build` and `lecture serve`.
public enum SampleMarker {
    /// Swift statements that write the marker `name` (a unique file name) from inside a sample.
    public static func writing(_ name: String) -> String {
        "FileManager.default.createFile(atPath: ProcessInfo.processInfo.environment[\"TMPDIR\"]! + \"/\(name)\", contents: nil); "
            + "FileHandle(forWritingAtPath: \"/proc/self/comm\")?.write(Data(\"\(processName(name))\".utf8))"
    }

    /// Whether a running sample has written the marker `name`.
    public static func exists(_ name: String) -> Bool {
        let temporary = NSTemporaryDirectory()
        let written = ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).contains {
            $0.hasPrefix("lecture-run.") && FileManager.default.fileExists(atPath: temporary + "/" + $0 + "/" + name)
        }
        return written || running(processName(name))
    }

    /// The name a sample gives itself: the kernel keeps 15 bytes of it.
    static func processName(_ name: String) -> String { String(name.suffix(15)) }

    /// Whether a process of the machine is named `comm`.
    static func running(_ comm: String) -> Bool {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.contains { entry in
            guard entry.allSatisfy(\.isNumber),
                let named = try? String(contentsOfFile: "/proc/" + entry + "/comm", encoding: .utf8)
            else { return false }
            return named.trimmingCharacters(in: .newlines) == comm
        }
    }
}
