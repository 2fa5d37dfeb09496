import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// A sample's cache key is made from one value, `VerdictInputs`: every
/// property of a sample either changes the key or is named here as not changing a verdict, so a
/// new attribute cannot be left out of the key unnoticed.
@Suite struct VerdictInputsTests {
    /// Properties of `Sample` that do not change what compiling and running it gives: where it
    /// stands (its code reads its position only through `positionedProgram`), how it was marked
    /// (reflected in `mode`), and what the page shows around it.
    static let notVerdictInputs: Set<String> = [
        "path", "group", "outputRange", "heading", "pageHasIncludes", "linesAreIncluded", "outputIsIncluded",
        "modeIsExplicit",
        "markedNotForLinux",
        "skipReason", "unprovidedImports", "appleOnlyModules", "compileOnlyReason", "editedLines", "bookPath",
        // Where the pages are: what a `reads=` file is judged against (refused or read, its bytes
        // then in the key) and the run's working folder's name, which no program sees whole.
        "contentFolder",
    ]
    /// Properties of `Sample.Part` that do not change the verdict (positions, snippet markers).
    static let notPartVerdictInputs: Set<String> = [
        "firstLine", "column", "fence", "endLine", "outputRange", "snippetMarkers", "plainOutputBlock",
    ]

    /// For each property that is a verdict input, an edit of it.
    static let edits: [String: @Sendable (inout Sample) -> Void] = [
        "parts": { $0.parts[0].code += "print(2)\n" },
        // The continued fences a compile_fail or no_run fence sees above it.
        "context": { $0.context = $0.parts },
        "mode": { $0.mode = .noRun },
        "shouldFail": { $0.shouldFail.toggle() },
        "expectedOutput": { $0.expectedOutput = "2\n" },
        "expectedErrors": { $0.expectedErrors = ["cannot find"] },
        "compilerFlags": { $0.compilerFlags = ["-default-isolation", "MainActor"] },
        "reads": { $0.reads = ["words.txt"] },
        "requiresOutput": { $0.requiresOutput.toggle() },
        "continued": { $0.continued.toggle() },
        "onContinuedPage": { $0.onContinuedPage.toggle() },
    ]
    static let partEdits: [String: @Sendable (inout Sample.Part) -> Void] = [
        "code": { $0.code = "print(3)\n" },
        "expectedOutput": { $0.expectedOutput = "3\n" },
        "markedRun": { $0.markedRun.toggle() },
    ]

    static func sample() -> Sample {
        SampleExtractor.extract(
            from: MarkdownParser.parse("```swift\nprint(1)\n```\n\n```output\n1\n```\n"), path: "page.md"
        ).samples[0]
    }

    @Test func everySamplePropertyIsAnInputOrSaidNotToBe() {
        let base = Self.sample()
        let properties = Set(Mirror(reflecting: base).children.compactMap(\.label))
        #expect(properties == Self.notVerdictInputs.union(Self.edits.keys))
        let partProperties = Set(Mirror(reflecting: base.parts[0]).children.compactMap(\.label))
        #expect(partProperties == Self.notPartVerdictInputs.union(Self.partEdits.keys))
    }

    /// Options of the verifier that do not change a verdict, each with the reason: a new option
    /// must be placed here or in `optionEdits`, or
    /// `everyOptionIsAnInputOrSaidNotToBe` fails.
    static let notOptionInputs: Set<String> = [
        "compileTimeout",  // a compile killed at its limit is never cached (UnfinishedProcess)
        "compileMemoryMiB",  // a compile out of memory is never cached either (UnfinishedProcess)
        "libraryCompileTimeout",  // a library compile killed at its limit fails the build, never cached
        "noCache",  // whether the cache is read, not what it holds
        "hoverTimeout", "swiftAnalysis",  // hover cards and highlighting, not the verdict
        "mergeSamples",  // merged and alone give the same verdicts (MergedSampleTests)
        "libraries",  // their build's digest is an input (SampleLibraries.digest), not the folders named
        "shownLibraries",  // how diagnostics name the folders
        "replaced",  // a `reads=` file in the site or the cache is refused before any verdict, every run
        "machinePaths",  // a passing run's output is the page's, whose blocks are searched on every run
        "hiddenFolders",  // the book's own folders, hidden from every sample wherever the book lies
    ]
    /// For each option that is a verdict input, an edit of it.
    static let optionEdits: [String: @Sendable (inout SampleVerifier.Options) -> Void] = [
        "timeout": { $0.timeout += 1 },
        "outputLimit": { $0.outputLimit += 1 },
        "swiftLanguageMode": { $0.swiftLanguageMode = "5" },
        "environment": { $0.environment = SampleEnvironment(timeZone: "Asia/Seoul") },
        "sandbox": { $0.sandbox = .off },
        "limits": { $0.limits.memoryMiB -= 1 },
    ]

    @Test func everyOptionIsAnInputOrSaidNotToBe() throws {
        let options = SampleVerifier.Options()
        let properties = Set(Mirror(reflecting: options).children.compactMap(\.label))
        #expect(properties == Self.notOptionInputs.union(Self.optionEdits.keys))
        #expect(Self.notOptionInputs.isDisjoint(with: Self.optionEdits.keys))
        let verifier = try SampleVerificationTests.stage.get().verifier
        let sample = Self.sample()
        let key = verifier.cacheKey(sample)
        for (name, edit) in Self.optionEdits {
            var edited = verifier
            edit(&edited.options)
            #expect(edited.cacheKey(sample) != key, "option \(name)")
        }
    }

    @Test func everyVerdictInputChangesTheKey() throws {
        let verifier = try SampleVerificationTests.stage.get().verifier
        var base = Self.sample()
        let key = verifier.cacheKey(base)
        for (name, edit) in Self.edits {
            var edited = base
            edit(&edited)
            #expect(verifier.cacheKey(edited) != key, "\(name)")
        }
        // A part's expected output is read in a continued program only.
        base.continued = true
        let continuedKey = verifier.cacheKey(base)
        for (name, edit) in Self.partEdits {
            var edited = base
            edit(&edited.parts[0])
            #expect(verifier.cacheKey(edited) != continuedKey, "part's \(name)")
        }
        // Where it stands does not change the key, unless its code reads its position.
        var moved = Self.sample()
        moved.parts[0].fence.line += 10
        moved.parts[0].firstLine += 10
        #expect(verifier.cacheKey(moved) == key)
        var positioned = Self.sample()
        positioned.parts[0].code = "print(#line)\n"
        var positionedMoved = positioned
        positionedMoved.parts[0].fence.line += 10
        positionedMoved.parts[0].firstLine += 10
        #expect(verifier.cacheKey(positioned) != verifier.cacheKey(positionedMoved))
        // The verifier's own settings are inputs too.
        let settings: [(inout SampleVerifier) -> Void] = [
            { $0.options.timeout = 4 }, { $0.options.outputLimit = 1 }, { $0.options.swiftLanguageMode = "5" },
            { $0.options.sandbox = $0.options.sandbox == .off ? .auto : .off },
        ]
        for edit in settings {
            var other = verifier
            edit(&other)
            #expect(other.cacheKey(base) != continuedKey)
        }
    }

    /// Attack 20, F8: the files of `/etc` the sandbox binds are in the key by their bytes: a
    /// changed `localhost` line of `hosts` or a changed time zone file changes it; the lines
    /// Docker writes for each container (its id, its address) and the files' places and times
    /// do not, so a cache restored in a new container still answers.
    @Test func theSystemFilesTheSandboxShowsAreInTheKey() throws {
        #expect(SystemFilesDigest.paths.contains("/etc/localtime") || !FileSystem.exists("/etc/localtime"))
        #expect(SystemFilesDigest.paths.allSatisfy { $0.hasPrefix("/etc/") } && !SystemFilesDigest.paths.isEmpty)
        let verifier = try SampleVerificationTests.stage.get().verifier
        #expect(verifier.verdictInputs(Self.sample()).systemFiles == SystemFilesDigest.current())
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let files = [folder + "/hosts", folder + "/localtime"]
        func digest(hosts: String, zone: String) throws -> String {
            try FileSystem.writeAtomically(hosts, to: files[0])
            try FileSystem.writeAtomically(zone, to: files[1])
            return SystemFilesDigest.digest(of: files)
        }
        let base = try digest(hosts: "127.0.0.1\tlocalhost\n::1 localhost ip6-localhost\n", zone: "TZif2 UTC")
        #expect(
            try digest(
                hosts: "127.0.0.1\tlocalhost\n::1 localhost ip6-localhost\n172.17.0.2\t4f1c2a9d\n", zone: "TZif2 UTC")
                == base)
        #expect(try digest(hosts: "10.9.9.9 changed\n::1 localhost ip6-localhost\n", zone: "TZif2 UTC") != base)
        #expect(try digest(hosts: "127.0.0.1\tlocalhost\n::1 localhost ip6-localhost\n", zone: "TZif2 KST") != base)
    }
}
