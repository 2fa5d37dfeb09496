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
/// The shell waits for the program (it is the sandbox's pid 2, the program its child, pid 3: a
/// sample sees one process more than before in its `/proc`) and
/// ends with the program's status, unless the folder is full when the program ends, or holds
/// more than `entries` (a tmpfs of bubblewrap 0.8 has no `nr_inodes`; its inodes are charged to
/// the run's memory cgroup meanwhile): then with `fullStatus`, which `SampleSandbox.termination` reads as the file limit, so the run is
/// reported as before (`lecture.sample.file-limit`).
struct ContainedRunFolder {
    /// Where the folder's given files are seen, read-only, to be copied in.
    static let given = "/run/lecture-given"
    /// The shell's status when the folder was full as the program ended.
    static let fullStatus: Int32 = 250

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

    /// bubblewrap's mounts for the folder.
    var mounts: [String] {
        ["--ro-bind", folder, Self.given, "--size", String(bytes), "--tmpfs", folder]
            + readBack.flatMap { ["--bind", $0.host, $0.inside] }
    }

    /// The words that run the command after them in the folder, filled with what it was given.
    /// bubblewrap sets `PWD`, which a sample run uncontained does not have: `env` takes it out,
    /// so the shell's environment is the program's (and dash's own `PWD` and `OLDPWD` are taken
    /// out again before the program, `SampleSandbox.command`).
    var entering: [String] {
        ["/usr/bin/env", "-u", "PWD", "/bin/sh", "-c", Self.script, Self.given, folder, directory, String(entries)]
    }

    /// `$0` the given files, `$1` the folder, `$2` the working folder, `$3` the most entries,
    /// then the command. The shell's own stderr is `/dev/null` while it waits (dash reports a
    /// child killed by a signal there, "Killed", which is not the program's), the program's is
    /// the run's, through a subshell that becomes the program. `stat -f -c %a`: the blocks still
    /// free; `find -printf x`: one byte an entry, whatever its name holds.
    static let script = """
        folder=$1
        entries=$3
        cp -a "$0/." "$folder/" || exit 125
        cd "$2" || exit 125
        shift 3
        exec 3>&2 2>/dev/null
        (exec "$@" 2>&3 3>&-)
        status=$?
        [ "$(stat -f -c %a "$folder")" != 0 ] || exit \(fullStatus)
        [ "$(find "$folder" -xdev -printf x | wc -c)" -le "$entries" ] || exit \(fullStatus)
        exit $status
        """
}
