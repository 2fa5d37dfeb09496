import LectureSupport

/// A sample that prints a path of its own run — its program (`CommandLine.arguments[0]`), its
/// working folder, `HOME` or `TMPDIR`, each inside a temporary folder lecture makes for the
/// build (`…/lecture-sample.x7Kq2P/sample`, `…/lecture-run.Ab3dE9`) — prints something that
/// changes on every build and every machine: blessed into the page it would fail the next
/// build, and publish the builder's folders. Such output is an error of its own, naming the
/// path and the fix, in place of an output mismatch (which `--bless` would accept) or the
/// two-run rule's hint about a `Set`'s order.
enum RunPathOutput {
    /// The first path in `output` inside one of lecture's temporary folders
    /// (`/…/lecture-<name>.XXXXXX`, the path shown whole), if any.
    static func firstPath(in output: String) -> String? {
        let bytes = Array(output.utf8)
        let marker = Array("/lecture-".utf8)
        var index = 0
        while index + marker.count <= bytes.count {
            defer { index += 1 }
            guard bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) else {
                continue
            }
            // `lecture-`, a lowercase name, `.` and mkdtemp's six letters or digits.
            var end = index + marker.count
            let nameStart = end
            while end < bytes.count, bytes[end] >= UInt8(ascii: "a"), bytes[end] <= UInt8(ascii: "z") { end += 1 }
            guard end > nameStart, end < bytes.count, bytes[end] == UInt8(ascii: ".") else { continue }
            let suffix = end + 1
            end = suffix
            while end < bytes.count, end - suffix < 7, isAlphanumeric(bytes[end]) { end += 1 }
            guard end - suffix == 6 else { continue }
            // The whole path: back to its start, on to its end.
            var start = index
            while start > 0, !endsPath(bytes[start - 1]) { start -= 1 }
            while end < bytes.count, !endsPath(bytes[end]) { end += 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        return nil
    }

    /// The error for a sample that printed `path`, at the sample.
    static func error(_ path: String, of sample: Sample) -> Diagnostic {
        .error(
            .sampleUnstable, sample.path, sample.location,
            "sample printed a path of its own run (\(quoted: path)), which changes on every build and every machine",
            notes: [
                "each run gets a new temporary folder (its program, working folder, HOME and TMPDIR are in it), so this output cannot be blessed or matched",
                "print a path relative to the working folder, or only a name (URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent), or leave the path out",
            ])
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// White space, a quote or a bracket: what stands around a path in printed text.
    private static func endsPath(_ byte: UInt8) -> Bool {
        byte <= 0x20 || "\"'`()[]{}<>,;".utf8.contains(byte)
    }
}
