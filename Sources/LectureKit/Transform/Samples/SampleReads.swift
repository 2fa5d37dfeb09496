import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The files of the book a sample reads, as its `reads=FILE` attributes name them (relative to
/// its page's folder, `..` stepping up): each must be a regular file inside the pages' folder
/// (`Sample.contentFolder`), after resolving links; it is copied into every run's folder so that
/// the program opens it as written: `data/words.txt` in the working folder, and for
/// `../data/words.txt` from `src/chapters/deep.md` the working folder is the run's `chapters/`,
/// the file its `data/words.txt` (`workingFolder`). A data file shared by pages in several folders
/// is one file (new user 5, F11: it had to be copied under each). Its bytes are part of the
/// sample's cache key (`SampleVerifier.cacheKey`), so a changed file runs the sample again rather
/// than answering from the cache. A file the program reads without declaring it is not known to
/// the cache.
enum SampleReads {
    /// The folder no file a sample reads may leave: the pages' folder, else the page's own.
    static func root(of sample: Sample) -> String { CanonicalPath.of(sample.contentFolder ?? sample.pageFolder) }

    /// The file's path on disk: below the page's folder once links are resolved, and in none of
    /// `replaced` (the output folder or the cache lying inside the pages' folder: a sample reading
    /// the previous build's site), else `nil`.
    static func path(_ file: String, of sample: Sample, replaced: ReplacedFolders = .none) -> String? {
        let folder = root(of: sample)
        let real = CanonicalPath.of(sample.pageFolder + "/" + file)
        // The rule of every file the book reads (`BookFileRule`): a regular file inside the pages'
        // folder, links resolved, in no `.git` and no dot-file (`reads=.env`, printed, was published).
        guard real != folder, replaced.holding(real) == nil, BookFileRule.refusal(real: real, roots: [folder]) == nil
        else { return nil }
        return real
    }

    /// The most a file a sample reads may hold: what its run's folder may (`RunFolderLimit`).
    static let limit = RunFolderLimit.bytes

    /// The file's bytes, or `nil` when it is missing, not a regular file, outside the folder or
    /// bigger than `limit` (read no further than that).
    static func bytes(_ file: String, of sample: Sample, replaced: ReplacedFolders = .none) -> [UInt8]? {
        guard let path = path(file, of: sample, replaced: replaced),
            case .success(let opened) = BookFile.open(path, roots: [root(of: sample)]),
            replaced.holding(opened.real) == nil,
            let read = try? opened.bytes(atMost: limit),
            read.bytes.count <= limit
        else { return nil }
        return read.bytes
    }

    /// The error for the first declared file that cannot be read, at the sample's fence.
    static func problem(of sample: Sample, replaced: ReplacedFolders = .none) -> Diagnostic? {
        for file in sample.reads where bytes(file, of: sample, replaced: replaced) == nil {
            var info = stat()
            let real = CanonicalPath.of(sample.pageFolder + "/" + file)
            if let folder = replaced.holding(real) {
                return .error(
                    .sampleAttributes, sample.path, sample.location,
                    "'\(Sample.readsAttribute)=\(file)' names a file in \(folder.role) (\(quoted: folder.path))",
                    notes: [folder.why])
            }
            if let refusal = BookFileRule.refusal(real: real, roots: [root(of: sample)]), case .privateFile = refusal {
                return .error(
                    .sampleAttributes, sample.path, sample.location,
                    "'\(Sample.readsAttribute)=\(file)' \(refusal.phrase)", notes: [refusal.note])
            }
            if stat(real, &info) == 0, CanonicalPath.isWithin(real, root(of: sample)) {
                let kind = info.st_mode & S_IFMT
                if kind == S_IFREG && Int(info.st_size) > limit {
                    return .error(
                        .sampleAttributes, sample.path, sample.location,
                        "'\(Sample.readsAttribute)=\(file)' is \(info.st_size) bytes, more than the \(limit >> 20) MiB a sample's folder may hold",
                        notes: ["give the sample a smaller file; it is copied into every run's folder"])
                }
                if kind != S_IFREG {
                    return .error(
                        .sampleAttributes, sample.path, sample.location,
                        "'\(Sample.readsAttribute)=\(file)' is \(kind == S_IFDIR ? "a folder" : "not a regular file (a named pipe, a socket or a device)")",
                        notes: ["name a regular file of the book's pages"])
                }
            }
            return .error(
                .sampleAttributes, sample.path, sample.location,
                "'\(Sample.readsAttribute)=\(file)' names no readable file of the book's pages",
                notes: [
                    "the path is relative to \(sample.pageFolder)/ and may not leave \(sample.contentFolder ?? sample.pageFolder)/; a link must lead to a regular file inside it"
                ]
                    + (UnexpandedPath.shellWord(in: file).map {
                        ["\(quoted: $0) is not expanded: the path is taken as written"]
                    } ?? []))
        }
        return nil
    }

    /// Where the program runs inside its run's folder, so that every file it reads opens as
    /// written: "" (the run's folder itself) unless a file steps up (`..`); then as many of the
    /// page's folders as the most steps up (`chapters` for `../data/words.txt` from
    /// `src/chapters/deep.md`), so that `../chapters/x` comes back where it should.
    static func workingFolder(of sample: Sample) -> String {
        let ups =
            sample.reads.map { file in
                SummaryParser.normalize(file).split(separator: "/").prefix { $0 == ".." }.count
            }.max() ?? 0
        guard ups > 0 else { return "" }
        let page = CanonicalPath.of(sample.pageFolder)
        let root = root(of: sample)
        let below = CanonicalPath.isWithin(page, root) ? page.dropFirst(root.count).split(separator: "/") : []
        // Past the pages' folder nothing is copied (`path` refuses it): any name holds the place.
        let names = Array(repeating: "page", count: max(0, ups - below.count)) + below.suffix(ups).map(String.init)
        return names.joined(separator: "/")
    }

    /// Copies the sample's files into `folder` (the run's), each where the program opens it from
    /// its working folder (`workingFolder`).
    static func provide(_ sample: Sample, in folder: String, replaced: ReplacedFolders = .none) throws {
        let working = workingFolder(of: sample)
        if !working.isEmpty { try FileSystem.makeDirectories(folder + "/" + working) }
        for file in sample.reads {
            guard let bytes = bytes(file, of: sample, replaced: replaced) else { continue }
            let placed = SummaryParser.normalize(working.isEmpty ? file : working + "/" + file)
            guard !placed.hasPrefix("..") else { continue }
            let target = folder + "/" + placed
            if let slash = target.lastIndex(of: "/") {
                try FileSystem.makeDirectories(String(target[..<slash]))
            }
            try FileSystem.writeAtomically(bytes, to: target)
        }
    }
}
