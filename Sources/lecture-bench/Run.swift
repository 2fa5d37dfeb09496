import Dispatch
import Foundation
import LectureKit
import LectureSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Seconds on the monotonic clock.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// One measured child process.
struct Measured {
    var seconds: Double
    /// Peak resident set size in KiB: `ru_maxrss` of the child from `wait4(2)` (the same figure
    /// as `/usr/bin/time -f %M` and `getrusage(RUSAGE_CHILDREN)`), the largest of the child and
    /// of the descendants it waited for.
    var maxRSSKiB: Int
    /// User and system CPU time of the child and the descendants it waited for (`wait4`): on a
    /// busy machine the steadier measure of work done.
    var cpuSeconds: Double = 0
    var status: Int32
    var stdout: String
    var stderr: String
    var timedOut: Bool
    var succeeded: Bool { status == 0 && !timedOut }
}

enum BenchError: Error, CustomStringConvertible {
    case failed(String)
    var description: String {
        if case .failed(let text) = self { return text }
        return ""
    }
}

/// Runs programs for measurement: `posix_spawn` with stdout and stderr into files (so output of
/// any size costs the same), stdin from `/dev/null`, its own process group, and `wait4` for the
/// time and the peak memory.
enum Run {
    /// The folder of the runs' output files (`main` sets it once, before any run).
    nonisolated(unsafe) static var scratch = NSTemporaryDirectory()
    /// Numbers the runs' output files.
    static let counter = Atomic<Int>(0)
    /// The process group being measured, for Ctrl-C (read on the signal source's queue).
    static let current = Atomic<pid_t>(0)

    static func killCurrent() {
        let group = current.load(ordering: .acquiring)
        if group > 0 { kill(-group, SIGKILL) }
    }

    /// Runs `executable` and waits. `stdoutPath` keeps stdout in that file (else it is read back
    /// as text). Kills the process group after `timeout` seconds.
    static func measure(
        _ executable: String, _ arguments: [String], directory: String? = nil,
        environment: [String: String] = [:], stdoutPath: String? = nil, timeout: Double = 900
    ) throws -> Measured {
        let number = counter.wrappingAdd(1, ordering: .relaxed).newValue
        let outPath = stdoutPath ?? scratch + "/run-\(number).out"
        let errPath = scratch + "/run-\(number).err"
        let pid = try spawn(
            executable, arguments, directory: directory, environment: environment, stdoutPath: outPath,
            stderrPath: errPath)
        current.store(pid, ordering: .releasing)
        defer { current.store(0, ordering: .releasing) }
        let start = now()
        let finished = DispatchSemaphore(value: 0)
        let timedOut = TimeoutFlag()
        DispatchQueue.global().async {
            if finished.wait(timeout: .now() + timeout) == .timedOut {
                timedOut.set()
                kill(-pid, SIGKILL)
            }
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        ChildProcesses.shared.remove(pid)
        let seconds = now() - start
        finished.signal()
        kill(-pid, SIGKILL)  // whatever the child left in its group
        let exit: Int32 = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let out = stdoutPath == nil ? ((try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "") : ""
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        if stdoutPath == nil { unlink(outPath) }
        unlink(errPath)
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Measured(
            seconds: seconds, maxRSSKiB: Int(usage.ru_maxrss), cpuSeconds: cpu, status: exit, stdout: out,
            stderr: err, timedOut: timedOut.value)
    }

    /// Starts a child in its own process group, stdin `/dev/null`, output into the given files,
    /// through the tool's own `Subprocess.spawn`.
    static func spawn(
        _ executable: String, _ arguments: [String], directory: String?, environment: [String: String],
        stdoutPath: String, stderrPath: String
    ) throws -> pid_t {
        do {
            return try Subprocess.spawn(executable, arguments, directory: directory, environment: environment) {
                actions in
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        } catch let error as Subprocess.SpawnError {
            throw BenchError.failed("cannot run \(executable): \(String(cString: strerror(error.code)))")
        }
    }

    /// A program's absolute path, looked up on `PATH` like a shell.
    static func which(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for directory in (ProcessEnvironment.value("PATH") ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The first line of a quick command's output (`swift --version`), or nil.
    static func firstLine(_ executable: String, _ arguments: [String]) -> String? {
        guard let result = try? measure(executable, arguments, timeout: 60) else { return nil }
        return (result.stdout + result.stderr).split(separator: "\n").first.map(String.init)
    }
}

/// Set once, by whichever thread sees the time limit pass.
final class TimeoutFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .releasing) }
    var value: Bool { flag.load(ordering: .acquiring) }
}

/// File helpers for measuring output.
enum Files {
    /// Total bytes of the regular files under `root`, and how many there are.
    static func size(of root: String) -> (bytes: Int, files: Int) {
        if let attributes = try? FileManager.default.attributesOfItem(atPath: root),
            attributes[.type] as? FileAttributeType == .typeRegular
        {
            return ((attributes[.size] as? Int) ?? 0, 1)
        }
        var bytes = 0
        var files = 0
        FolderWalk.walk(root) { entry in
            if entry.kind == .regular, let info = entry.status() {
                bytes += Int(info.st_size)
                files += 1
            }
            return .continue
        }
        return (bytes, files)
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

    static func makeDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    static func copy(_ from: String, to: String) throws {
        try FileManager.default.copyItem(atPath: from, toPath: to)
    }

    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Progress goes to stderr; stdout carries only the machine lines and the table.
func note(_ text: String) {
    FileHandle.standardError.write(Data(("· " + text + "\n").utf8))
}
