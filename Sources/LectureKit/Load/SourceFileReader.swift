import CommonMark
import LectureSupport

/// Turns a file's bytes into a `SourceFile`: UTF-8 checked, BOM dropped, line endings made LF.
package enum SourceFileReader {
    /// Decodes `bytes` read from `displayPath`.
    ///
    /// - Returns: the source file.
    /// - Throws: the diagnostic `path:line:column: error: file is not valid UTF-8` at the first
    ///   byte that is not part of a well-formed UTF-8 sequence (Unicode 15, section 3.9, table 3-7).
    package static func decode(_ bytes: [UInt8], displayPath: String, relativePath: String) throws(Diagnostic)
        -> SourceFile
    {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else {
            let location = firstInvalidByte(in: Array(body))
            throw .error(
                .invalidUTF8,
                displayPath, location, "file is not valid UTF-8",
                notes: ["save the file as UTF-8; the first invalid byte is at this line and column"])
        }
        let normalized =
            text.containsUTF8(13)
            ? text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            : text
        return SourceFile(displayPath: displayPath, relativePath: relativePath, text: normalized)
    }

    /// The line and byte column of the first byte that does not decode as UTF-8.
    static func firstInvalidByte(in bytes: [UInt8]) -> SourceLocation {
        var line = 1
        var lineStart = 0
        var offset = 0
        var previousWasCR = false
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                // LF, CRLF and a lone CR each end a line, as for the rest of the tool.
                if scalar == "\n" {
                    if !previousWasCR { line += 1 }
                    lineStart = offset
                } else if scalar == "\r" {
                    line += 1
                    lineStart = offset
                }
                previousWasCR = scalar == "\r"
            case .emptyInput:
                break loop
            case .error:
                break loop
            }
        }
        return SourceLocation(line: line, column: offset - lineStart + 1)
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
