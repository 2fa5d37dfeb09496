import CommonMark

/// Reads swiftc's diagnostics (`-diagnostic-style llvm`) back as `Diagnostic` values.
///
/// The sample's code reaches swiftc behind `#sourceLocation` lines, so swiftc already names the
/// Markdown file and line; only the column moves, by the indentation of a fence inside a list
/// item or block quote.
enum CompilerOutput {
    static func diagnostics(from output: String, sample: Sample) -> [Diagnostic] {
        var result: [Diagnostic] = []
        let prefix = sample.path + ":"
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix(prefix) else {
                // Source excerpts and carets under the last diagnostic.
                if !result.isEmpty && !line.isEmpty { result[result.count - 1].notes.append(String(line)) }
                continue
            }
            let rest = line.dropFirst(prefix.count)
            let fields = rest.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let lineNumber = Int(fields[0]), let column = Int(fields[1]) else { continue }
            let kind = fields[2].trimmingCharacters(in: " ")
            let severity: Diagnostic.Severity
            switch kind {
            case "error": severity = .error
            case "warning": severity = .warning
            case "note": severity = .note
            default: continue
            }
            let part = sample.parts.last(where: { $0.firstLine <= lineNumber }) ?? sample.parts[0]
            let location = SourceLocation(line: lineNumber, column: column + part.column - 1)
            let message = String(fields[3].trimmingCharacters(in: " "))
            if severity == .note, !result.isEmpty {
                // swiftc's notes (fix-its, "declared here") belong to the diagnostic above them.
                result[result.count - 1].notes.append("\(sample.path):\(location.line):\(location.column): note: \(message)")
                continue
            }
            result.append(Diagnostic(severity, sample.path, location, message))
        }
        return result
    }
}
