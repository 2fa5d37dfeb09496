import Foundation
import LectureSupport

/// A file the tool writes into a fresh temporary folder of its own, which no other process reads
/// while it is written (a sample's `main.swift`, a `test` sample's files, the dispatcher's object,
/// the line-buffering object's source): one `open`, `write`,
/// `close` (`SiteWriter.writeFile`). `FileSystem.writeAtomically` is for files others may read
/// at any moment; its `Data.write(options: .atomic)` adds a temporary name, a rename and an
/// `fsync`, which took 2–30 ms per sample on a job's thread on this machine's disk (strace of a
/// cold `lecture check` of 100 samples, 2026-12-01).
enum ScratchFile {
    /// Creates or truncates `path` and writes `bytes`. - Throws: `LectureError` naming the path.
    static func write(_ bytes: [UInt8], to path: String) throws {
        guard SiteWriter.writeFile(bytes, to: path) else {
            throw LectureError(.error(.fileSystem, path, nil, "cannot write file: \(String(cString: strerror(errno)))"))
        }
    }

    /// Writes `text` as UTF-8, as above.
    static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }
}
