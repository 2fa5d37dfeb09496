import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The folders tests make, all inside one folder per test process
/// (`$TMPDIR/lecture-tests.PID.XXXXXX`) that is removed when the process exits: a run leaves
/// nothing in the temporary directory, even when a test stops before its own clean-up or a
/// fixture's `deinit` never runs.
public enum TestFolders {
    /// Why a folder could not be made.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The test process's own folder; made on first use, removed at exit (`atexit(3)`).
    public static let run: String = {
        guard let path = try? makeFolder(NSTemporaryDirectory() + "/lecture-tests.\(getpid())") else {
            fatalError("cannot make a folder in \(NSTemporaryDirectory())")
        }
        atexit { try? FileManager.default.removeItem(atPath: TestFolders.run) }
        return path
    }()

    /// A fresh, empty folder `PREFIX.XXXXXX` inside `run`.
    /// - Throws: `Failure` when mkdtemp(3) fails.
    public static func make(_ prefix: String) throws -> String { try makeFolder(run + "/" + prefix) }

    private static func makeFolder(_ stem: String) throws -> String {
        var template = Array((stem + ".XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(description: "cannot make \(stem).XXXXXX: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
}
