/// A contained run's own folder (its working folder, `HOME` and `TMPDIR`) as a tmpfs of its
/// own inside the sandbox, sized to what it was given plus `RunFolderLimit.bytes`: the kernel
/// holds the limit, where the measure every 100 ms let one `posix_fallocate` take gigabytes of
/// the builder's disk between two measures (attack 19, F6). What lecture put in the folder
/// beforehand (the files the sample `reads=`) is bound read-only at `given` and copied in by a
/// shell before the program starts; a file lecture reads back after the run (a test sample's
/// events file) is a file of the builder's disk bound in at its place, which the program can
/// neither replace (a mount point) nor grow past `RunFolderLimit.bytes` (`RLIMIT_FSIZE`,
/// `ResourceLimits`). Everything else the program writes there is gone with the sandbox,
/// whatever its depth.
///
/// The shell waits for the program (it is the sandbox's pid 2, the program its child, pid 4,
/// after `cp -a`'s 3, and the program's parent: a sample sees one process more than before in its
/// `/proc`, and `getppid()` is 2) and ends with the program's status. The folder's entries are measured from
/// outside while the program runs (`SandboxFolderMeasure`), through the shell's working folder
/// and the descriptors it holds on the sandbox's other tmpfs mounts (`held`), opened before the
/// program starts, so that no path the program can rename is measured (code review 41, #2);
/// when the program ends, the shell counts them once more, in O(1) (`stat -f .`: the inodes in
/// use, which no `chmod 000` folder hides from it, of the folder it stands in), and says in the verdict channel, out of band, when the folder is full or holds
/// more than `entries` (a tmpfs of bubblewrap 0.8 has no `nr_inodes`): `full`, which
/// `SampleSandbox.termination` reads as the file limit (`lecture.sample.file-limit`). While the
/// program runs, the shell's stderr is the verdict channel too, where dash says that a child was
/// killed by a signal ("File size limit exceeded"): so a status of 128 + SIGXFSZ is the kernel's
/// `RLIMIT_FSIZE` only when dash said so, and a program's own `exit(153)` or `exit(250)` is its
/// status (code review 40, #10).
///
/// The program can open the verdict channel too (a FIFO, `RunVerdictChannel`), so the shell's
/// word is made one the program cannot hide (attack 21, F1): once the program ends, the shell
/// ends every other process of the sandbox (`endingOthers`: the program's children can no
/// longer write, nor hold the processes the count forks), and its last act, on its way out
/// whatever the way, is `ended STATUS` (`ending`). `SampleSandbox.termination` takes a channel
/// whose last line is not that as a run the shell could not judge: unverifiable, or full when
/// the outside measure or a `full` line saw it (code review 42, #1). What the program
/// writes into it can only make its own run fail: the shell's lines after the program's end
/// each begin on a line of their own (`printf '\n…'`), so a line the program left unfinished
/// cannot swallow them (attack 22, F1: a program that filled its folder and wrote `x` turned the
/// shell's `full` into `xfull`, and passed).
struct ContainedRunFolder {
    /// Where the folder's given files are seen, read-only, to be copied in.
    static let given = "/run/lecture-given"
    /// Where the verdict channel is seen (`verdict`): the FIFO lecture made and reads, bound in.
    static let verdictInside = "/run/lecture-verdict"
    /// The shell's first act, before anything can fail: the sandbox started (`VerdictLine.started`).
    static let starting = "echo \(VerdictLine.started.text) >>\"$verdict\" || exit 125"

    /// Set once the shell has said it started: on its way out, whatever the way, the shell says
    /// how it ended with the status it exits with: `ended STATUS` when it reached its end
    /// (`status` is set only right before that `exit`), `stopped STATUS` when it ended before
    /// (a `cp` or `cd` that failed, dash's `Cannot fork` of the count: its 2 is not the program's
    /// status, and no `ended` says so).
    static let ending =
        #"trap 'code=$?; if [ -n "$status" ]; then printf "\nended %s\n" $code; else printf "\nstopped %s\n" $code; fi >>"$verdict"' EXIT"#

    /// Once the program ended: every other process of the sandbox (not its pid 1) is killed.
    static let endingOthers = "kill -KILL -1 2>/dev/null"

    /// The folder, at the same path inside as outside.
    var folder: String
    /// The program's working folder (`folder` or one inside it).
    var directory: String
    /// The tmpfs's size.
    var bytes: Int
    /// The most entries it may hold when the program ends (the folder itself counted).
    var entries: Int
    /// Files of the builder's disk bound writable into the folder: where each lies outside,
    /// and its path inside.
    var readBack: [(host: String, inside: String)] = []
    /// The verdict channel on the builder's disk (`RunVerdictChannel`'s FIFO), or nil for none.
    var verdict: String? = nil
    /// The sandbox's other tmpfs mounts (its private `/tmp`, `/dev/shm`), which the shell holds
    /// open while the program runs, each at descriptor `firstHeld` + its index, for the measure.
    var held: [String] = []

    /// The shell's first descriptor holding a mount of `held` (0 to 2 are the standard ones, 3
    /// the program's stderr while the shell's is the verdict channel).
    static let firstHeld = 4
    /// The most mounts the shell holds: dash names descriptors by one digit, and the script's
    /// arguments by one too (`$5` to `$9`).
    static let mostHeld = 5

    /// Where the measure finds the `index`th mount of `held`, in `/proc/SHELL`.
    static func held(at index: Int) -> String { "fd/\(firstHeld + index)" }

    /// bubblewrap's mounts for the folder.
    var mounts: [String] {
        ["--ro-bind", folder, Self.given, "--size", String(bytes), "--tmpfs", folder]
            + readBack.flatMap { ["--bind", $0.host, $0.inside] }
            + (verdict.map { ["--bind", $0, Self.verdictInside] } ?? [])
    }

    /// The words that run the command after them in the folder, filled with what it was given.
    /// bubblewrap sets `PWD`, which a sample run uncontained does not have: `env` takes it out,
    /// so the shell's environment is the program's (and dash's own `PWD` and `OLDPWD` are taken
    /// out again before the program, `SampleSandbox.command`).
    var entering: [String] {
        [
            "/usr/bin/env", "-u", "PWD", "/bin/sh", "-c", Self.script(holding: held.count), Self.given, folder,
            directory, String(entries), verdict == nil ? "/dev/null" : Self.verdictInside,
        ] + held
    }

    /// `$0` the given files, `$1` the folder, `$2` the working folder, `$3` the most entries,
    /// `$4` the verdict channel, then the `count` mounts to hold, then the command. The held mounts
    /// are opened first, and closed for the program. The shell's own stderr is the verdict channel
    /// while it waits (dash reports a child killed by a signal there, "Killed", which is not the
    /// program's), the program's is the run's, through a subshell that becomes the program.
    /// `stat -f -c '%a %c %d' .`: the blocks still free, the inodes, the inodes free, of the
    /// folder the shell stands in, which no rename of the program's moves it out of.
    static func script(holding count: Int) -> String {
        precondition(count <= mostHeld, "dash names descriptors and arguments by one digit")
        let descriptors = (0..<count).map { firstHeld + $0 }
        let opening = descriptors.enumerated().map { "\($1)<\"$\($0 + 5)\"" }.joined(separator: " ")
        let closing = descriptors.map { " \($0)<&-" }.joined()
        return """
            folder=$1
            entries=$3
            verdict=$4
            status=
            \(starting)
            \(ending)
            \(count == 0 ? ":" : "exec " + opening)
            cp -a "$0/." "$folder/" || exit 125
            cd "$2" || exit 125
            shift \(4 + count)
            exec 3>&2 2>>"$verdict"
            (exec "$@" 2>&3 3>&-\(closing))
            program=$?
            \(endingOthers)

            exec 2>/dev/null
            set -- $(stat -f -c '%a %c %d' .)
            if [ $# = 3 ] && { [ "$1" = 0 ] || [ $(($2 - $3)) -gt "$entries" ]; }; then printf '\\n%s\\n' \(VerdictLine.full.text) >>"$verdict"; fi
            status=$program
            exit $status
            """
    }
}
