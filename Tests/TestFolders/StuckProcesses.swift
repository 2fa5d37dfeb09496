import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the processes under a run that is about to outlive its time limit are doing, read from
/// `/proc` (proc(5)) before the run is killed: each descendant's pid, name and state, and each of
/// its threads' wait channel and, for root, kernel stack. A contained `lecture check` once hung
/// until its test's limit under a CI's parallel suites and said nothing; the next one says where.
public enum StuckProcesses {
    /// One line per process under `root` (itself included), depth first, each thread indented
    /// below it.
    public static func report(under root: pid_t) -> String {
        var lines: [String] = []
        var seen: Set<pid_t> = []
        func visit(_ pid: pid_t, depth: Int) {
            guard seen.insert(pid).inserted, depth < 64 else { return }
            let indent = String(repeating: "  ", count: depth)
            let name = text("/proc/\(pid)/comm").trimmingCharacters(in: .whitespacesAndNewlines)
            lines.append("\(indent)\(pid) \(name) \(state(of: pid))")
            var children: [pid_t] = []
            for thread in threads(of: pid) {
                let task = "/proc/\(pid)/task/\(thread)"
                let stack = text(task + "/stack").split(separator: "\n").prefix(8).joined(separator: " < ")
                lines.append(
                    "\(indent)  thread \(thread) \(state(of: pid, thread: thread)) wchan=\(text(task + "/wchan"))"
                        + (stack.isEmpty ? "" : " stack: \(stack)"))
                children += text(task + "/children").split(separator: " ").compactMap { pid_t($0) }
            }
            for child in children { visit(child, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n")
    }

    /// The state letter and name of `/proc/PID[/task/TID]/stat` (after the command's closing
    /// parenthesis), or "?".
    private static func state(of pid: pid_t, thread: pid_t? = nil) -> String {
        let path = thread.map { "/proc/\(pid)/task/\($0)/stat" } ?? "/proc/\(pid)/stat"
        let stat = text(path)
        guard let close = stat.lastIndex(of: ")") else { return "?" }
        return String(stat[stat.index(after: close)...].split(separator: " ").first ?? "?")
    }

    private static func threads(of pid: pid_t) -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).compactMap { pid_t($0) }
            .sorted()
    }

    /// The whole of a `/proc` file (their size reads as 0), or "" when it cannot be read.
    private static func text(_ path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
    }
}
