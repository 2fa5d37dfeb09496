import CommonMark
import Foundation
import LectureSupport

/// The one rule for a folder that `book.toml` names for the book to read: its pages (`[book]
/// src`), its templates (`[preprocessor.lecture] templates`), its sample libraries (`[preprocessor.lecture.samples]
/// libraries`) and the folders includes may read (`[preprocessor.lecture] include-from`). A book can come
/// from a pull request, so one line of its `book.toml` must not open the machine to it.
///
/// - An error at the key's line when the folder is `/` or a home folder, or holds one (`..`,
///   `../..`): the machine folders `--output` may not replace either (`OutputFolder.machineFolders`).
/// - An error at the key's line when, outside the book's repository, it lies inside a dot-folder
///   (`~/.ssh`, `~/.config`, `~/.aws`: where keys and tokens live) or a system folder (`/etc`,
///   `/root`, `/proc`…): a warning would not stop a pull request's build.
/// - An error at the key's line when, inside the repository, it is a dot-folder or lies in one
///   (`.git`, `.secrets`), links resolved, unless that dot-folder holds the book too: the dot
///   rule of every file the book reads (`BookFileRule`) then judges the folder itself, not only
///   what lies below it (attack 18, F2). `build-dir` is held to the `.git` part of it (F3).
/// - An error at the key's line when a symbolic link the book carries on the way to it leads
///   out of the book's own folder, even into a repository that tracks the book: a third
///   party's book committed into a project (`vendor/…`) is tracked too (attack 21, F6). A
///   folder named plainly is read as the repository's, with the warning below.
/// - A warning when it lies outside the repository that holds the book (the nearest folder up
///   from the book with a `.git`), or outside the book's folder when there is none: a book that
///   reads beyond its own tree is worth a look before it is built. Inside the repository, a
///   warning too when it lies outside the book's own folder, for a book below the repository's
///   top (`outsideOwnFolder`).
enum ReadableFolder {
    /// The problem with `folder` (as written, relative to `bookDirectory` unless absolute), named
    /// by `key` at `location` of `bookTOML`; nil when the book may read it.
    static func problem(
        _ folder: String, key: String, bookDirectory: String, bookTOML: String, location: SourceLocation?
    ) -> Diagnostic? {
        let resolved = CanonicalPath.of(FileSystem.resolve(folder, against: bookDirectory))
        if let machine = OutputFolder.machineFolder(heldBy: resolved) {
            let what = CanonicalPath.isSameFolder(CanonicalPath.of(machine.path), resolved) ? "is" : "holds"
            return .error(
                .bookTOMLValue, bookTOML, location,
                "\(quoted: key) folder \(quoted: folder) \(what) \(machine.role) (\(quoted: CanonicalPath.of(machine.path))), which a book may not read",
                notes: [
                    "name a folder of the book's own, such as \"../examples\"; a book from a pull request could otherwise publish any file of the machine"
                ])
        }
        let book = CanonicalPath.of(bookDirectory)
        let boundary = repository(holding: book) ?? book
        guard !CanonicalPath.isWithin(resolved, boundary) else {
            if let link = carriedLinkOut(
                folder, bookDirectory: bookDirectory, book: book, boundary: boundary, to: resolved)
            {
                return carriedLinkProblem(
                    "\(quoted: key) folder \(quoted: folder)", link, to: resolved, "which a book may not read",
                    bookTOML,
                    location)
            }
            // Inside the repository, the dot rule of every file the book reads (`BookFileRule`)
            // judges the folder itself: a named folder is never a root that hides its own dot-name.
            if let hidden = dotFolder(of: resolved, below: boundary, besides: book) {
                return .error(
                    .bookTOMLValue, bookTOML, location,
                    "\(quoted: key) folder \(quoted: folder) \(hidden.phrase), which a book may not read",
                    notes: [BookFileRule.Refusal.privateFile(hidden.name, folder: true).note])
            }
            return outsideOwnFolder(folder, key: key, book: book, boundary: boundary, resolved, bookTOML, location)
        }
        if let hidden = privateFolder(holding: resolved, besides: boundary) {
            return .error(
                .bookTOMLValue, bookTOML, location,
                "\(quoted: key) folder \(quoted: folder) is inside \(hidden.role) (\(quoted: hidden.path)), which a book may not read",
                notes: [
                    "name a folder of the book's own, such as \"../examples\"; a book from a pull request could otherwise publish keys and tokens kept there"
                ])
        }
        let what = boundary == book ? "the book's folder" : "the repository"
        if let link = linkOut(folder, bookDirectory: bookDirectory, boundary: boundary) {
            return .error(
                .bookTOMLValue, bookTOML, location,
                "\(quoted: key) folder \(quoted: folder) \(leadsOut(link, of: what, to: resolved)), which a book may not read",
                notes: [
                    "a link the book carries may lead only inside it: copy the files into the book, or name the folder itself in book.toml, which is then a warning"
                ])
        }
        if let project = foreignRepository(of: book, holding: resolved) {
            return .error(
                .bookTOMLValue, bookTOML, location,
                "\(quoted: key) folder \(quoted: folder) \(inForeign(project)), which a book may not read",
                notes: [foreignNote])
        }
        return .warning(
            outsideIdentifier(key), bookTOML, location,
            "\(quoted: key) folder \(quoted: folder) is outside \(what) (\(quoted: boundary)): the book reads files from \(quoted: resolved)",
            notes: ["keep what the book reads inside \(what), or make sure this folder holds nothing private"]
                + unknownTracking(of: book, holding: resolved))
    }

    /// An identifier of its own for sample libraries, which a package's guide keeps beside the
    /// book (`docs/` and `Sources/`), so a book may allow that one alone (`allow-warnings`).
    private static func outsideIdentifier(_ key: String) -> Diagnostic.Identifier {
        key == "lecture.samples.libraries" ? .librariesOutsideBook : .folderOutsideBook
    }

    /// The warning for a folder named plainly (no link the book carries on the way,
    /// `carriedLinkOut`) outside the book's own folder `book` but inside the repository that
    /// tracks it (`boundary`, not the book): nil when it lies inside the book, or the book is the
    /// repository's top. A book below the top may be a third party's committed into the project
    /// (`vendor/x/docs`), whose `src = "../../../private"` reads the project's files: read, since
    /// a guide beside `Sources/` is the common case, but said, as outside a repository (code
    /// review 42 #5: tracked, it was read with no word).
    private static func outsideOwnFolder(
        _ folder: String, key: String, book: String, boundary: String, _ resolved: String, _ bookTOML: String,
        _ location: SourceLocation?
    ) -> Diagnostic? {
        guard boundary != book, !CanonicalPath.isWithin(resolved, book) else { return nil }
        return .warning(
            outsideIdentifier(key), bookTOML, location,
            "\(quoted: key) folder \(quoted: folder) is outside the book's folder (\(quoted: book)), in its repository \(quoted: boundary): the book reads files from \(quoted: resolved)",
            notes: [
                "keep what the book reads inside its own folder, or make sure this folder holds nothing private: a book committed below the repository's top (one under 'vendor/') may be a third party's"
            ])
    }

    /// The problem with `[build] build-dir` (`folder`, at `location` of `bookTOML`) when, outside
    /// the book's repository, it lies inside a dot-folder or a system folder: a site written into
    /// `~/.config/autostart` put a file of the book's where the desktop runs it at the next login
    /// `--output`, typed by the person building, is theirs to choose.
    ///
    /// `site` is the folder the site is finally written into when it is not `folder` itself
    /// (`folder/html`, mdBook's layout with a second renderer): that folder is judged, every
    /// link on its way resolved, since it is the one written (attack 17, F1: `out/html ->
    /// ~/x`, committed in the book, got the site while `out` was judged).
    ///
    /// `resolved`: the folder as resolved once for the writes (`BuildConfiguration.outputFolder`);
    /// every part of the rule judges that one resolution. A folder spelled inside the book and
    /// resolved outside it came through a link the book carries, whether or not the link still
    /// leads there when it is looked for again (attack 18, F4: a link flipped between the two
    /// reads got the site into the home folder under a plain "outside" warning).
    static func outputProblem(
        _ folder: String, site: String? = nil, bookDirectory: String, bookTOML: String, location: SourceLocation?,
        resolved judged: String? = nil
    ) -> Diagnostic? {
        let written = site ?? folder
        let resolved = judged ?? CanonicalPath.of(FileSystem.resolve(written, against: bookDirectory))
        let book = CanonicalPath.of(bookDirectory)
        let boundary = repository(holding: book) ?? book
        let subject =
            written == folder
            ? "'build.build-dir' folder \(quoted: folder)"
            : "'build.build-dir' folder \(quoted: folder), whose site goes to \(quoted: written) (the book has a second renderer),"
        guard !CanonicalPath.isWithin(resolved, boundary) else {
            if let link = carriedLinkOut(
                written, bookDirectory: bookDirectory, book: book, boundary: boundary, to: resolved)
            {
                return carriedLinkProblem(subject, link, to: resolved, "where a book may not write", bookTOML, location)
            }
            // The write side of the dot rule: a site written into the repository's `.git`
            // (`.git/hooks`, `.git/refs/tags`) is files git reads as its own (attack 18, F3).
            guard let hidden = dotFolder(of: resolved, below: boundary, besides: book, only: ".git") else { return nil }
            return .error(
                .bookTOMLValue, bookTOML, location, "\(subject) \(hidden.phrase), where a book may not write",
                notes: [
                    "name a folder of the book's own, such as \"book\", or pass --output DIR to put the site elsewhere; git reads the files of its folder as its own"
                ])
        }
        let what = boundary == book ? "the book's folder" : "the repository"
        guard let hidden = privateFolder(holding: resolved, besides: boundary) else {
            let spelled = CanonicalPath.lexical(FileSystem.resolve(written, against: bookDirectory))
            let link = linkOut(written, bookDirectory: bookDirectory, boundary: boundary)
            if link != nil || CanonicalPath.isWithin(spelled, CanonicalPath.lexical(bookDirectory))
                || CanonicalPath.isWithin(spelled, boundary)
            {
                let how =
                    link.map { leadsOut($0, of: what, to: resolved) }
                    ?? "is reached through a symbolic link that leads out of \(what) to \(quoted: resolved)"
                return .error(
                    .bookTOMLValue, bookTOML, location,
                    "\(subject) \(how), where a book may not write",
                    notes: [
                        "a link the book carries may lead only inside it: remove the link, name a folder of the book's own in 'build-dir', or pass --output DIR to put the site elsewhere"
                    ])
            }
            if let project = foreignRepository(of: book, holding: resolved) {
                return .error(
                    .bookTOMLValue, bookTOML, location, "\(subject) \(inForeign(project)), where a book may not write",
                    notes: [foreignNote + "; or pass --output DIR to put the site elsewhere"])
            }
            return .warning(
                .bookTOMLValue, bookTOML, location,
                "\(subject) is outside \(what) (\(quoted: boundary)): the site is written into \(quoted: resolved)",
                notes: [
                    "keep the site inside \(what), or pass --output DIR to choose where it goes on this machine"
                ] + unknownTracking(of: book, holding: resolved))
        }
        return .error(
            .bookTOMLValue, bookTOML, location,
            "\(subject) is inside \(hidden.role) (\(quoted: hidden.path)), where a book may not write",
            notes: [
                "name a folder of the book's own, such as \"book\", or pass --output DIR to put the site elsewhere; a book from a pull request could otherwise put its files where programs read their settings"
            ])
    }

    /// "is outside the book's folder, in the repository '/p' (…)", for a folder of a repository
    /// that holds the book without tracking it (`foreignRepository`).
    private static func inForeign(_ project: String) -> String {
        "is outside the book's folder, in the repository \(quoted: project), which holds the book without tracking it"
    }

    /// The fix for a folder of a repository that does not track the book.
    private static let foreignNote =
        "a book put into another project (a download, 'vendor/', 'node_modules/') is not that project's, and a book from a pull request could otherwise publish or overwrite its files: keep what the book reads and writes inside its own folder; if the book is part of the repository, track it ('git add book.toml'), and the repository's folders are then the book's"

    /// "is reached through the symbolic link 'out', which leads out of the book's folder to '/x'".
    private static func leadsOut(_ link: String, of what: String, to resolved: String) -> String {
        "is reached through the symbolic link \(quoted: link), which leads out of \(what) to \(quoted: resolved)"
    }

    /// In a repository that tracks the book (`boundary`, not the book's folder `book`), the
    /// symbolic link the book carries on the way to `folder` (as written) that leads out of the
    /// book's own folder to `resolved`, elsewhere in the repository: nil when there is none, or
    /// `resolved` lies inside the book. Tracking is not ownership: a third party's book committed
    /// into the project (`vendor/…/docs`, its `src -> ../../../../../private`) is tracked too,
    /// and its link would publish the project's files (attack 21, F6). A folder named plainly
    /// in book.toml (`src = "../private"`) carries no link, and is read as the repository's,
    /// with a warning (`outsideOwnFolder`).
    static func carriedLinkOut(
        _ folder: String, bookDirectory: String, book: String, boundary: String, to resolved: String
    ) -> String? {
        guard boundary != book, !CanonicalPath.isWithin(resolved, book) else { return nil }
        return linkOut(folder, bookDirectory: bookDirectory, boundary: book)
    }

    /// The error at `location` of `bookTOML` for `subject` ("'book.src' folder 'src'") reached
    /// through `link` (`carriedLinkOut`), which leads out of the book's folder to `resolved`;
    /// `refusal` ends the summary ("which a book may not read").
    private static func carriedLinkProblem(
        _ subject: String, _ link: String, to resolved: String, _ refusal: String, _ bookTOML: String,
        _ location: SourceLocation?
    ) -> Diagnostic {
        .error(
            .bookTOMLValue, bookTOML, location,
            "\(subject) \(leadsOut(link, of: "the book's folder", to: resolved)), \(refusal)", notes: [carriedLinkNote])
    }

    /// The fix for a link the book carries that leads out of its folder into its repository.
    private static let carriedLinkNote =
        "a link the book carries may lead only inside the book's own folder, even in a repository that tracks it (a book committed into a project, such as one under 'vendor/', is a third party's): copy the files into the book, or name the folder itself in book.toml, which may then read it as a folder of the repository"

    /// The first symbolic link on the way from `bookDirectory` to `folder` (as written) that leads
    /// out of `boundary`, as a path from the book's folder, when `folder` as written lies inside
    /// it: a link the book carries (`book -> ~/.bashrc.d`), which no reader of book.toml sees.
    static func linkOut(_ folder: String, bookDirectory: String, boundary: String) -> String? {
        let written = CanonicalPath.lexical(FileSystem.resolve(folder, against: bookDirectory))
        let bookWritten = CanonicalPath.lexical(bookDirectory)
        guard CanonicalPath.isWithin(written, bookWritten) || CanonicalPath.isWithin(written, boundary) else {
            return nil
        }
        var prefix = written
        var lastOutside: String?
        // The shortest prefix whose resolution leaves the boundary is the link.
        while CanonicalPath.isWithin(prefix, bookWritten) || CanonicalPath.isWithin(prefix, boundary) {
            if !CanonicalPath.isWithin(CanonicalPath.of(prefix), boundary) { lastOutside = prefix }
            guard prefix != "/", let slash = prefix.lastIndex(of: "/") else { break }
            prefix = slash == prefix.startIndex ? "/" : String(prefix[..<slash])
        }
        guard let lastOutside else { return nil }
        if CanonicalPath.isWithin(lastOutside, bookWritten), lastOutside != bookWritten {
            return String(lastOutside.dropFirst(bookWritten == "/" ? 1 : bookWritten.count + 1))
        }
        return lastOutside
    }

    /// Folders of the system that hold the machine's own secrets and state (`SystemFolders`' table).
    static let systemFolders = SystemFolders.privateFolders

    /// The dot-folder or system folder that `folder` (canonical) lies in, if any; a dot-folder
    /// that also holds `book` (a book kept in `~/.local/…` reading a sibling) is none.
    static func privateFolder(holding folder: String, besides book: String = "/") -> (path: String, role: String)? {
        var prefix = ""
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            if component.hasPrefix("."), !CanonicalPath.isWithin(book, prefix) { return (prefix, "a dot-folder") }
        }
        // Root's home is `/root`: a folder of a home is judged by its dot-folders alone.
        guard !CanonicalPath.homeFolders().contains(where: { CanonicalPath.isWithin(folder, $0) }) else { return nil }
        return systemFolders.first { CanonicalPath.isWithin(folder, $0) }.map { ($0, "a system folder") }
    }

    /// The first dot-named folder on the way from `boundary` down to `folder` (both canonical,
    /// `folder` inside `boundary`) that does not also hold `book`, with the words a diagnostic
    /// says of it: `include-from = [".git"]`, `templates = "tpl"` with `tpl -> .secrets`, or the
    /// default `src` a link to `.src`, each made a dot-folder a root of the book (attack 18, F2).
    /// A book kept inside a dot-folder of its repository reads its own folders. `only`: the one
    /// dot-name judged (`.git`, for a folder the book writes).
    static func dotFolder(of folder: String, below boundary: String, besides book: String, only: String? = nil) -> (
        name: String, phrase: String
    )? {
        guard folder != boundary else { return nil }
        var prefix = boundary == "/" ? "" : boundary
        for component in folder.dropFirst(boundary == "/" ? 1 : boundary.count + 1).split(separator: "/") {
            prefix += "/" + component
            guard component.hasPrefix("."), component != ".", component != "..", only.map({ $0 == component }) ?? true,
                !CanonicalPath.isWithin(book, prefix)
            else { continue }
            let place = prefix == folder ? "is" : "lies in"
            return component == ".git"
                ? (".git", "\(place) the repository's '.git' folder (\(quoted: prefix))")
                : (String(component), "\(place) a dot-folder (\(quoted: prefix))")
        }
        return nil
    }

    /// The book's repository: the nearest folder from `folder` up that holds a `.git` (a
    /// repository or a worktree, `enclosingRepository(of:)`), when that repository is the
    /// book's: `folder` is its top, or its index tracks the book (`book.toml`, or, without one, a
    /// file inside `folder`: `GitIndex`). A book downloaded, unpacked or installed into another
    /// project (`vendor/dl/book`, `node_modules/pkg/docs`) is not that project's: it is bounded by
    /// its own folder, as with no `.git` at all, and what it names inside the project is an error
    /// (`foreignRepository`; attack 20, F4). mdBook resolves `src` and `build-dir` from the
    /// book's folder alone. This is the one place the boundary is decided: the book's readable
    /// folders, its `build-dir` and `book.toml` itself are judged against it.
    static func repository(holding folder: String) -> String? {
        guard let top = enclosingRepository(of: folder) else { return nil }
        return top == folder || tracks(book: folder, in: top) == .listed ? top : nil
    }

    /// The repository holding `folder` that does not track it (the book was put into another
    /// project), when `resolved` lies inside it: what the book names there is the project's, not
    /// the book's. Nil when the repository is the book's, or `resolved` lies outside it, or its
    /// index cannot tell (`unknownTracking`: then the book's folder bounds it, with a warning).
    static func foreignRepository(of book: String, holding resolved: String) -> String? {
        guard let top = enclosingRepository(of: book), top != book, CanonicalPath.isWithin(resolved, top),
            tracks(book: book, in: top) == .unlisted
        else { return nil }
        return top
    }

    /// The note for a folder `resolved` of the repository holding `book` whose index cannot say
    /// whether it tracks the book (`GitIndex.Listing.unknown`: a split or sparse index,
    /// `GIT_INDEX_FILE`, damage): the book's folder bounds the book, as for one put into another
    /// project, but what it names there is the warning of a folder outside it, not the error,
    /// whose fix (`git add book.toml`) would not help (code review 41 #4). None otherwise.
    static func unknownTracking(of book: String, holding resolved: String) -> [String] {
        guard let top = enclosingRepository(of: book), top != book, CanonicalPath.isWithin(resolved, top),
            case .unknown(let why) = tracks(book: book, in: top)
        else { return [] }
        return [
            "lecture cannot tell whether the repository \(quoted: top) tracks the book (\(why)), so the book's own folder is taken as its bound"
        ]
    }

    /// The nearest folder from `folder` up that holds a `.git`, unless that folder is `/` or a
    /// home folder or holds one (`OutputFolder.machineFolders`): a home folder kept under git for
    /// its dotfiles makes no plain folder of it a repository's (attack 19, F11). What samples
    /// may not see (`BuildConfiguration.sampleHiddenFolders`), tracked or not.
    static func enclosingRepository(of folder: String) -> String? {
        var current = folder
        while true {
            if FileSystem.exists(FileSystem.join(current, ".git")) {
                return OutputFolder.machineFolder(heldBy: current) == nil ? current : nil
            }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    /// Whether the repository at `top` tracks the book at `book` (canonical, inside `top`).
    private static func tracks(book: String, in top: String) -> GitIndex.Listing {
        let relative = String(book.dropFirst(top == "/" ? 1 : top.count + 1))
        let git = GitFolders.gitFolders(at: FileSystem.join(top, ".git"))
        var info = stat()
        if lstat(FileSystem.join(book, "book.toml"), &info) == 0 {
            return GitIndex.lists(FileSystem.join(relative, "book.toml"), gitFolders: git)
        }
        return GitIndex.lists(relative, below: true, gitFolders: git)
    }
}
