import CommonMark
import LectureSupport

/// Nothing secret is published, wherever it comes from: before `Write`, every generated file's
/// bytes, every file name the site holds and every file copied from the theme's folder pass the
/// scan the pages pass (`SecretScan`, `PublishedSecrets`). The pages and their copied files were
/// scanned when loaded; this pass covers the rest of what reaches the site: book.toml's values
/// (title, description, URLs, redirects), the summary's titles and part headings, the theme's
/// layouts and assets, file and folder names. Each error is put at the input that holds the
/// secret (book.toml's line, the summary's, the theme file's), found by its bytes; at the site's
/// file when no input holds them as published (an escaped or encoded form).
enum SiteSecrets {
    /// A file the site's text may come from, with its bytes.
    struct Source {
        var path: String
        var bytes: [UInt8]
    }

    /// The errors for `site` (files in `site.unchanged` were scanned by the build that wrote
    /// them), with `sources` to put them at, `output` to name a site file by, and the theme
    /// folder whose copied files are read (`themeFolder`, nil for the built-in theme), what they
    /// pack unpacked within `budget`.
    static func problems(
        in site: SiteFiles, sources readSources: () -> [Source], output: String, themeFolder: String?,
        budget: DecompressionBudget = DecompressionBudget()
    ) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var seen = Set<String>()
        // Read only when something is found: most builds find nothing.
        var sources: [Source]?
        func report(
            _ kind: String, secret: ArraySlice<UInt8>, fallback: String, location: SourceLocation? = nil,
            inName: Bool = false
        ) {
            if sources == nil, !secret.isEmpty { sources = readSources() }
            var problem: Diagnostic
            let places = locate(secret, in: sources ?? [])
            if !places.isEmpty {
                for (path, place) in places {
                    let key = "\(path):\(place.line):\(place.column):\(kind)"
                    if seen.insert(key).inserted {
                        problems.append(PublishedSecrets.error(kind: kind, path: path, location: place))
                    }
                }
                return
            } else if inName {
                // Named by its folder: the name itself holds the secret.
                problem = PublishedSecrets.error(kind: kind, path: FileSystem.parent(fallback), location: nil)
                problem.summary = "a file's name holds \(kind), which would be published; nothing is written"
            } else {
                problem = PublishedSecrets.error(kind: kind, path: fallback, location: location)
            }
            let key = "\(problem.path):\(problem.location?.line ?? 0):\(problem.location?.column ?? 0):\(kind)"
            guard seen.insert(key).inserted else { return }
            problems.append(problem)
        }
        // The built-in theme's assets as embedded hold nothing (`DefaultThemeSecretTests`):
        // scanning them was 4.4 M instructions of every small build.
        for (path, bytes) in site.generated.sorted(by: { $0.key < $1.key })
        where !site.unchanged.contains(path) && !DefaultTheme.isEmbeddedAsset(bytes) {
            for finding in bytes.withUnsafeBufferPointer({ SecretScan.all(in: $0) }) {
                report(
                    finding.kind, secret: head(of: bytes, at: finding.offset), fallback: FileSystem.join(output, path))
            }
        }
        let names = Array(site.generated.keys) + Array(site.copied.keys)
        for name in names.sorted() {
            let bytes = Array(name.utf8)
            for finding in SecretScan.all(in: name) {
                report(
                    finding.kind, secret: head(of: bytes, at: finding.offset),
                    fallback: site.copied[name]?.source ?? FileSystem.join(output, name), inName: true)
            }
        }
        if let themeFolder {
            let theme = CanonicalPath.of(themeFolder)
            for (_, copied) in site.copied.sorted(by: { $0.key < $1.key })
            where CanonicalPath.of(copied.source).hasPrefix(theme + "/") {
                for found in SecretScan.all(inFileAt: copied.source, budget: budget) {
                    report(
                        found.finding.kind, secret: [], fallback: copied.source,
                        location: SourceLocation(line: found.line, column: found.column))
                }
            }
        }
        return problems
    }

    /// The inputs whose text reaches the site besides the pages, in the order they are looked
    /// through: book.toml, the summary, the theme's files (its own folder; none for the
    /// built-in theme), each read up to `sourceLimit` bytes.
    static func sources(_ configuration: BuildConfiguration, themeFolder: String?) -> [Source] {
        var paths: [String] = []
        if let book = configuration.bookDirectory { paths.append(FileSystem.join(book, "book.toml")) }
        paths.append(FileSystem.join(configuration.contentDirectory, "SUMMARY.md"))
        if let themeFolder { paths += FileSystem.files(under: themeFolder).map { FileSystem.join(themeFolder, $0) } }
        return paths.compactMap { path in
            guard let read = try? FileSystem.read(path, atMost: sourceLimit) else { return nil }
            return Source(path: path, bytes: read.bytes)
        }
    }

    /// The largest input looked through for a secret's place (a theme's video is not).
    static let sourceLimit = 4 << 20

    /// The bytes a secret found at `offset` starts with, to look for in the inputs: up to 32,
    /// to the first byte that ends a value in HTML, TOML or a URL's path (a quote, `<`, `>`, `&`,
    /// `{`, white space), since the page may hold it filled in (`edit-url-template`'s `{path}`).
    static func head(of bytes: [UInt8], at offset: Int) -> ArraySlice<UInt8> {
        let ends: Set<UInt8> = Set(" \t\r\n\"'<>&{}`".utf8)
        var end = offset
        while end < bytes.count, end - offset < 32, !ends.contains(bytes[end]) { end += 1 }
        return bytes[offset..<end]
    }

    /// Each input that holds `secret`, with the line and byte column of its first place there.
    private static func locate(_ secret: ArraySlice<UInt8>, in sources: [Source]) -> [(String, SourceLocation)] {
        guard !secret.isEmpty else { return [] }
        return sources.compactMap { source in
            guard let range = source.bytes.firstRange(of: secret) else { return nil }
            let before = source.bytes[..<range.lowerBound]
            let line = before.count { $0 == 0x0A } + 1
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            return (source.path, SourceLocation(line: line, column: range.lowerBound - lineStart + 1))
        }
    }
}
