import Foundation

/// The memory and process limits of a sample's program: without them a sample has the
/// machine's (no address-space limit, the host's process limit, no cgroup of its own), so one
/// sample could take a CI machine's memory or process table within its time limit.
///
/// Set in the program's process by util-linux's `prlimit` (else the shell's `ulimit`:
/// `limiter`), run between the sandbox and the program (bubblewrap 0.8 has no `--rlimit`), so the
/// limits hold for the program and all it starts:
/// - `RLIMIT_AS`, the address space it may map (`memory-limit`, MiB; default 4096): an
///   allocation past it fails, and Swift's runtime stops the program ("failed to allocate
///   N bytes of memory"), which `RunEnding` reports as running out of memory, naming the limit;
/// - `RLIMIT_NPROC`, its processes and threads (`process-limit`; default 256), only when the
///   program runs contained: inside the sandbox's user namespace the kernel counts the
///   namespace's own processes, where outside it would count every process of the user (and
///   root, outside a user namespace, is not held by it at all); the shell that waits for the
///   program (`ContainedRunFolder`) is one of them;
/// - `RLIMIT_FSIZE`, the largest file it may write (`RunFolderLimit.bytes`), only contained: the
///   files of the builder's disk it can write there are two: the events file lecture reads back,
///   and the verdict channel the shell that waits for it writes (`ContainedRunFolder`, `RunVerdictChannel`).
struct ResourceLimits: Sendable, Hashable {
    /// MiB of address space (`RLIMIT_AS`).
    var memoryMiB = 4096
    /// Processes and threads, contained (`RLIMIT_NPROC`).
    var processes = 256

    static let memoryRange = 64...(1 << 20)
    static let processRange = 8...100_000

    /// `prlimit`, where the machine has it.
    static let prlimit: String? = ["/usr/bin/prlimit", "/bin/prlimit"].first { access($0, X_OK) == 0 }

    /// The words that run the command after them under these limits (the processes only when
    /// `contained`).
    func limiter(contained: Bool) -> [String] {
        Self.limiter(
            memoryMiB: memoryMiB, processes: contained ? processes : nil,
            fileBytes: contained ? RunFolderLimit.bytes : nil)
    }

    /// The words that run the command after them with `memoryMiB` of address space and, when
    /// given, at most `processes` processes: `prlimit --as=… [--nproc=…] --`; where the machine
    /// has no `prlimit` (a container image without util-linux), the shell's `ulimit`, which sets
    /// the same `setrlimit` in the process it then becomes (`exec`: the process group a time-out
    /// kills is the same): dash's and busybox's `-v` and `-p`, bash's `-v` and `-u`. A samples'
    /// program or compile never runs unbounded for want of `prlimit`, and a limit the shell
    /// cannot set stops the command (`&&`) rather than run it without.
    /// `fileBytes`, when given, is the largest file it may write (`RLIMIT_FSIZE`; the shell's
    /// `ulimit -f` counts 512-byte blocks).
    static func limiter(memoryMiB: Int, processes: Int?, fileBytes: Int? = nil, prlimit: String? = Self.prlimit)
        -> [String]
    {
        if let prlimit {
            return [prlimit, "--as=\(memoryMiB << 20)"] + (processes.map { ["--nproc=\($0)"] } ?? [])
                + (fileBytes.map { ["--fsize=\($0)"] } ?? []) + ["--"]
        }
        let nproc = processes.map { " && { ulimit -p \($0) 2>/dev/null || ulimit -u \($0); }" } ?? ""
        let fsize = fileBytes.map { " && ulimit -f \($0 / 512)" } ?? ""
        return ["/bin/sh", "-c", "ulimit -v \(memoryMiB << 10)\(nproc)\(fsize) && exec \"$@\"", "lecture-limits"]
    }

    /// `command` (the sandbox's, ending in the program) with the program run under these limits.
    func command(_ command: (program: String, arguments: [String]), contained: Bool) -> (
        program: String, arguments: [String]
    ) {
        let limited = limiter(contained: contained)
        guard contained, let program = command.arguments.last else {
            return (limited[0], Array(limited.dropFirst()) + [command.program] + command.arguments)
        }
        return (command.program, command.arguments.dropLast() + limited + [program])
    }
}

extension ResourceLimits {
    /// Whether a run that ended by a signal stopped because an allocation failed: the Swift
    /// runtime's and the C++ runtime's words for it.
    static func ranOutOfMemory(stderr: String) -> Bool {
        stderr.contains("Could not allocate memory") || stderr.contains("failed to allocate")
            || stderr.contains("std::bad_alloc")
            || stderr.contains("Cannot allocate memory")
    }
}
