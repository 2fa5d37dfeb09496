import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `lecture init`: a new book that builds at once.
struct InitCommand: Subcommand {
    static let name = "init"
    static let abstract = "Create a new book: book.toml, src/SUMMARY.md and a first page with a verified sample."
    static let discussion = """
        Writes book.toml, src/SUMMARY.md, src/chapter_1.md (a Swift sample and its expected output)
        and .gitignore into <dir> (default: the current folder), as mdBook's 'init' lays a book
        out. Nothing is overwritten: a folder that already holds a book is refused (exit status 2),
        every file of it named; other files stay, and the folder's entries are listed. Then
        'lecture build <dir>' writes the site into <dir>/book. The first page is written in
        the book's --language when the built-in theme has its words (en, ko), else in English.
        """
    static var options: [Option<BookOptions>] { [.language] }
    static var positionals: [Positional<BookOptions>] { [.book] }

    var directory: String
    /// The book's `[book] language`.
    var language: String

    init(_ options: BookOptions) throws {
        directory = options.directory ?? "."
        language = options.language ?? BookSettings.defaultLanguage
    }

    /// Nothing to check beyond what parsing did: the folder is looked at when the command runs.
    func validate() throws {}

    /// Why the book may not be made in `directory` (a file, a book there already); `nil` if it may.
    func refusal() -> LectureError? {
        if FileSystem.exists(directory) && !FileSystem.isDirectory(directory) {
            // Named as what it is (a named pipe is no "file" to a person), with the fix, as
            // every other refusal of `init` (attack 17, F5).
            let kind = UnreachableAssets.kind(of: directory, following: true)
            return LectureError(
                .badArgument,
                "\(quoted: directory) is \(kind == "not a regular file" ? "no folder" : "\(kind), not a folder")",
                notes: ["choose a new folder name, or remove \(quoted: directory)"])
        }
        // A folder of its own: never `/`, a home or a system folder (files already there stay,
        // and none of the book's files may be there yet, below).
        let folder = WrittenPath(directory, option: "lecture init", what: "new book's folder", kind: .folder)
        if let refusal = folder.refusal(protecting: [], isOwn: { _ in true }) { return refusal }
        // A folder on the way that is a symbolic link (`src -> ../other`) would take the pages
        // out of the folder given; one leading nowhere would be made wherever it points.
        let target = folder.resolved
        let ways = Set(
            Self.files.keys.flatMap { file in
                let parts = file.split(separator: "/").dropLast()
                return parts.indices.map { parts[...$0].joined(separator: "/") }
            })
        for way in ways.sorted() {
            let spelled = FileSystem.join(directory, way)
            guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: spelled) else { continue }
            let resolved = CanonicalPath.realPath(spelled)
            if let resolved, CanonicalPath.isWithin(resolved, target) { continue }
            let leads = resolved.map { "outside the new book's folder (\(quoted: $0))" } ?? "which does not exist"
            return LectureError(
                .initRefused,
                "\(spelled) is a symbolic link to \(quoted: link), \(leads); 'lecture init' writes only inside \(quoted: directory)",
                notes: ["remove the link, or run 'lecture init' in the folder it leads to"])
        }
        if let blocked = Self.blocked(in: directory, ways: ways) { return blocked }
        let existing = Self.files.keys.sorted().map { FileSystem.join(directory, $0) }.filter {
            !$0.hasSuffix(".gitignore") && FileSystem.exists($0)
        }
        return existing.isEmpty ? nil : Self.alreadyABook(existing, directory: directory)
    }

    func run(console: Console) throws -> Int32 {
        if let refusal = refusal() { throw refusal }
        let held = Self.existingEntries(in: directory)
        let title = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
        // An existing .gitignore (the folder is a repository already) is left as it is.
        var created: [String] = []
        let target = WrittenPath(directory, option: "lecture init", what: "new book's folder", kind: .folder).resolved
        let words = InterfaceWords.load(language: language, themeDirectory: nil).words
        let values = [
            "{title}": title.isEmpty || title == "/" ? words["init-title"] : title, "{language}": language,
            "{chapter}": words["init-chapter"], "{text}": words["init-text"],
        ]
        if let warning = WrittenPath(directory, option: "lecture init", what: "new book's folder", kind: .folder)
            .unexpanded
        {
            console.report(warning)
        }
        // All or nothing: what was checked above can still fail (a full disk); what this run
        // made is then removed, so a second 'lecture init' finds the folder as it was.
        var madeFolders = [target, FileSystem.join(target, "src")].filter { !FileSystem.exists($0) }
        do {
            for (path, text) in Self.files.sorted(by: { $0.key < $1.key })
            where !(path == ".gitignore" && FileSystem.exists(FileSystem.join(directory, path))) {
                let contents = values.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
                try FileSystem.writeAtomically(contents, to: FileSystem.join(target, path))
                created.append(path)
            }
        } catch {
            for path in created { unlink(FileSystem.join(target, path)) }
            madeFolders.reverse()
            for folder in madeFolders { rmdir(folder) }
            throw error
        }
        let shown = directory == "." ? "" : " " + Self.shellQuoted(directory)
        console.print(
            "Created a book in \(directory == "." ? "the current folder" : UnexpandedPath.shown(directory)): \(created.joined(separator: ", "))"
        )
        // Each command on a line of its own, unquoted, so it pastes into a shell as printed (the
        // path's own quoting is the only quoting on the line).
        if let note = Self.existingNote(held) { console.print(note) }
        let program = Self.program(invokedAs: CommandLine.arguments.first)
        console.print("Build it with:   \(program) build\(shown)")
        console.print("Preview it with: \(program) serve\(shown)")
        return 0
    }

    /// The program as the next commands call it: as it was called (`argv[0]`, as Cargo and Git
    /// print it) when that was a path (`.build/release/lecture`), so the line pastes whether or
    /// not `lecture` is on `PATH`; else `lecture`, found on `PATH` as it was this time.
    static func program(invokedAs argument: String?) -> String {
        guard let argument, argument.contains("/") else { return "lecture" }
        return shellQuoted(argument)
    }

    /// `path` as a POSIX shell word, so the printed command can be pasted: unchanged when it holds
    /// only characters the shell takes literally, else in single quotes (a `'` written `'\''`);
    /// a relative path that begins with `-` begins with `./`, so no command reads it as an option.
    static func shellQuoted(_ path: String) -> String {
        if path.hasPrefix("-") { return shellQuoted("./" + path) }
        let plain = path.unicodeScalars.allSatisfy { scalar in
            scalar.value > 127
                ? !CharacterSet.whitespacesAndNewlines.contains(scalar)
                : CharacterSet.alphanumerics.contains(scalar) || "/._-+,:@%=".unicodeScalars.contains(scalar)
        }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The files of a new book, by path; `{title}` is the folder's name, `{language}` the book's,
    /// `{chapter}` and `{text}` the first page's title and text in that language (the theme's
    /// interface words `init-chapter` and `init-text`).
    static let files: [String: String] = [
        "book.toml": """
        [book]
        title = "{title}"
        authors = []
        language = "{language}"
        src = "src"

        [build]
        build-dir = "book"

        # lecture's own settings. mdBook reads this table as a preprocessor's and, with
        # 'renderers = []', runs it for no renderer: 'mdbook build' builds this book too.
        [preprocessor.lecture]
        renderers = []
        # Seconds a sample may run before it is stopped.
        timeout = 10

        [preprocessor.lecture.samples]
        # 'lecture build' compiles and runs the Swift samples ('lecture check' always does).
        verify = true
        # A sample without an output block is an error, with what it printed: write the block
        # ('lecture check --bless' does), or mark the fence 'run' (passes on exit status 0).
        without-output = "require"

        """,
        "src/SUMMARY.md": """
        # Summary

        - [{chapter}](chapter_1.md)

        """,
        "src/chapter_1.md": """
        # {chapter}

        {text}

        ```swift
        let greeting = "Hello, world!"
        print(greeting)
        ```

        ```output
        Hello, world!
        ```

        """,
        // The site, and the PDF 'lecture pdf' writes beside it by default (named after the title,
        // `PDFCommand.defaultOutput`): output, never sources. Only the book's top folder's PDFs.
        ".gitignore": "book\n/*.pdf\n",
    ]
}
