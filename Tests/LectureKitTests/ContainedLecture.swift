import LectureSupport
import TestFolders

extension ContainedRun {
    /// Runs `lecture ARGUMENTS` in `directory` (relative to the scratch tree) inside the
    /// namespace, with the cache in `scratch/cache`; `tmpfs` names folders (relative) on which
    /// an empty tmpfs is mounted there first.
    func lecture(
        _ arguments: [String], in directory: String, tmpfs: [String] = [], environment: [String: String] = [:]
    ) throws -> Subprocess.Result {
        try command(
            TestSupport.executable, arguments + ["--cache-dir", scratch + "/cache"], in: directory, tmpfs: tmpfs,
            environment: environment)
    }
}
