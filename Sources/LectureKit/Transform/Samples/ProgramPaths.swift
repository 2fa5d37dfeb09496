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
    ///
    /// One pass over the text, linear in its length: the text is a sample's stderr (up to 1 MiB)
    /// or the compiler's echo of the page, which the book controls. The regular expressions this
    /// replaced (`(?:[^\s:'"()\[\]<>]*/)?NAME:`) backtracked at every character of a run such
    /// as `{{{…`: 50,000 of them on stderr held a check for 237 s (attack 19, F12).
    static func shown(_ text: String, of sample: Sample, as path: String) -> String {
        let name = sample.programPath.split(separator: "/").last.map(String.init) ?? sample.programPath
        let scalars = Array(text.unicodeScalars)
        let wanted = Array(name.unicodeScalars)
        var shown = String.UnicodeScalarView()
        // Where the text not yet copied starts; no match reaches left of it.
        var copied = 0
        var index = 0
        while index < scalars.count {
            if let replaced = pageName(wanted, in: scalars, at: index, after: copied)
                ?? generatedFile(in: scalars, at: index, after: copied)
            {
                shown.append(contentsOf: scalars[copied..<replaced.start])
                shown.append(contentsOf: (path + (replaced.keepsColon ? ":" : "")).unicodeScalars)
                copied = replaced.end
                index = replaced.end
            } else {
                index += 1
            }
        }
        shown.append(contentsOf: scalars[copied...])
        return String(shown)
    }

    /// A match of the page's name or a generated file: `start..<end` is replaced by the path,
    /// then a colon when `keepsColon` (the page's name is matched with the colon after it).
    private struct Replaced {
        var start: Int
        var end: Int
        var keepsColon: Bool
    }

    /// Whether `scalar` may be part of a path as these texts write one: not whitespace, not one
    /// of `:'"()[]<>`.
    private static func isPathScalar(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return !scalar.properties.isWhitespace }
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x22, 0x27, 0x28, 0x29, 0x3A, 0x3C, 0x3E, 0x5B, 0x5D: return false
        default: return true
        }
    }

    /// Whether `scalar` continues a word of a name (`[A-Za-z0-9_.~-]`), so a name ending at it
    /// is another name (`mya.md` is not `a.md`).
    private static func continuesName(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x2E, 0x7E, 0x2D: return true
        default: return false
        }
    }

    /// The page's name `wanted` ending at `index + wanted.count`, followed by `:` and a digit,
    /// with the folders before it (path scalars back to a `/`, no further left than `floor`).
    private static func pageName(_ wanted: [Unicode.Scalar], in text: [Unicode.Scalar], at index: Int, after floor: Int)
        -> Replaced?
    {
        let end = index + wanted.count
        guard !wanted.isEmpty, end + 1 < text.count, text[end] == ":", ("0"..."9").contains(text[end + 1]),
            text[index..<end].elementsEqual(wanted)
        else { return nil }
        // The leftmost start: the first place of the run of path scalars before the name whose
        // left neighbour does not continue a name; the name alone when no `/` precedes it.
        var start = index
        if index > floor, text[index - 1] == "/" {
            var first = index - 1
            while first > floor, isPathScalar(text[first - 1]) { first -= 1 }
            start = (first..<index).first { $0 == 0 || !continuesName(text[$0 - 1]) } ?? index
        }
        if start == index, index > 0, continuesName(text[index - 1]) { return nil }
        return Replaced(start: start, end: end + 1, keepsColon: true)
    }

    /// A generated file's absolute path (`/…/sample_3.swift`) whose last `/` is at `index`: its
    /// start is the first `/` of the run of path scalars before it, no further left than `floor`.
    private static func generatedFile(in text: [Unicode.Scalar], at index: Int, after floor: Int) -> Replaced? {
        guard text[index] == "/" else { return nil }
        // The name: the longest run of the scalars a generated name is made of, so that a name
        // going on (`sample.swift.bak`) is none.
        var end = index + 1
        while end < text.count, continuesName(text[end]), text[end] != "~" { end += 1 }
        guard end - index > 1, isGeneratedName(String(String.UnicodeScalarView(text[(index + 1)..<end]))) else {
            return nil
        }
        var first = index
        while first > floor, isPathScalar(text[first - 1]) { first -= 1 }
        let start = (first...index).first { text[$0] == "/" } ?? index
        return Replaced(start: start, end: end, keepsColon: false)
    }

    /// `main.swift`, `sample.swift`, `sample_N.swift` or `runner.swift`.
    private static func isGeneratedName(_ name: String) -> Bool {
        guard name.hasSuffix(".swift") else { return false }
        let stem = name.dropLast(".swift".count)
        if stem == "main" || stem == "sample" || stem == "runner" { return true }
        return stem.hasPrefix("sample_") && stem.count > "sample_".count
            && stem.dropFirst("sample_".count).allSatisfy { ("0"..."9").contains($0) }
    }
}
