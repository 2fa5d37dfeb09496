import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A cache folder copied or moved to another path failed every sample that had to compile
/// ("precompiled file … was compiled with module cache path …"): the Clang modules in it name the
/// folder they were built in. A stale cache must never fail a build: the compiled part of the
/// cache (Clang modules, sample libraries) that the compiler refuses is built again, and the
/// sample verified again. Siblings: a cache moved, copied, with every file cut short, with its
/// Clang modules swapped for others (as a cache of another compiler holds), and one that cannot
/// be written (a read-only mount: a warning, and a temporary cache for the run). Each run is
/// contained (`ContainedRun`), the caches in its scratch tree; the book has a library that
/// imports another, so a library moved with the cache must still find the one it links.
@Suite(.serialized) struct StaleCacheTests {
    static func makeBook(_ run: ContainedRun) throws -> String {
        let book = try run.makeBook(
            "[preprocessor.lecture]\nrenderers = []\n[preprocessor.lecture.samples]\nverify = true\nlibraries = [\"lib/Base\", \"lib/Greet\"]\n"
        )
        try TestSupport.write(
            Array("public func base() -> String { \"hi\" }\n".utf8), to: book + "/lib/Base/Base.swift")
        try TestSupport.write(
            Array("import Base\npublic func greet() -> String { base() + \"!\" }\n".utf8),
            to: book + "/lib/Greet/Greet.swift")
        try setSample(book, "first")
        return book
    }

    /// Makes the page's sample print `word` after the greeting: a sample the cache has no verdict for.
    static func setSample(_ book: String, _ word: String) throws {
        let page =
            "# Intro\n\n```swift\nimport Foundation\nimport Greet\nprint(greet(), \"\(word)\")\n```\n\n```output\nhi! \(word)\n```\n"
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
    }

    /// `lecture check` with the cache at `cache` (relative to the scratch tree), contained.
    static func check(_ run: ContainedRun, cache: String, prefix: String = "") throws -> Subprocess.Result {
        let script = prefix + "exec \"$0\" check --cache-dir \"$SCRATCH/\(cache)\""
        return try run.command("/bin/sh", ["-c", script, TestSupport.executable], in: "work/book")
    }

    /// The shell commands that make the scratch tree's `folder` read-only inside the namespace.
    static func mountedReadOnly(_ folder: String) -> String {
        "mount --bind \"$SCRATCH/\(folder)\" \"$SCRATCH/\(folder)\"; mount -o remount,bind,ro \"$SCRATCH/\(folder)\"; "
    }

    /// A warm cache at `warm`, made once per test.
    static func warmed(_ run: ContainedRun) throws -> String {
        let book = try makeBook(run)
        let first = try check(run, cache: "warm")
        #expect(first.succeeded, "\(first.stderrText)")
        return book
    }

    /// Writes each of `files` (relative to `folder`) again, as `change` makes it from its index and bytes.
    static func rewrite(_ files: [String], in folder: String, _ change: (Int, [UInt8]) -> [UInt8]) throws {
        for (index, file) in files.enumerated() {
            try FileSystem.writeAtomically(change(index, try FileSystem.read(folder + file)), to: folder + file)
        }
    }

    static func copy(_ run: ContainedRun, _ from: String, _ to: String) throws {
        let result = try Subprocess.run(
            "/bin/cp", ["-a", run.scratch + "/" + from, run.scratch + "/" + to], timeout: 60, cancellation: .process)
        try #require(result.succeeded, "\(result.stderrText)")
    }

    @Test func aMovedCacheRecompilesWhatItCannotReuse() throws {
        let run = try ContainedRun()
        let book = try Self.warmed(run)
        try #require(rename(run.scratch + "/warm", run.scratch + "/moved") == 0)
        try Self.setSample(book, "moved")
        let result = try Self.check(run, cache: "moved")
        #expect(result.succeeded, "\(result.stderrText)\(result.stdoutText)")
        #expect(!result.stderrText.contains("module cache path"), "\(result.stderrText)")
    }

    @Test func aCopiedCacheWhoseFilesAreCutShortRecompilesWhatItCannotReuse() throws {
        let run = try ContainedRun()
        let book = try Self.warmed(run)
        try Self.copy(run, "warm", "copied")
        // Every file of the copy cut to half its size (an interrupted copy, a full disk).
        let files = FileSystem.files(under: run.scratch + "/copied")
        try Self.rewrite(files, in: run.scratch + "/copied/") { _, bytes in Array(bytes.prefix(bytes.count / 2)) }
        try Self.setSample(book, "copied")
        let result = try Self.check(run, cache: "copied")
        #expect(result.succeeded, "\(result.stderrText)\(result.stdoutText)")
        // The original, at its own path, still works.
        try Self.setSample(book, "original")
        let original = try Self.check(run, cache: "warm")
        #expect(original.succeeded, "\(original.stderrText)")
    }

    @Test func clangModulesOfAnotherBuildAreBuiltAgain() throws {
        let run = try ContainedRun()
        let book = try Self.warmed(run)
        // In place, each Clang module replaced by another's bytes, as a cache left by another
        // compiler holds modules this one refuses.
        let folder = run.scratch + "/warm/clang-modules/"
        let modules = FileSystem.files(under: folder).filter { $0.hasSuffix(".pcm") }
        try #require(modules.count > 1)
        let contents = try modules.map { try FileSystem.read(folder + $0) }
        try Self.rewrite(modules, in: folder) { index, _ in contents[(index + 1) % contents.count] }
        try Self.setSample(book, "other")
        let result = try Self.check(run, cache: "warm")
        #expect(result.succeeded, "\(result.stderrText)\(result.stdoutText)")
    }

    @Test func aReadOnlyCacheIsAWarningAndTheRunUsesATemporaryOne() throws {
        let run = try ContainedRun()
        let book = try Self.warmed(run)
        let before = FileSystem.files(under: run.scratch + "/warm")
        try Self.setSample(book, "read-only")
        let result = try Self.check(run, cache: "warm", prefix: Self.mountedReadOnly("warm"))
        #expect(result.succeeded, "\(result.stderrText)\(result.stdoutText)")
        #expect(
            result.stderrText.contains(
                "warning: the cache folder cannot be written: this run recomputes everything in a temporary cache and keeps nothing"
            ), "\(result.stderrText)")
        #expect(FileSystem.files(under: run.scratch + "/warm") == before)
        // An empty folder that cannot be written: the same.
        try FileSystem.makeDirectories(run.scratch + "/empty")
        let empty = try Self.check(run, cache: "empty", prefix: Self.mountedReadOnly("empty"))
        #expect(empty.succeeded, "\(empty.stderrText)")
        #expect(FileSystem.files(under: run.scratch + "/empty").isEmpty)
    }
}
