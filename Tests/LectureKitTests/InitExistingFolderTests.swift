import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `lecture init` in a folder that is not empty, as `cargo init` and `mdbook init` (0.5.4, run
/// on such folders) do: the book is made, exit status 0, and no file of the user's is touched;
/// lecture also names what the folder held, so a book made in the wrong folder is seen at once.
/// A folder holding any of the book's own files is refused, every one named (mdBook 0.5.4
/// overwrites `src/chapter_1.md` and `.gitignore` there; lecture never does).
@Suite struct InitExistingFolderTests {
    func run(_ arguments: [String]) -> (status: Int32, lines: [String]) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(arguments, console: recorder.console)
        return (status, recorder.lines)
    }

    /// `lecture init` with no folder, in a working folder full of other things (the reviewer's
    /// case): made, every other entry untouched and named.
    @Test func initWithNoFolderNamesWhatTheWorkingFolderHeld() throws {
        let executable = TestSupport.executable
        try #require(FileManager.default.isExecutableFile(atPath: executable))
        let folder = try TestSupport.makeTree([
            "notes.txt": "mine\n", "scripts/run.sh": "echo\n", ".gitignore": "venv\n", "src/intro.md": "# Mine\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try Subprocess.run(
            executable, ["init"], directory: folder, environment: ["LECTURE_CACHE_DIR": TestSupport.cacheDirectory],
            timeout: 60, cancellation: .process)
        #expect(made.termination == .exited(0), "\(made.stderrText)")
        let lines = made.stdoutText.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "The folder already held 4 entries, left as they were: .gitignore, notes.txt, scripts/, src/"),
            "\(lines)")
        #expect(TestSupport.read(folder + "/notes.txt") == "mine\n")
        #expect(TestSupport.read(folder + "/.gitignore") == "venv\n")
        #expect(TestSupport.read(folder + "/src/intro.md") == "# Mine\n")
        #expect(FileSystem.exists(folder + "/book.toml"))
    }

    /// The next steps call the program as the user did (newuser-9 #10): a path as typed, so
    /// `.build/release/lecture init` says `.build/release/lecture build`; a bare name (found on
    /// `PATH`) as `lecture`.
    @Test func theNextStepsCallTheProgramAsTheUserDid() throws {
        let executable = TestSupport.executable
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try Subprocess.run(
            executable, ["init", "hello"], directory: folder,
            environment: ["LECTURE_CACHE_DIR": TestSupport.cacheDirectory], timeout: 60, cancellation: .process)
        #expect(made.termination == .exited(0), "\(made.stderrText)")
        let quoted = InitCommand.shellQuoted(executable)
        #expect(made.stdoutText.contains("Build it with:   \(quoted) build hello\n"), "\(made.stdoutText)")
        #expect(made.stdoutText.contains("Preview it with: \(quoted) serve hello\n"), "\(made.stdoutText)")
        #expect(InitCommand.program(invokedAs: ".build/release/lecture") == ".build/release/lecture")
        #expect(InitCommand.program(invokedAs: "/opt/my tools/lecture") == "'/opt/my tools/lecture'")
        #expect(InitCommand.program(invokedAs: "lecture") == "lecture")
        #expect(InitCommand.program(invokedAs: nil) == "lecture")
    }

    /// An empty folder, a new one and a folder of one entry: said only when there is something.
    @Test func theNoteCountsAndCutsTheList() throws {
        let empty = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let (status, lines) = run(["init", empty])
        #expect(status == 0 && !lines.contains { $0.hasPrefix("The folder already held") }, "\(lines)")
        let fresh = empty + "/new/book"
        let made = run(["init", fresh])
        #expect(made.status == 0 && !made.lines.contains { $0.hasPrefix("The folder already held") }, "\(made.lines)")
        #expect(InitCommand.existingNote(["a"]) == "The folder already held 1 entry, left as it was: a")
        #expect(
            InitCommand.existingNote((1...10).map { "f\($0)" })
                == "The folder already held 10 entries, left as they were: f1, f2, f3, f4, f5, f6, f7, f8 and 2 more")
    }

    /// A new book asks for an output block under each sample (newuser-7, #3: a sample that printed
    /// with none passed without a word), and its own sample has one: it checks clean.
    @Test func aNewBookRequiresOutputBlocksAndChecksClean() throws {
        let folder = try TestSupport.temporaryDirectory() + "/book"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(run(["init", folder]).status == 0)
        #expect(TestSupport.read(folder + "/book.toml")?.contains("\nwithout-output = \"require\"\n") == true)
        let checked = run(["check", folder, "--cache-dir", TestSupport.cacheDirectory])
        #expect(checked.status == 0, "\(checked.lines)")
        try FileSystem.writeAtomically(
            "# Chapter 1\n\n```swift\nprint(\"forgot\")\n```\n", to: folder + "/src/chapter_1.md")
        let forgot = run(["check", folder, "--cache-dir", TestSupport.cacheDirectory])
        #expect(forgot.status != 0)
        #expect(forgot.lines.contains { $0.contains("error: sample has no output block") }, "\(forgot.lines)")
    }

    /// Each of the book's files, alone and together: refused with exit status 2, each one that
    /// exists named, nothing written.
    @Test(arguments: [["book.toml"], ["src/SUMMARY.md"], ["src/chapter_1.md"], ["book.toml", "src/chapter_1.md"]])
    func aFolderHoldingTheBooksFilesIsRefusedNamingEach(_ existing: [String]) throws {
        let root = try TestSupport.makeTree(Dictionary(uniqueKeysWithValues: existing.map { ($0, "mine\n") }))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (status, lines) = run(["init", root])
        #expect(status == 2, "\(lines)")
        let named = existing.map { root + "/" + $0 }.joined(separator: ", ")
        #expect(lines.contains { $0.contains("\(named) already exist") }, "\(lines)")
        // The note's command builds the folder given, as the commands after a new book do.
        #expect(lines.contains { $0.contains("build it with 'lecture build \(root)'") }, "\(lines)")
        for file in existing { #expect(TestSupport.read(root + "/" + file) == "mine\n") }
        for file in ["book.toml", "src/SUMMARY.md", "src/chapter_1.md", ".gitignore"] where !existing.contains(file) {
            #expect(!FileSystem.exists(root + "/" + file), "nothing written: \(file)")
        }
    }

    /// Attack 17, F5 (k07b): `init` into a named pipe was "a file, not a folder", with no note.
    /// What is there is named, with the fix every other refusal of `init` carries; a regular
    /// file is still "a file". Contained (`ContainedRun`); nothing is made.
    @Test func initIntoANamedPipeNamesItAndTheFix() throws {
        let run = try ContainedRun()
        #expect(mkfifo(run.scratch + "/work/pipe", 0o644) == 0)
        try FileSystem.writeAtomically(Array("x\n".utf8), to: run.scratch + "/work/plain")
        let before = run.digest(excluding: ["home/.cache", "cache"])
        for (name, kind) in [("pipe", "a named pipe"), ("plain", "a file")] {
            let result = try run.command(TestSupport.executable, ["init", name], in: "work")
            #expect(result.termination == .exited(2), "\(result.stderrText)")
            #expect(result.stderrText.contains("error: '\(name)' is \(kind), not a folder"), "\(result.stderrText)")
            #expect(
                result.stderrText.contains("choose a new folder name, or remove '\(name)'"), "\(result.stderrText)")
        }
        #expect(run.digest(excluding: ["home/.cache", "cache"]) == before)
    }
}
