import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Diagnostics as values: identifiers, the engine, the console as the one printer.
@Suite struct DiagnosticModelTests {
    @Test func everyIdentifierIsDottedUniqueAndInTheManual() throws {
        let names = Diagnostic.Identifier.all.map(\.rawValue)
        #expect(Set(names).count == names.count)
        let manual = try String(
            contentsOfFile: TestSupport.repositoryRoot + "/Sources/lecture/Manual/src/diagnostics.md", encoding: .utf8)
        for name in names {
            #expect(name.wholeMatch(of: /lecture(\.[a-z0-9]+(-[a-z0-9]+)*){1,2}/) != nil, "\(name)")
            #expect(manual.contains("`\(name)`"), "the manual's diagnostics.md lists \(name)")
        }
    }

    /// The manual's table, the identifiers the code declares and `all` are the same set, so a
    /// warning's identifier (the one `allow-warnings` names) is always in the table, and the
    /// table names none the code lost (newuser-10 #7: a warning whose identifier the table lacked).
    @Test func theManualsTableAndTheCodesIdentifiersAreOneSet() throws {
        let manual = try String(
            contentsOfFile: TestSupport.repositoryRoot + "/Sources/lecture/Manual/src/diagnostics.md", encoding: .utf8)
        let table = Set(
            manual.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("| `lecture.") else { return nil }
                return String(line.dropFirst(3).prefix { $0 != "`" })
            })
        let source = try String(
            contentsOfFile: TestSupport.repositoryRoot + "/Sources/LectureSupport/DiagnosticIdentifier.swift",
            encoding: .utf8)
        let declared = Set(
            source.components(separatedBy: "Self(\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        let all = Set(Diagnostic.Identifier.all.map(\.rawValue))
        #expect(declared == all, "declared but not in 'all': \(declared.subtracting(all))")
        #expect(
            table == all, "in the table only: \(table.subtracting(all)); in the code only: \(all.subtracting(table))")
    }

    @Test func aDiagnosticOfNoFilePrintsWithoutAPath() {
        let diagnostic = Diagnostic.error(.badOption, "unknown option '--x'", notes: ["see 'lecture build --help'"])
        #expect(diagnostic.description == "error: unknown option '--x'\n    see 'lecture build --help'")
        let located = Diagnostic.error(
            .brokenAnchor, "a.md", CommonMark.SourceLocation(line: 3, column: 7), "broken link")
        #expect(located.headline == "a.md:3:7: error: broken link")
    }

    @Test func theEngineCollectsFromManyThreadsAndDrainsOnce() {
        let engine = DiagnosticEngine()
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            engine.emit(.warning(.unlistedPage, "p\(index % 7).md", nil, "page is not listed"))
            if index % 50 == 0 { engine.emit(.error(.brokenLink, "p.md", nil, "broken link")) }
        }
        #expect(engine.diagnostics.count == 204)
        #expect(engine.errorCount == 4)
        #expect(engine.hasErrors)
        let recorder = TestSupport.Recorder()
        recorder.console.report(engine.drain())
        #expect(recorder.lines.count == 204)
        #expect(!engine.hasErrors)
        recorder.console.report(engine.drain())
        #expect(recorder.lines.count == 204, "drained: nothing printed twice")
    }

    /// `LectureCommand.main` prints a failure through its console (the recorder here), in the
    /// compiler's format, instead of writing to file descriptor 2 behind it.
    @Test func theCommandWritesErrorsThroughItsConsole() {
        let recorder = TestSupport.Recorder()
        #expect(LectureCommand.main(["build", "--colour"], console: recorder.console) == 2)
        #expect(
            recorder.lines == ["error: unknown option '--colour' for 'lecture build'\n    see 'lecture build --help'"])
        let unknown = TestSupport.Recorder()
        #expect(LectureCommand.main(["biuld"], console: unknown.console) == 2)
        #expect(unknown.lines.first == "error: unknown subcommand 'biuld'")
        #expect(unknown.lines.dropFirst().joined().contains("SUBCOMMANDS:"))
        // mdBook's verbs lecture names otherwise: the one to use (newuser-7, #10).
        for (verb, ours) in [("test", "lecture check BOOK"), ("watch", "'serve'")] {
            let mdBook = TestSupport.Recorder()
            #expect(LectureCommand.main([verb, "book"], console: mdBook.console) == 2)
            #expect(
                mdBook.lines.first?.hasPrefix("error: unknown subcommand '\(verb)'\n    mdBook's '\(verb)'") == true)
            #expect(mdBook.lines.first?.contains(ours) == true, "\(mdBook.lines)")
        }
    }

    /// The console formats a thrown setup error like any diagnostic, in the chosen format.
    @Test func setupErrorsFollowTheReportFormat() {
        let recorder = TestSupport.Recorder()
        let console = recorder.console
        console.format = .github(repositoryRoot: "/")
        console.report(LectureError(.missingToolchain, "cannot run the Swift compiler 'swiftc'").diagnostics)
        #expect(
            recorder.lines == [
                "::error title=cannot run the Swift compiler 'swiftc'::cannot run the Swift compiler 'swiftc'"
            ])
    }
}
