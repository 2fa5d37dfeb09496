import Foundation

/// The paths a sample's compiled program writes, put back as the page's: what a test's issue,
/// a trap's message or a crash says names the program's files (`#sourceLocation`'s page path,
/// `#fileID`'s `Module/page.md`, or the absolute path of a file the tool generated in its
/// temporary folder, where a macro's code such as `@Test`'s is placed), and none of them is to
/// reach a page or the terminal as a path of the machine.
enum ProgramPaths {
    /// The names of the files a sample's program is compiled from (`CompilerOutput.generatedFile`,
    /// a test sample's `sample.swift`, a merged test sample's `sample_N.swift`, the runner).
    static func isGenerated(_ file: String) -> Bool {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        if name == CompilerOutput.generatedFile || name == "sample.swift" || name == "runner.swift" { return true }
        return name.hasPrefix("sample_") && name.hasSuffix(".swift")
            && name.dropFirst("sample_".count).dropLast(".swift".count).allSatisfy(\.isNumber)
    }

    /// `text` with every name of `sample`'s page before a line number (`/abs/src/page.md:3`,
    /// `src/page.md:3`, `Sample/page.md:3`) and every path of a generated file (`isGenerated`)
    /// made `path`: the page's path as the reader of `text` knows it (`Sample.path` on the
    /// terminal, `Sample.programPath` on a page).
    static func shown(_ text: String, of sample: Sample, as path: String) -> String {
        let name = sample.programPath.split(separator: "/").last.map(String.init) ?? sample.programPath
        let stop = "[^\\s:'\"()\\[\\]<>]"
        let patterns = [
            // The page's file by any folder, then a line number.
            "(?<![A-Za-z0-9_.~-])(?:\(stop)*/)?\(NSRegularExpression.escapedPattern(for: name)):(?=[0-9])",
            // A generated file, by its absolute path.
            "/(?:\(stop)*/)?(?:main|sample|sample_[0-9]+|runner)\\.swift(?![A-Za-z0-9_.-])",
        ]
        var shown = text
        for pattern in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            let whole = NSRange(shown.startIndex..., in: shown)
            let template = NSRegularExpression.escapedTemplate(for: path) + (pattern.hasSuffix("(?=[0-9])") ? ":" : "")
            shown = expression.stringByReplacingMatches(in: shown, range: whole, withTemplate: template)
        }
        return shown
    }
}
