import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The caches are versioned by their sources (M8): every key of a cache whose entries the sample
/// engine or the diagram renderer decides holds the digest of that code (`SourceDigests`, made
/// by the `DigestSources` plugin at build time), so a change of the code that judges a sample,
/// writes its test program, reads its events, classifies or draws cannot keep serving the old
/// entries. These tests fail when a version stops holding its digest, or when the code a verdict
/// is decided by lies outside the digested files (a change there would not change the key).
@Suite struct CacheVersionTests {
    @Test func everyCacheVersionHoldsTheDigestOfItsSources() {
        for version in [
            SampleVerifier.cacheVersion, SampleVerifier.hoverVersion, SwiftCodeHTML.cacheVersion,
            SampleRendering.codeCacheVersion, TestProgram.version,
        ] {
            #expect(version.hasSuffix(" " + SourceDigests.samples), "\(version)")
        }
        #expect(SourceDigests.samples.count == 32 && SourceDigests.diagrams.count == 32)
        #expect(SourceDigests.samples != SourceDigests.diagrams)
    }

    /// A sample's key changes with the digest: two verifiers alike but for the version give two keys.
    @Test func theVerdictsKeyHoldsTheVersion() throws {
        let verifier = try SampleVerificationTests.stage.get().verifier
        var inputs = verifier.verdictInputs(VerdictInputsTests.sample())
        let key = inputs.key
        #expect(inputs.version == SampleVerifier.cacheVersion)
        inputs.version = "lecture-sample-v5 " + String(repeating: "0", count: 32)
        #expect(inputs.key != key)
    }

    /// Every file that declares a type or an extension the verdict, the test program, the hover
    /// cards, the highlighted code or a drawing is made by lies among the digested files.
    @Test func theCodeThatDecidesACachedEntryIsDigested() throws {
        let sources = TestSupport.repositoryRoot + "/Sources"
        let deciding: [(names: [String], files: [String])] = [
            (
                [
                    "SampleVerifier", "RunEnding", "UnfinishedProcess", "TestEventLog", "TestProgram", "SampleSandbox",
                    "SampleEnvironment", "CompilerOutput", "MergedSamples", "SampleDispatcher",
                    "FrontendArguments", "SwiftCodeHTML", "SampleRendering", "SyntaxHighlighter", "DeclarationCards",
                    "TestDiscovery", "Subprocess", "SampleProgram",
                ], SourceDigests.samplesFiles
            ),
            (["DiagramRenderer", "DiagramFonts", "FontProbe"], SourceDigests.diagramsFiles),
        ]
        let files = FileSystem.files(under: sources).filter { $0.hasSuffix(".swift") }
        for (names, digested) in deciding {
            for name in names {
                let declaring = files.filter { file in
                    let text = (try? String(contentsOfFile: sources + "/" + file, encoding: .utf8)) ?? ""
                    return ["struct", "enum", "final class", "class", "extension"].contains {
                        text.contains("\n\($0) \(name) ") || text.contains("\n\($0) \(name):")
                            || text.contains("\npackage \($0) \(name) ") || text.contains("\npackage \($0) \(name):")
                    }
                }
                #expect(!declaring.isEmpty, "no file declares \(name)")
                for file in declaring {
                    #expect(digested.contains(file), "\(file) declares \(name) but is not digested")
                }
            }
        }
    }
}
