import CommonMark
import LectureSupport

extension SampleExtractor {
    /// A word of a Swift fence's info string that is no sample attribute (` ```swift,bogus `).
    /// mdBook 0.5.4 makes every word of the info string a class of the code
    /// (`class="language-swift bogus"`), and lecture renders it so too. In a book that asks for
    /// verification (`verify = true`) the word is an error: the sample's author meant an
    /// attribute, and the sample is not verified. In a book that did not ask (a book written
    /// for mdBook), `lecture check` and `lecture build` both say it as a warning at the fence:
    /// the word stays a class, and check verifies the sample without it.
    /// The attributes other tools caption a code block with (`title="Counter.swift"`).
    static let captionAttributes: Set<String> = ["title", "caption", "file", "filename", "name", "label"]
    /// What to do instead of a caption attribute.
    static let captionNote =
        "a sample takes no caption: name its file in the sentence above the fence (\"In Counter.swift:\") or in a comment on its first line (// Counter.swift)"

    static func unknownAttribute(
        _ word: String, key: String, language: String, verifies: Bool, path: String, at location: SourceLocation
    ) -> Diagnostic {
        let intended = EditDistance.nearest(to: key, in: Sample.attributeNames)
        let known =
            "known attributes: run, ignore, no_run, compile_fail, test, should_fail, ignore-linux, group=NAME, expect-error=\"TEXT\", flags=\"FLAGS\", reads=FILE"
        // mdBook 0.5's `hidelines=PREFIX` hides lines in any language; Swift samples have their own way.
        let hides = key == "hidelines" ? [CompileErrorHints.hiddenLines] : []
        // Docusaurus', VitePress' and Zola's way to name a sample's file: lecture has no caption.
        let captions = captionAttributes.contains(key) ? [captionNote] : []
        let notes =
            hides + captions
            + (hides.isEmpty && captions.isEmpty ? intended.map { ["did you mean \(quoted: $0)?"] } ?? [] : []) + [
                known
            ]
        guard !verifies else {
            return .error(.sampleAttributes, path, location, "unknown sample attribute \(quoted: word)", notes: notes)
        }
        return .warning(
            .sampleAttributes, path, location, "unknown sample attribute \(quoted: word)",
            notes: [
                "it stays a class of the code (class=\"language-\(language) \(word)\"), as mdBook makes every word of the info string; 'lecture check' verifies the sample without it"
            ] + notes)
    }
}
