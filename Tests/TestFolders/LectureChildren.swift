import Foundation

/// The processes a `lecture` process started, found as `lecture` itself finds them: every
/// process `Subprocess` starts carries `LECTURE_CHILD_OF=<pid of lecture>` in its environment
/// (`ChildProcesses`), and passes it on to its own children. Shared by the signal tests of
/// `lecture build` and `lecture serve`.
public enum LectureChildren {
    /// The live processes (zombies left out: they have ended) that carry the marker of `pid`,
    /// as `/proc` entry names.
    public static func live(of pid: Int32) -> [String] {
        let marker = Array("LECTURE_CHILD_OF=\(pid)".utf8)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int32(entry) != nil, let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                !stat.contains(") Z ")  // a zombie has ended already
            else { return false }
            return environ.split(separator: 0).contains { Array($0) == marker }
        }
    }
}
