import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Hostile-input round of 2026-12-07: a key zlib-compressed inside a PDF's page stream or a PNG's
/// `zTXt` chunk was published with neither an error nor a warning, where a PDF reader or
/// `exiftool` shows it in a click. Each such stream is read unpacked now (`CompressedStreams`),
/// as a zip archive's deflated members are, and a stream that cannot be read is said.
@Suite struct CompressedStreamSecretsTests {
    static let token = EncodedSecretsTests.token
    static let text = EncodedSecretsTests.text

    /// A PNG of one pixel with the text `sys.argv[1]` holds in a `zTXt`, a compressed `iTXt` and
    /// an uncompressed `iTXt` chunk (each a keyword of its own), made by Python's zlib.
    static let pngScript = """
        import sys,zlib,struct
        t=open(sys.argv[1],'rb').read()
        def chunk(k,d): return struct.pack('>I',len(d))+k+d+struct.pack('>I',zlib.crc32(k+d))
        png=b'\\x89PNG\\r\\n\\x1a\\n'+chunk(b'IHDR',struct.pack('>IIBBBBB',1,1,8,0,0,0,0))
        png+=chunk(b'zTXt',b'Comment\\x00\\x00'+zlib.compress(t))
        png+=chunk(b'iTXt',b'Note\\x00\\x01\\x00ko\\x00\\xeb\\xa9\\x94\\xeb\\xaa\\xa8\\x00'+zlib.compress(t))
        png+=chunk(b'iTXt',b'Plain\\x00\\x00\\x00\\x00\\x00nothing')
        png+=chunk(b'IDAT',zlib.compress(b'\\x00\\x00'))+chunk(b'IEND',b'')
        open(sys.argv[2],'wb').write(png)
        """

    /// Both compressed chunks are read, each at the text's line and column; the pixels are not
    /// text, and an uncompressed chunk is the file's own bytes.
    @Test func aTokenInAPNGTextChunkIsFound() throws {
        let png = try EncodedSecretsTests.packedBytes(Self.pngScript, Array(Self.text.utf8))
        let scanned = try EncodedSecretsTests.scanned(png)
        #expect(
            scanned.found == [
                "a GitHub token 2:7 in its PNG text chunk 'Comment'", "a GitHub token 2:7 in its PNG text chunk 'Note'",
            ])
        #expect(scanned.unread == nil)
        let plain = try EncodedSecretsTests.packedBytes(Self.pngScript, Array("nothing here\n".utf8))
        #expect(try EncodedSecretsTests.scanned(plain).found == [])
        #expect(try EncodedSecretsTests.scanned(plain).unread == nil)
    }

    /// A PDF whose page stream is `/FlateDecode`d text, beside a stream of another filter (a
    /// JPEG's bytes) and an uncompressed one.
    static let pdfScript = """
        import sys,zlib
        t=open(sys.argv[1],'rb').read()
        s=zlib.compress(b'BT (' + t + b') Tj ET')
        pdf=b'%%PDF-1.7\\n1 0 obj\\n<< /Length %d /Filter /FlateDecode >>\\nstream\\r\\n' % len(s) + s + b'\\nendstream\\nendobj\\n'
        pdf+=b'2 0 obj\\n<< /Length 4 /Filter /DCTDecode >>\\nstream\\n\\xff\\xd8\\xff\\xe0\\nendstream\\nendobj\\n'
        pdf+=b'3 0 obj\\n<< /Length 11 >>\\nstream\\nBT (hi) Tj\\nendstream\\nendobj\\n%%EOF\\n'
        open(sys.argv[2],'wb').write(pdf)
        """

    @Test func aTokenInAPDFStreamIsFound() throws {
        let pdf = try EncodedSecretsTests.packedBytes(Self.pdfScript, Array(Self.text.utf8))
        let scanned = try EncodedSecretsTests.scanned(pdf)
        #expect(scanned.found.count == 1, "\(scanned.found)")
        #expect(
            scanned.found.first?.hasPrefix("a GitHub token 2:7 in its PDF stream at byte ") == true, "\(scanned.found)")
        #expect(scanned.unread == nil)
    }

    /// A stream that starts as zlib data and is damaged past its start is said, as a damaged
    /// zip member is: the scan read it only up to the damage.
    @Test func aDamagedStreamIsSaid() throws {
        var pdf = try EncodedSecretsTests.packedBytes(Self.pdfScript, Array(Self.text.utf8))
        let start = try #require(pdf.withUnsafeBufferPointer { CompressedStreams.pdf(in: $0) }.first?.start)
        pdf[start + 2] = 0xFF
        pdf[start + 3] = 0xFF
        let scanned = try EncodedSecretsTests.scanned(pdf)
        #expect(
            scanned.unread?.hasPrefix("its PDF stream at byte \(start) past a damaged deflate stream") == true,
            "\(scanned)")
    }

    /// The attack's two files in a book, linked from a page: an error at each, no site, the
    /// token never printed. Contained (`ContainedRun`).
    @Test func theAttacksFilesStopTheBuild() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let line = Array(("token=" + Self.token + "\n").utf8)
        try TestSupport.write(try EncodedSecretsTests.packedBytes(Self.pngScript, line), to: book + "/src/shot.png")
        try TestSupport.write(try EncodedSecretsTests.packedBytes(Self.pdfScript, line), to: book + "/src/slides.pdf")
        try TestSupport.write(
            Array("# Intro\n\n![shot](shot.png) [slides](slides.pdf)\n".utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        let text = result.stderrText
        #expect(result.termination == .exited(1), "\(text)")
        for expected in [
            "src/shot.png: error: a GitHub token would be published, in its PNG text chunk 'Comment' at line 1, column 7; nothing is written",
            "src/slides.pdf: error: a GitHub token would be published, in its PDF stream at byte ",
        ] {
            #expect(text.contains(expected), "\(expected)\n\(text)")
        }
        #expect(!text.contains(Self.token))
        #expect(!FileSystem.exists(book + "/book"))
    }
}
