import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 19 F4: the secret scan read a copied file's bytes only, so a token saved as UTF-16
/// (PowerShell 5.1's `>`), gzipped, or in a Docker config's `"auth"` was published. Each
/// encoding of the same line is a finding now, at the line and column of the text it encodes.
@Suite struct EncodedSecretsTests {
    // Assembled from parts, so this file holds no secret of its own.
    static let token = "gh" + "p_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    /// The token on the second line, after non-ASCII text: line 2, column 7.
    static let text = "caf\u{E9} na\u{EF}ve \u{2603}\ntoken=" + token + "\n"

    /// The findings of a file holding `bytes`: kind, line, column and where inside.
    static func scanned(_ bytes: [UInt8], budget: DecompressionBudget = DecompressionBudget()) throws -> (
        found: [String], unread: String?
    ) {
        let path = try TestSupport.temporaryDirectory() + "/file"
        try TestSupport.write(bytes, to: path)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        let scan = SecretScan.scan(descriptor: fd, budget: budget)
        return (
            scan.findings.map { "\($0.finding.kind) \($0.line):\($0.column)" + ($0.inside.map { " in \($0)" } ?? "") },
            scan.unread
        )
    }

    /// `text` in `encoding`, with or without its byte order mark.
    static func encoded(_ text: String, _ encoding: String.Encoding, mark: Bool) -> [UInt8] {
        let marks: [String.Encoding: [UInt8]] = [
            .utf16LittleEndian: [0xFF, 0xFE], .utf16BigEndian: [0xFE, 0xFF],
            .utf32LittleEndian: [0xFF, 0xFE, 0, 0], .utf32BigEndian: [0, 0, 0xFE, 0xFF],
        ]
        return (mark ? marks[encoding]! : []) + Array(text.data(using: encoding)!)
    }

    static let wide: [String.Encoding] = [.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian]

    /// UTF-16 and UTF-32, either order, with a byte order mark and without: found at the text's
    /// line and column (units), once.
    @Test(arguments: wide, [true, false]) func aTokenInWideTextIsFound(_ encoding: String.Encoding, mark: Bool) throws {
        let bytes = Self.encoded(Self.text, encoding, mark: mark)
        #expect(try Self.scanned(bytes).found == ["a GitHub token 2:7"])
    }

    /// A page-long wide text of other letters, the token one line of it: found (the byte order
    /// mark tells; the letters' bytes hold no NULs).
    @Test func aTokenInWideTextOfOtherScriptsIsFound() throws {
        let prose = String(repeating: "\u{4E2D}\u{6587}\u{6587}\u{672C} ", count: 400) + "\n"
        let bytes = Self.encoded(prose + Self.text, .utf16LittleEndian, mark: true)
        #expect(try Self.scanned(bytes).found == ["a GitHub token 3:7"])
    }

    /// Binary bytes that are no wide text are not read as such, and plain text as before.
    @Test func plainTextAndBinaryAreReadAsTheyAre() throws {
        #expect(try Self.scanned(Array(Self.text.utf8)).found == ["a GitHub token 2:7"])
        let picture: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47] + (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        #expect(try Self.scanned(picture).found == [])
        #expect(WideText.of(picture) == nil)
    }

    /// Python's gzip, zipfile and tarfile make the archives, as a book's author would.
    static func packed(_ script: String, _ arguments: [String]) throws {
        let result = try Subprocess.run(
            "/usr/bin/python3", ["-c", script] + arguments, timeout: 60, cancellation: .process)
        #expect(result.termination == .exited(0), "\(result)")
    }

    static func packedBytes(_ script: String, _ input: [UInt8]) throws -> [UInt8] {
        let folder = try TestSupport.temporaryDirectory()
        try TestSupport.write(input, to: folder + "/in")
        try packed(script, [folder + "/in", folder + "/out"])
        return Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/out")))
    }

    static let gzipScript =
        "import gzip,sys; open(sys.argv[2],'wb').write(gzip.compress(open(sys.argv[1],'rb').read()))"

    /// A gzip file, its text UTF-8 or UTF-16, in one member or two (`cat a.gz b.gz`), and a
    /// `.tar.gz`: each found in the text it unpacks to.
    @Test func aTokenInAGzipFileIsFound() throws {
        let gzipped = try Self.packedBytes(Self.gzipScript, Array(Self.text.utf8))
        #expect(try Self.scanned(gzipped).found == ["a GitHub token 2:7 in its gzip-compressed text"])
        let wide = try Self.packedBytes(Self.gzipScript, Self.encoded(Self.text, .utf16LittleEndian, mark: true))
        #expect(try Self.scanned(wide).found == ["a GitHub token 2:7 in its gzip-compressed text"])
        let first = try Self.packedBytes(Self.gzipScript, Array("nothing here\n".utf8))
        #expect(try Self.scanned(first + gzipped).found == ["a GitHub token 3:7 in its gzip-compressed text"])
        let tarball = try Self.packedBytes(
            "import io,sys,tarfile\nb=open(sys.argv[1],'rb').read()\nwith tarfile.open(sys.argv[2],'w:gz') as t:\n"
                + " i=tarfile.TarInfo('docs/.env'); i.size=len(b); t.addfile(i, io.BytesIO(b))",
            Array(Self.text.utf8))
        #expect(try Self.scanned(tarball).found.map { $0.hasPrefix("a GitHub token") } == [true])
    }

    /// A zip archive: a deflated member is read unpacked, a stored one as the archive's bytes (once),
    /// a stored UTF-16 member narrowed; an encrypted member's bytes are no one's to read.
    @Test func aTokenInAZipMemberIsFound() throws {
        let zipScript =
            "import sys,zipfile\nb=open(sys.argv[1],'rb').read()\nwith zipfile.ZipFile(sys.argv[2],'w') as z:\n"
            + " z.writestr('readme.txt', 'nothing\\n')\n"
            + " z.writestr('docs/.env', b, compress_type=zipfile.ZIP_DEFLATED)\n"
            + " z.writestr('stored.env', b, compress_type=zipfile.ZIP_STORED)\n"
            + " z.writestr('wide.env', b'\\xff\\xfe'+b.decode().encode('utf-16-le'), compress_type=zipfile.ZIP_STORED)"
        let archive = try Self.packedBytes(zipScript, Array(Self.text.utf8))
        let found = try Self.scanned(archive).found
        #expect(found.count == 3, "\(found)")
        #expect(found.contains("a GitHub token 2:7 in its zip member 'docs/.env'"), "\(found)")
        #expect(found.contains("a GitHub token 2:7 in its zip member 'wide.env'"), "\(found)")
        #expect(found.contains { $0.hasPrefix("a GitHub token") && !$0.contains(" in ") }, "\(found)")
    }

    /// A Docker config's `"auth"` and an `.npmrc`'s `_auth` (base64 of `user:token`) are
    /// credentials, as an `Authorization: Basic` header's value is; placeholders are not.
    @Test func aRegistryLoginIsFound() throws {
        let login = Data(("octocat:" + Self.token).utf8).base64EncodedString()
        for text in [
            "{\"auths\":{\"ghcr.io\":{\"auth\":\"" + login + "\"}}}",
            "{\n  \"auths\": {\n    \"https://index.docker.io/v1/\": {\n      \"auth\" : \"" + login + "\"\n",
            "//registry.npmjs.org/:_auth=" + login, "_auth = \"" + login + "\"",
        ] {
            #expect(SecretScan.first(in: text)?.kind == RegistryLogin.kind, "\(text)")
        }
        let placeholders = [
            "user:password", "user:$TOKEN", "user:", "user:***",
        ].map { Data($0.utf8).base64EncodedString() }
        for text in placeholders.map({ "{\"auth\":\"" + $0 + "\"}" }) + [
            "{\"auth\":\"\"}", "{\"auth\": \"not base64 at all!\"}", "my_auth=" + login, "_authToken=abc",
        ] {
            #expect(SecretScan.first(in: text) == nil, "\(text)")
        }
    }

    /// What the scan cannot unpack is said once (a warning at the file); what it can, not.
    @Test func aCompressedFileTheScanCannotReadIsSaid() throws {
        #expect(
            try Self.scanned([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 1, 2]).unread == "inside this xz-compressed file")
        #expect(try Self.scanned(Array("BZh91AY&SY".utf8)).unread == "inside this bzip2-compressed file")
        #expect(try Self.scanned(Array("BZh is no bzip2".utf8)).unread == nil)
        #expect(try Self.scanned(Self.packedBytes(Self.gzipScript, [1, 2, 3])).unread == nil)
    }

    /// A gzip file under a bomb's ratio (one random byte in 64) is read up to
    /// `InflatedBytes.limit`, then said; a bomb's ratio stops it past its first MiB.
    @Test func aGzipBombIsReadToTheLimit() throws {
        let folder = try TestSupport.temporaryDirectory()
        try Self.packed(
            "import gzip,sys,os\nwith gzip.open(sys.argv[1],'wb',1) as f:\n for _ in range(300):\n  b=bytearray(1<<20); b[::64]=os.urandom(1<<14); f.write(b)",
            [folder + "/bomb.gz"])
        let fd = open(folder + "/bomb.gz", O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        let budget = DecompressionBudget()
        #expect(
            SecretScan.scan(descriptor: fd, budget: budget).unread
                == "its gzip-compressed text past the first 256 MiB it unpacks to")
        #expect(budget.spent <= InflatedBytes.limit + 4096)
    }

    /// Python writing a zip archive of `members` (name, bytes as Python, `zipfile` method) to
    /// `sys.argv[1]`, then `patch` (Python, on the archive's bytes `b`).
    static func zipped(_ members: [(String, String, String)], patch: String = "") throws -> [UInt8] {
        let folder = try TestSupport.temporaryDirectory()
        let writes = members.map { " z.writestr('\($0.0)', \($0.1), compress_type=zipfile.\($0.2))\n" }.joined()
        try packed(
            "import sys,zipfile,struct\nwith zipfile.ZipFile(sys.argv[1],'w') as z:\n\(writes)"
                + "b=bytearray(open(sys.argv[1],'rb').read())\n\(patch)\nopen(sys.argv[1],'wb').write(b)",
            [folder + "/a.zip"])
        return Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/a.zip")))
    }

    /// Python setting every header's method of the archive `b` to `method` (a local header's at
    /// 8, a central directory header's at 10).
    static func methodPatch(_ method: Int) -> String {
        "for sig,at in ((b'PK\\x03\\x04',8),(b'PK\\x01\\x02',10)):\n"
            + " i=b.find(sig)\n while i>=0:\n  struct.pack_into('<H',b,i+at,\(method)); i=b.find(sig,i+4)"
    }

    /// A zip member packed with a method the scan cannot inflate is said, by its name and
    /// method: Deflate64 (Windows past 2 GiB), bzip2, LZMA, zstd and xz (7-Zip's), the codecs
    /// that earn the warning as bare files. Each was skipped without a word.
    @Test(arguments: [(9, "Deflate64"), (12, "bzip2"), (14, "LZMA"), (93, "zstd"), (95, "xz")])
    func aZipMemberOfAnotherMethodIsSaid(_ method: Int, _ name: String) throws {
        let archive = try Self.zipped(
            [("readme.txt", "b'nothing'", "ZIP_STORED"), ("docs/.env", "b'x'*100", "ZIP_STORED")],
            patch: Self.methodPatch(method))
        #expect(
            try Self.scanned(archive).unread
                == "its zip member 'readme.txt', compressed with \(name) (and 1 more member)")
    }

    /// Python's own bzip2 and LZMA members, as a book's author would make them.
    @Test func pythonsBzip2AndLZMAMembersAreSaid() throws {
        let archive = try Self.zipped([
            ("a.env", "b'token=x\\n'", "ZIP_BZIP2"), ("b.env", "b'token=y\\n'", "ZIP_LZMA"),
        ])
        #expect(try Self.scanned(archive).unread == "its zip member 'a.env', compressed with bzip2 (and 1 more member)")
    }

    /// A zip archive the reader cannot list is said: ZIP64 (its counts and places marked
    /// 0xFFFF…), cut short (no end record), a damaged directory. Each was published unread.
    @Test func aZipArchiveTheReaderCannotListIsSaid() throws {
        let members = [("docs/.env", "b'x'*100", "ZIP_DEFLATED")]
        let forced = try Self.packedBytes(
            "import sys,zipfile\nzipfile.ZIP_FILECOUNT_LIMIT=0\nzipfile.ZIP64_LIMIT=0\n"
                + "with zipfile.ZipFile(sys.argv[2],'w') as z: z.writestr('a.env', open(sys.argv[1],'rb').read(), compress_type=zipfile.ZIP_DEFLATED)",
            Array(Self.text.utf8))
        #expect(try Self.scanned(forced).unread == "inside this zip archive: it is a ZIP64 archive")
        let whole = try Self.zipped(members)
        #expect(try Self.scanned(whole).unread == nil)
        #expect(
            try Self.scanned(Array(whole.dropLast(10))).unread
                == "inside this zip archive: it has no end of central directory record (damaged, or cut short)")
        var damaged = whole
        let directory = try #require(
            (0..<(damaged.count - 4)).last { damaged[$0..<($0 + 4)] == [0x50, 0x4B, 0x01, 0x02] })
        damaged[directory + 1] = 0x58
        #expect(try Self.scanned(damaged).unread == "inside this zip archive: its directory is damaged")
    }

    /// Python for `zipped`'s patch: the archive's one central entry written `count` times, the
    /// end record's counts and directory size patched (Fifield's overlapping members).
    static func repeatedEntry(_ count: Int) -> String {
        "e=b.rfind(b'PK\\x05\\x06'); size,start=struct.unpack_from('<II',b,e+12)\n"
            + "b=b[:start]+bytes(b[start:start+size])*\(count)+b[e:]\n"
            + "struct.pack_into('<HHII',b,len(b)-22+8,\(count),\(count),size*\(count),start)"
    }

    /// A stored member of wide text: 2 bytes of byte order mark and 1,000 UTF-16 units.
    static let wideMember = ("wide.env", "b'\\xff\\xfe'+('x'*1000).encode('utf-16-le')", "ZIP_STORED")
    /// A stored member of plain text before it, so that the archive's head is no wide text.
    static let plainMember = ("readme.txt", "b'plain text\\n'*400", "ZIP_STORED")

    /// Code review 41 #1: central entries that all name one member (D. Fifield's non-recursive
    /// zip bomb: 65,535 of them made a 5 MB archive cost 128 GiB of scanning), and a member whose
    /// data reaches into the central directory, are refused as unzip refuses them since
    /// CVE-2019-13232: said, and nothing of them read past the archive's own bytes.
    @Test func overlappingMembersAreSaid() throws {
        let refused = "inside this zip archive: its members overlap, as a zip bomb's do"
        let repeated = try Self.zipped([Self.plainMember, Self.wideMember], patch: Self.repeatedEntry(1000))
        let budget = DecompressionBudget()
        #expect(try Self.scanned(repeated, budget: budget).unread == refused)
        #expect(budget.spent == 0)
        let twice = try Self.zipped([("a.txt", "b'x'*100", "ZIP_DEFLATED")], patch: Self.repeatedEntry(2))
        #expect(try Self.scanned(twice).unread == refused)
        let intoDirectory = try Self.zipped(
            [("a.txt", "b'x'*100", "ZIP_STORED")],
            patch: "c=b.find(b'PK\\x01\\x02'); s,=struct.unpack_from('<I',b,c+20); struct.pack_into('<I',b,c+20,s+20)")
        #expect(try Self.scanned(intoDirectory).unread == refused)
        // Members side by side, as every tool writes them, are read.
        #expect(try Self.scanned(Self.zipped([Self.wideMember, ("a.txt", "b'x'", "ZIP_STORED")])).unread == nil)
    }

    /// A stored member's wide text, read a second time narrowed, is taken from the build's
    /// budget as an unpacked stream is; past the budget it is said, not read.
    @Test func aStoredWideMemberIsTakenFromTheBudget() throws {
        let archive = try Self.zipped([Self.plainMember, Self.wideMember])
        let budget = DecompressionBudget()
        #expect(try Self.scanned(archive, budget: budget).unread == nil)
        #expect(budget.spent == 2002)
        let small = DecompressionBudget(total: 1000)
        #expect(
            try Self.scanned(archive, budget: small).unread
                == "its zip member 'wide.env' past the build's decompression budget (0 MiB unpacked over all the book's files)"
        )
        #expect(small.spent == 0)
    }

    /// Bytes before the archive (a self-extracting archive's program, `cat a b.zip`) shift its
    /// offsets, as unzip reads it: the token in its deflated member is found, not left unread.
    @Test func aZipArchiveWithBytesBeforeItIsRead() throws {
        let archive = try Self.packedBytes(
            "import sys,zipfile\nwith zipfile.ZipFile(sys.argv[2],'w') as z: z.writestr('docs/.env', open(sys.argv[1],'rb').read(), compress_type=zipfile.ZIP_DEFLATED)",
            Array(Self.text.utf8))
        let prefixed = Array("#!/bin/sh\nexec unzip \"$0\"\n".utf8) + archive
        let scan = try Self.scanned(prefixed)
        #expect(scan.found == ["a GitHub token 2:7 in its zip member 'docs/.env'"])
        #expect(scan.unread == nil)
    }

    /// A damaged deflate stream (a block of the reserved type 3) is said where it stops, in a
    /// zip member and in a gzip file; zeros after a gzip file's last whole member end the file
    /// for `zcat` too, and are no damage.
    @Test func aDamagedDeflateStreamIsSaid() throws {
        let member = try Self.zipped(
            [("docs/.env", "b'x'*100", "ZIP_DEFLATED")],
            patch:
                "i=b.find(b'PK\\x03\\x04'); s=i+30+struct.unpack_from('<H',b,i+26)[0]+struct.unpack_from('<H',b,i+28)[0]; b[s]=7"
        )
        #expect(try Self.scanned(member).unread == "its zip member 'docs/.env' past a damaged deflate stream")
        var gzipped = try Self.packedBytes(Self.gzipScript, Array(Self.text.utf8))
        #expect(try Self.scanned(gzipped + [UInt8](repeating: 0, count: 512)).unread == nil)
        #expect(try Self.scanned(gzipped + gzipped).found.count == 2)
        // Python's gzip writes a 10-byte header without a name: the stream starts after it.
        gzipped[10] = 7
        #expect(try Self.scanned(gzipped).unread == "its gzip-compressed text past a damaged deflate stream")
    }

    /// The attack: the three files in a book, linked from a page: three errors at the files, no
    /// site, and the token never printed. Contained (`ContainedRun`).
    @Test func theAttacksFilesStopTheBuild() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let line = "token=" + Self.token + "\n"
        try TestSupport.write(Self.encoded(line, .utf16LittleEndian, mark: true), to: book + "/src/creds-utf16.txt")
        try TestSupport.write(try Self.packedBytes(Self.gzipScript, Array(line.utf8)), to: book + "/src/creds.txt.gz")
        let login = Data(("octocat:" + Self.token).utf8).base64EncodedString()
        try TestSupport.write(
            Array(("{\"auths\":{\"ghcr.io\":{\"auth\":\"" + login + "\"}}}\n").utf8), to: book + "/src/config.json")
        try TestSupport.write(
            Array("# Intro\n\n[f](creds-utf16.txt) [g](creds.txt.gz) [c](config.json)\n".utf8),
            to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        let text = result.stderrText
        #expect(result.termination == .exited(1), "\(text)")
        for expected in [
            "src/creds-utf16.txt:1:7: error: a GitHub token would be published; nothing is written",
            "src/creds.txt.gz: error: a GitHub token would be published, in its gzip-compressed text at line 1, column 7; nothing is written",
            "src/config.json:1:22: error: a registry login (user and password or token) would be published; nothing is written",
        ] {
            #expect(text.contains(expected), "\(expected)\n\(text)")
        }
        #expect(!text.contains(Self.token) && !text.contains(login))
        #expect(!FileSystem.exists(book + "/book"))
    }
}
