import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// An included file and a sample's `reads=` file are read no further
/// than their limit plus one byte (a 2 GiB sparse file took 4 GB of memory before its size was
/// checked); the error names the limit and the file's size, and a named pipe is named as one.
@Suite struct BoundedReadTests {
    /// A sparse file of `size` bytes at `path`: costs no disk, but reading it whole costs memory.
    static func sparse(_ path: String, size: Int) throws {
        try TestSupport.write([0x61], to: path)
        #expect(truncate(path, off_t(size)) == 0)
    }

    @Test func aBoundedReadStopsAtTheLimitAndTellsTheSize() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        try Self.sparse(root + "/big", size: 40 << 20)
        let read = try FileSystem.read(root + "/big", atMost: 10)
        #expect(read.bytes.count == 11 && read.size == 40 << 20)
        try TestSupport.write(Array("small".utf8), to: root + "/small")
        #expect(try FileSystem.read(root + "/small", atMost: 10).bytes == Array("small".utf8))
        #expect(try FileSystem.read(root + "/small", atMost: 5).bytes == Array("small".utf8))
    }

    @Test func anIncludedFileOverTheLimitIsRefusedWithItsSize() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        try Self.sparse(root + "/big.txt", size: 40 << 20)
        let expansion = IncludeExpander.expand(
            "# P\n\n```text\n{{#include big.txt}}\n```\n", displayPath: "page.md", directory: root,
            scope: IncludeScope(bookDirectory: root, contentDirectory: root))
        #expect(
            expansion.diagnostics.map(\.headline) == [
                "page.md:4:1: error: {{#include}} names 'big.txt', which is 41943040 bytes, more than the 16 MiB a page's includes may add up to"
            ])
    }

    /// Attack 14, kind 30: with lines or an anchor named, the note does not offer a range (the
    /// whole file is read to find it): it offers a smaller file.
    @Test(arguments: ["big.txt:1:2", "big.txt:part", "big.txt"])
    func theNoteForABigIncludeFitsItsSelection(_ argument: String) throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        try Self.sparse(root + "/big.txt", size: 40 << 20)
        let expansion = IncludeExpander.expand(
            "# P\n\n```text\n{{#include \(argument)}}\n```\n", displayPath: "page.md", directory: root,
            scope: IncludeScope(bookDirectory: root, contentDirectory: root))
        let notes = expansion.diagnostics.flatMap(\.notes)
        if argument.contains(":") {
            let selector = argument.dropFirst("big.txt:".count)
            #expect(
                notes == [
                    "the whole file is read to find '\(selector)', so naming lines or an anchor does not make the include smaller: include a smaller file (the part the page shows, in a file of its own), or keep the file out of the page"
                ], "\(notes)")
        } else {
            #expect(notes == ["include a part of it (file:START:END, or an anchor), or keep the file out of the page"])
        }
    }

    @Test func aReadsFileOverTheLimitOrAPipeIsAnErrorSayingWhich() throws {
        let page =
            "# Intro\n\n```swift reads=big.bin\nprint(1)\n```\n\n```output\n1\n```\n\n"
            + "```swift reads=pipe.txt\nprint(2)\n```\n\n```output\n2\n```\n"
        let (_, result) = try TestSupport.containedBook(pages: ["intro.md": page], running: ["check"]) { book in
            try Self.sparse(book + "/src/big.bin", size: SampleReads.limit + 1)
            #expect(mkfifo(book + "/src/pipe.txt", 0o644) == 0)
        }
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "src/intro.md:3:1: error: 'reads=big.bin' is 67108865 bytes, more than the 64 MiB a sample's folder may hold"
            ),
            "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "src/intro.md:11:1: error: 'reads=pipe.txt' is not a regular file (a named pipe, a socket or a device)"),
            "\(result.stderrText)")
    }
}
