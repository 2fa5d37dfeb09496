import Testing

@testable import LectureKit
@testable import LectureSupport

/// The inputs every page depends on are one `Hashable` value, numbered by the session's memory:
/// equal settings are one input whatever order their dictionaries were
/// filled in, and a setting anywhere in the configuration is an input.
@Suite struct GlobalInputsTests {
    static func inputs(_ configuration: BuildConfiguration) -> GlobalInputs {
        GlobalInputs(
            book: Book(title: "B", chapters: []), layouts: [], words: [:], partials: "", compiler: nil, graphviz: nil,
            configuration: configuration, swiftVersion: "6", passedSamples: 0, unverifiedSamples: 0)
    }

    @Test func equalSettingsAreOneInputWhateverTheirDictionariesOrder() {
        let words = (0..<64).map { ("key\($0)", "word \($0)") }
        var forward = BuildConfiguration()
        var backward = forward
        for (key, word) in words { forward.book.words[key] = word }
        for (key, word) in words.reversed() { backward.book.words[key] = word }
        let memory = SessionMemory()
        #expect(memory.number(of: Self.inputs(forward)) == memory.number(of: Self.inputs(backward)))
    }

    @Test func aSettingAnywhereInTheConfigurationIsAnInput() {
        let memory = SessionMemory()
        let base = BuildConfiguration()
        let number = memory.number(of: Self.inputs(base))
        let edits: [(inout BuildConfiguration) -> Void] = [
            { $0.verifier.hoverTimeout += 1 }, { $0.book.codeHidelines["python"] = "~" }, { $0.siteURL = "/x/" },
            { $0.sampleRules.withoutOutput = .compile },
            { $0.outputSetting = SettingPlace(path: "book.toml", location: .init(line: 1, column: 1)) },
        ]
        for edit in edits {
            var edited = base
            edit(&edited)
            #expect(memory.number(of: Self.inputs(edited)) != number)
        }
        #expect(memory.number(of: Self.inputs(base)) == number)
    }
}
