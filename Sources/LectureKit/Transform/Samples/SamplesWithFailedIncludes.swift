/// A sample whose code holds an `{{#include}}` that failed (a missing file, a line past the
/// file's end, an unknown anchor) is neither compiled nor run: its code lacks the lines the
/// directive names, so any verdict (an output mismatch with the hint that the program ended
/// early, a compile error) would be a second, misleading report of the one problem, which the
/// include's error already states at the directive, the line to edit.
enum SamplesWithFailedIncludes {
    /// `samples` less those with a block whose lines, opening fence to closing fence, hold the
    /// line of an include error (`IncludeExpander.failedIdentifier`) in `diagnostics` on the
    /// same page. Lines count the page's expanded text, as both the samples' and the errors' do.
    static func removing(from samples: [Sample], diagnostics: [Diagnostic]) -> [Sample] {
        var failedLines: [String: Set<Int>] = [:]
        for diagnostic in diagnostics where diagnostic.identifier == IncludeExpander.failedIdentifier {
            if let line = diagnostic.location?.line { failedLines[diagnostic.path, default: []].insert(line) }
        }
        guard !failedLines.isEmpty else { return samples }
        return samples.filter { sample in
            guard let lines = failedLines[sample.path] else { return true }
            return !sample.parts.contains { part in
                lines.contains { $0 >= part.fence.line && $0 <= max(part.fence.line, part.endLine) }
            }
        }
    }
}
