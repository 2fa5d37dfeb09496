import LectureSupport

/// mdBook's `hash-files` (on by default in mdBook 0.5.4): the files a page loads that the build
/// makes or copies for every page (the theme's assets, `words.js`, `toc.js`, highlight.js,
/// book.toml's `additional-css`/`-js`) are named with a hash of their content
/// (`assets/style-1a2b3c4d.css`, `highlight-1a2b3c4d.min.js`, the hash before the name's first
/// dot, as mdBook names `clipboard-1626706a.min.js`), the search index's folder with a hash of
/// all its files (`search-1a2b3c4d/pages.js`: the shards are loaded from the folder of the file
/// a page names), and every page's reference to them follows. A page after a deploy then never
/// loads a cached copy of an old style sheet, script or index, since a changed file has a new name.
enum ContentNames {
    /// Hexadecimal digits of SHA-256 in a name, as many as mdBook's.
    static let hashLength = 8

    /// The longest file name a hash still fits in: `NAME_MAX` less `-` and the hash (246 bytes).
    static let longestHashedName = OutputCollisions.maximumNameBytes - 1 - hashLength

    /// Whether the file name of `path` is too long to be hashed (`longestHashedName`): the site
    /// could not write it, and mdBook 0.5.4 fails on it too ("File name too long").
    static func tooLongToHash(_ path: String) -> Bool {
        (path.split(separator: "/").last?.utf8.count ?? 0) > longestHashedName
    }

    /// The theme's files a page loads, named with their hash: its style sheets, scripts and favicon.
    static func themeFiles(_ assets: [String]) -> [String] {
        assets.filter { $0.hasSuffix(".css") || $0.hasSuffix(".js") || $0 == MdBookTheme.faviconAsset }
    }

    /// An error for each file of the theme (`templates`) whose name is too long to be hashed,
    /// when the book hashes names (attack 20, F6): said where the theme is read, before the
    /// build, instead of failing its `Write` at the site's file with no word of the theme's.
    static func tooLongThemeNames(_ templates: Templates, hashFiles: Bool?) -> [Diagnostic] {
        guard hashFiles != false else { return [] }
        return themeFiles(templates.assets).filter(tooLongToHash).sorted().map { asset in
            let name = asset.split(separator: "/").last.map(String.init) ?? asset
            return .error(
                .outputCollision, FileSystem.join(templates.directory, asset), nil,
                "the theme's file would be published under a name of \(name.utf8.count + 1 + hashLength) bytes, more than the \(OutputCollisions.maximumNameBytes) a file system allows",
                notes: [hashNote])
        }
    }

    /// How a hashed name grows and what to do about a long one.
    static let hashNote =
        "the site names it with a hash of its content ('-' and \(hashLength) hexadecimal digits before its first dot, as mdBook's hash-files does), so the longest name that fits is \(longestHashedName) bytes: shorten the name, or write 'hash-files = false' under [output.html]"

    /// A renamed path: which of its components (from the end: 0 its file name) takes the hash.
    struct Rename: Equatable {
        var hash: String
        var componentFromEnd: Int
    }

    /// `name` with `-hash` before its first dot (a leading dot, as in `.hidden`, is the name's).
    static func hashed(_ name: Substring, _ hash: String) -> String {
        let start = name.first == "." ? name.index(after: name.startIndex) : name.startIndex
        guard let dot = name[start...].firstIndex(of: ".") else { return name + "-" + hash }
        return name[..<dot] + "-" + hash + name[dot...]
    }

    /// `path` with its component `componentFromEnd` (0: the last) hashed.
    static func renamed(_ path: String, _ rename: Rename) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let index = parts.count - 1 - rename.componentFromEnd
        guard parts.indices.contains(index) else { return path }
        parts[index] = hashed(Substring(parts[index]), rename.hash)
        return parts.joined(separator: "/")
    }

    static func digest(_ parts: [[UInt8]]) -> String {
        var hash = SHA256()
        for part in parts { hash.update(part) }
        return String(hash.hexDigest().prefix(hashLength))
    }

    /// The renames of `site`: each of `files` it holds by its content, and every file in
    /// `folder` by the folder's files together (their paths and contents). A file whose new path
    /// the site already holds keeps its name. `read` gives a copied file's bytes; `known` the
    /// SHA-256 of a file's bytes when it is known without hashing them (the built-in theme's).
    static func renames(
        of site: SiteFiles, files: [String], folder: String?, read: (CopiedFile) -> [UInt8]?,
        known: (String, [UInt8]) -> String? = { _, _ in nil }
    ) -> [String: Rename] {
        func bytes(_ path: String) -> [UInt8]? { site.generated[path] ?? site.copied[path].flatMap(read) }
        var renames: [String: Rename] = [:]
        for path in Set(files) {
            guard let content = bytes(path) else { continue }
            let hash = known(path, content).map { String($0.prefix(hashLength)) } ?? digest([content])
            renames[path] = Rename(hash: hash, componentFromEnd: 0)
        }
        if let folder {
            let prefix = folder + "/"
            let inside = (Array(site.generated.keys) + Array(site.copied.keys)).filter { $0.hasPrefix(prefix) }.sorted()
            let hash = digest(inside.flatMap { [Array($0.utf8), bytes($0) ?? []] })
            let depth = folder.split(separator: "/").count
            for path in inside {
                renames[path] = Rename(
                    hash: hash, componentFromEnd: path.split(separator: "/").count - depth)
            }
        }
        let taken = Set(site.generated.keys).union(site.copied.keys)
        return renames.filter { !taken.contains(renamed($0.key, $0.value)) }
    }

    /// Renames `renames`' files in `site` and rewrites every HTML file's `href`, `src` and
    /// `data-index` (the search box's) that names one of them, relative or from `siteURL` (the
    /// not-found page's), keeping the rest of the value as written.
    static func apply(_ renames: [String: Rename], to site: inout SiteFiles, siteURL: String) {
        guard !renames.isEmpty else { return }
        for (path, rename) in renames {
            let new = renamed(path, rename)
            if let bytes = site.generated.removeValue(forKey: path) { site.generated[new] = bytes }
            if let source = site.copied.removeValue(forKey: path) { site.copied[new] = source }
            if site.unchanged.remove(path) != nil { site.unchanged.insert(new) }
        }
        let names = FileNames(renames.keys)
        // Every page names the same style sheets and scripts: each value's answer is found once
        // per folder (by its bytes: `String` keys would take canonically equivalent ones for it).
        var answers: [String: [[UInt8]: [UInt8]?]] = [:]
        // Over a copy of the names: iterating `site.generated.keys` kept the dictionary's first
        // storage, and with it every file's bytes as they were, alive beside the rewritten ones
        // until the loop ended (every page twice at the build's peak, issue 36).
        for path in Array(site.generated.keys) where path.hasSuffix(".html") {
            guard let html = site.generated[path] else { continue }
            let folder = path.split(separator: "/").dropLast().joined(separator: "/")
            if let rewritten = references(
                in: html, folder: folder, siteURL: siteURL, renames: renames, names: names,
                answers: &answers[folder, default: [:]])
            {
                site.generated[path] = rewritten
            }
        }
    }

    /// `html` with its references to renamed files renamed, or `nil` when it has none (`names`:
    /// the last segments of `renames`' paths; `answers`: each value's new bytes, `nil` for one
    /// that names no renamed file, as found in files of `folder` before).
    static func references(
        in html: [UInt8], folder: String, siteURL: String, renames: [String: Rename], names: FileNames,
        answers: inout [[UInt8]: [UInt8]?]
    ) -> [UInt8]? {
        var edits: [(Range<Int>, [UInt8])] = []
        HTMLAttributes.scan(html) { tag in
            for attribute in tag.attributes
            where HTMLAttributes.is("href", attribute.name, in: html)
                || HTMLAttributes.is("src", attribute.name, in: html)
                || HTMLAttributes.is("data-index", attribute.name, in: html)
            {
                if names.excludes(html[attribute.value]) { continue }
                let bytes = Array(html[attribute.value])
                let answer: [UInt8]?
                if let known = answers[bytes] {
                    answer = known
                } else {
                    answer = renamedValue(attribute.value, in: html, folder: folder, siteURL: siteURL, renames: renames)
                    answers[bytes] = .some(answer)
                }
                if let answer { edits.append((attribute.value, answer)) }
            }
        }
        guard !edits.isEmpty else { return nil }
        // Made at its final size, front to back: replacing in a copy of `html` doubled the
        // copy's capacity at the first longer name, every rewritten page (and `print.html`)
        // held at twice its size to the end (issue 36).
        var out: [UInt8] = []
        out.reserveCapacity(edits.reduce(html.count) { $0 + $1.1.count - $1.0.count })
        var start = 0
        for (range, bytes) in edits {
            out.append(contentsOf: html[start..<range.lowerBound])
            out.append(contentsOf: bytes)
            start = range.upperBound
        }
        out.append(contentsOf: html[start...])
        return out
    }

    /// The value at `range` of `html` (an `href`, `src` or `data-index` in a file of `folder`)
    /// with the renamed file it names renamed, keeping its query and fragment as written, or
    /// `nil` when it names none.
    private static func renamedValue(
        _ range: Range<Int>, in html: [UInt8], folder: String, siteURL: String, renames: [String: Rename]
    ) -> [UInt8]? {
        let written = String(decoding: html[range], as: UTF8.self)
        let end = written.firstIndex { $0 == "?" || $0 == "#" } ?? written.endIndex
        let url = HTMLAttributes.value(range, in: html)
        let urlPath = String(url[..<(url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex)])
        guard let target = sitePath(urlPath, folder: folder, siteURL: siteURL), let rename = renames[target]
        else { return nil }
        return Array((renamed(String(written[..<end]), rename) + written[end...]).utf8)
    }

    /// The site path `url` (a path without query or fragment) names from a file in `folder`,
    /// or `nil` for a URL with a scheme, one from another host or outside `siteURL`.
    static func sitePath(_ url: String, folder: String, siteURL: String) -> String? {
        if url.isEmpty || url.hasPrefix("//") || url.contains(":") { return nil }
        let joined: String
        if url.hasPrefix("/") {
            guard url.hasPrefix(siteURL) else { return nil }
            joined = String(url.dropFirst(siteURL.count))
        } else {
            joined = folder.isEmpty ? url : folder + "/" + url
        }
        let decoded = joined.contains("%") ? EmittedLinkChecker.percentDecoded(Substring(joined)) : joined
        return decoded.contains(".") ? SummaryParser.normalize(decoded) : decoded
    }

    /// The last segments of the renamed paths: a relative URL of plain ASCII whose last segment
    /// is none of them names no renamed file, and is passed over before any text is made of it
    /// (every `href` and `src` of every page comes here; most name pages and anchors).
    struct FileNames {
        private let names: Set<String>

        init(_ paths: some Sequence<String>) {
            names = Set(
                paths.compactMap { $0.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) })
        }

        /// Whether the URL written as `value` surely names no renamed file. Only for a value of
        /// printable ASCII without `%`, `&`, `:` or a backslash that does not start with `/`: then
        /// neither character references, percent-decoding, the site URL nor grapheme clusters
        /// change it, and the site path `sitePath` makes of it ends with its last segment (unless
        /// that is empty, `.` or `..`), which a renamed path's last segment equals, under
        /// canonical equivalence as `String` compares, when the two paths are equal.
        func excludes(_ value: ArraySlice<UInt8>) -> Bool {
            var end = value.endIndex
            var segmentStart = value.startIndex
            for index in value.indices {
                let byte = value[index]
                guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%"), byte != UInt8(ascii: "&"),
                    byte != UInt8(ascii: ":"), byte != UInt8(ascii: "\\")
                else { return false }
                if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                    end = index
                    break
                }
                if byte == UInt8(ascii: "/") { segmentStart = index + 1 }
            }
            // No path (`#anchor`, `?query`): `sitePath` names nothing.
            if end == value.startIndex { return true }
            guard value.first != UInt8(ascii: "/") else { return false }
            let segment = value[segmentStart..<end]
            if segment.isEmpty || segment.elementsEqual([UInt8(ascii: ".")])
                || segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
            {
                return false
            }
            return !names.contains(String(decoding: segment, as: UTF8.self))
        }
    }
}
