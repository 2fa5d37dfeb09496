import Foundation
import LectureSupport

extension SampleVerifier {
    /// Runs `compiler` (swiftc, or the `swift-frontend` of a merged program) with `arguments` in
    /// `work`, which is its `TMPDIR` too (the driver leaves its temporary files there), in a place
    /// of the run's job pool (`RunContext.process`) and under the run's cancellation: every compile and link of
    /// a sample, on either path, goes through here. The compiler leads a process group of its
    /// own, which a time-out kills whole (the driver and its `swift-frontend`); the limit is
    /// `options.compileTimeout` unless `timeout` says otherwise. It maps at most
    /// `CompileMemoryLimit`'s address space.
    func compilerJob(_ compiler: String, _ arguments: [String], in work: String, timeout: Double? = nil) throws
        -> Subprocess.Result
    {
        let limited = CompileMemoryLimit.command(compiler, arguments, mebibytes: options.compileMemoryMiB)
        return try run.process(
            limited.program, limited.arguments, directory: work,
            environment: CompilerEnvironment.variables(scratch: work),
            inheritingEnvironment: false,
            timeout: timeout ?? options.compileTimeout)
    }

    /// Compiles the sample's `main.swift` in `work` with `arguments`, given to `compiler` (default:
    /// swiftc; the merged path gives `swift-frontend`). A sample that only mentions `@main` (in a
    /// comment, say), and so fails as a library, is compiled again as a script.
    func compile(_ sample: Sample, _ arguments: [String], in work: String, running compiler: String? = nil) throws
        -> Subprocess.Result
    {
        let compiler = compiler ?? toolchain.swiftc
        let compile = try compilerJob(compiler, arguments, in: work)
        guard !compile.succeeded, sample.declaresMain, UnfinishedProcess(compile: compile) == nil else {
            return compile
        }
        let asScript = try compilerJob(compiler, arguments.filter { $0 != "-parse-as-library" }, in: work)
        return asScript.succeeded ? asScript : compile
    }

    /// Runs the built sample once, in a fresh folder and the book's fixed environment
    /// (`SampleEnvironment`): nothing of the caller's shell reaches it. The files `sample` reads
    /// (`reads=`) are copied into the folder first (`SampleReads`).
    func runOnce(_ executable: String, of sample: Sample? = nil) throws -> Subprocess.Result {
        let sandbox = try FileSystem.makeTemporaryDirectory(prefix: "lecture-run")
        defer { FileSystem.removeTemporaryDirectory(sandbox) }
        guard let sample else { return try runBuilt(executable, in: sandbox) }
        try SampleReads.provide(sample, in: sandbox, replaced: options.replaced)
        return try runBuilt(executable, in: sandbox, working: SampleReads.workingFolder(of: sample))
    }

    /// Runs a built sample in `folder`, its working folder and `TMPDIR`, under the time limit, the
    /// output cap and the limit on what it writes there (`RunFolderLimit`), in the book's fixed
    /// environment (`SampleEnvironment`): nothing of the caller's shell reaches it. It runs in the book's sandbox (`SampleSandbox`), and leads a session of
    /// its own even uncontained: it never has a controlling terminal. A process it leaves behind
    /// (its parent ended) is ended at once (`SampleSandbox.endOrphans`). Its stdout and stderr are line-buffered by the object it was linked with
    /// (`LineBufferedOutput`, as `stdbuf -oL -eL` would), so what a sample printed before it
    /// trapped is not lost in an unflushed buffer; the runtime's backtracer is off, its trap
    /// message stays.
    /// `working` names the program's working folder inside `folder` ("" for `folder` itself,
    /// `SampleReads.workingFolder`). Contained, the folder the program writes is a tmpfs of the
    /// sandbox's filled with what `folder` holds (`ContainedRunFolder`), gone when it ends, and
    /// `readBack` files (outside `folder`) are bound into it at their paths inside it.
    func runBuilt(
        _ executable: String, in folder: String, working: String = "", readBack: [(host: String, inside: String)] = []
    ) throws -> Subprocess.Result {
        let sandbox = self.sandbox
        if !sandbox.isContained { sandboxUse.ranUncontained() }
        let directory = working.isEmpty ? folder : folder + "/" + working
        let limit = RunFolderLimit(folder: folder)
        let folderEntries = limit.start.entries + RunFolderLimit.entries
        // The verdict channel (`ContainedRunFolder`): beside the run folder, removed with the run.
        // Without it "full" and the SIGXFSZ rule would be off without a word: the run is an error.
        let verdict = try sandbox.isContained ? RunVerdictChannel.make(beside: folder) : nil
        defer { verdict?.remove() }
        let contained = sandbox.command(
            running: executable, in: folder, workingIn: directory,
            folderBytes: limit.start.bytes + RunFolderLimit.bytes, folderEntries: folderEntries,
            readBack: readBack.map { ($0.host, folder + "/" + $0.inside) }, verdict: verdict?.path)
        // Contained, the sandbox's tmpfs mounts are measured from outside (the host folder no
        // longer changes); uncontained, the folder itself is walked.
        let measure = SandboxFolderMeasure(
            mounts: sandbox.measuredMounts(folder: folder, entries: folderEntries, readBack: readBack.count))
        // The sandbox's init and shell, found once for the measure and the end of orphans.
        let processes = SandboxProcesses()
        var command = options.limits.command(contained, contained: sandbox.isContained)
        // Contained, the run's processes share a cgroup bounding their number and memory
        // (`SampleCgroup`), where the machine lets one be made.
        let cgroup = sandbox.isContained ? SampleCgroup.make(limits: options.limits) : nil
        defer { cgroup?.remove() }
        if let cgroup {
            command = (cgroup.entering[0], Array(cgroup.entering.dropFirst()) + [command.program] + command.arguments)
        } else if sandbox.isContained, geteuid() == 0 {
            // As root, `process-limit` holds only through the cgroup: said once per run.
            sandboxUse.ranWithoutCgroup()
        }
        let environment = options.environment.variables(in: folder)
        // Contained, the time limit is the program's own, counted from when the sandbox's shell
        // said it started: setting up the sandbox and its cgroup took more than ten seconds on a
        // loaded machine, and a `print(8)` was judged too slow. The setting up has its own
        // allowance, past which the run is unverifiable (`sandboxNotStarted`).
        let timeout = options.timeout
        let ownTime: @Sendable () -> Subprocess.Termination? = {
            guard let started = verdict?.startedAt else { return nil }
            return (ContinuousClock.now - started).seconds > timeout ? .timedOut : nil
        }
        var run = try self.run.process(
            command.program, command.arguments, directory: directory,
            environment: environment, inheritingEnvironment: false,
            timeout: verdict == nil ? timeout : timeout + SampleSandbox.startAllowance,
            outputLimit: options.outputLimit, newSession: true,
            whileRunning: { pid in
                if sandbox.isContained { processes.find(run: pid) }
                sandbox.endOrphans(of: processes)
                if sandbox.isContained { measure.measure(processes) }
                verdict?.drain()
            },
            stopWhen: {
                let full = sandbox.isContained ? measure.isExceeded || verdict?.overflowed == true : limit.isExceeded
                return full ? .fileLimitExceeded : ownTime()
            })
        if let verdict {
            run.termination = SampleSandbox.termination(
                run.termination, verdict: verdict.lines(), measuredFull: measure.isExceeded)
        } else if run.termination != .fileLimitExceeded, limit.isExceeded {
            // Uncontained, a program that wrote past the limit and ended between two walks (100 MiB
            // in well under 100 ms) is judged by what it left, as one the walk caught. Contained,
            // the host folder is not the program's (it writes a tmpfs of the sandbox's): it is not
            // walked again (code review 42, #9).
            run.termination = .fileLimitExceeded
        }
        // A SIGKILL the run's memory cgroup counted as its out-of-memory kill is the memory
        // limit's (read before the cgroup is removed).
        if case .signaled = run.termination, cgroup?.ranOutOfMemory == true { run.ranOutOfMemory = true }
        return run
    }
}
