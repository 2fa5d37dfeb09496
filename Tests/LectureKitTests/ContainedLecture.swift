import LectureSupport
import TestFolders

extension ContainedRun {
    /// Runs `lecture ARGUMENTS` in `directory` (relative to the scratch tree) inside the
    /// namespace, with the cache in `scratch/cache`; `tmpfs` names folders (relative) on which
    /// an empty tmpfs is mounted there first, `hiding` files of the machine hidden
    /// (`ContainedRun.command`).
    func lecture(
        _ arguments: [String], in directory: String, tmpfs: [String] = [], hiding: [String] = [],
        readOnly: [String] = [],
        environment: [String: String] = [:]
    ) throws -> Subprocess.Result {
        try command(
            TestSupport.executable, arguments + ["--cache-dir", scratch + "/cache"], in: directory, tmpfs: tmpfs,
            hiding: hiding, readOnly: readOnly, environment: environment)
    }

    /// Writes `scratch/swiftc`, a wrapper whose first compile of a sample's `main.swift` (not the
    /// driver's `-###`) runs `first` in its place, and which is swiftc otherwise; returns the
    /// environment that makes `lecture` use it, samples compiled alone (not merged).
    func compilerFailingOnce(_ first: String) throws -> [String: String] {
        try TestSupport.writeScript(
            """
            case " $* " in *" main.swift "*)
                if [ "$1" != "-###" ] && [ ! -e "$SCRATCH/first" ]; then touch "$SCRATCH/first"; \(first); fi;;
            esac
            exec swiftc "$@"
            """, to: scratch + "/swiftc")
        return ["SWIFTC": scratch + "/swiftc", "LECTURE_MERGE_SAMPLES": "off"]
    }
}
