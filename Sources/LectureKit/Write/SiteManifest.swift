import LectureSupport

/// What a site folder holds that `lecture` did not write. The marker file (`.lecture-site`)
/// lists every file of the site, so a file put into the folder since (a deploy checkout's
/// `.git`, a `CNAME`, notes) is told from the site's own before the folder is replaced: each
/// build replaces the whole folder, and mdBook 0.5.4 removes such files without a word.
enum SiteManifest {
    /// The marker's first line; each later line is a file of the site, a `\`, line feed and
    /// carriage return in its name written `\\`, `\n` and `\r` (a page may be named
    /// `a⏎b.md`, and a line ending in CR is one `Character` with its LF, which `split` keeps whole).
    static let heading = "written by lecture build (names escaped)"

    /// The first line of an earlier version's marker, whose lines are the names as they are.
    static let earlierHeading = "written by lecture build"

    /// The marker's bytes for a site of the files `paths`.
    static func marker(listing paths: some Sequence<String>) -> [UInt8] {
        Array(([heading] + paths.sorted().map(escaped)).map { $0 + "\n" }.joined().utf8)
    }

    /// `path` as a line of the marker.
    static func escaped(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0 == "\\" || $0 == "\n" || $0 == "\r" }) else { return path }
        return path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r")
    }

    /// The names a marker's bytes list: none for a marker of no version.
    static func names(in bytes: [UInt8]) -> Set<String> {
        let lines = String(decoding: bytes, as: UTF8.self).unicodeScalars.split(separator: "\n").map {
            String(String.UnicodeScalarView($0))
        }
        guard let first = lines.first else { return [] }
        if first == earlierHeading { return Set(lines.dropFirst()) }
        guard first == heading else { return [] }
        return Set(
            lines.dropFirst().map { line in
                var name = ""
                var escaping = false
                for scalar in line.unicodeScalars {
                    if escaping {
                        name.unicodeScalars.append(scalar == "n" ? "\n" : scalar == "r" ? "\r" : scalar)
                        escaping = false
                    } else if scalar == "\\" {
                        escaping = true
                    } else {
                        name.unicodeScalars.append(scalar)
                    }
                }
                return name
            })
    }

    /// Paths in the marked site `folder` that its marker does not list, sorted, at most
    /// `limit` (a folder with no listed file in it named once, ending in `/`). A marker of an
    /// earlier version lists nothing: then only the dot-entries are strays (lecture writes no
    /// dotfile but its marker).
    static func strays(in folder: DirectoryHandle, limit: Int = 5) -> [String] {
        let listed = folder.contents(SiteWriter.marker, atMost: 64 << 20).map(names(in:)) ?? []
        if listed.isEmpty {
            return (folder.names() ?? []).filter { $0.hasPrefix(".") && $0 != SiteWriter.marker }.sorted().prefix(
                limit
            ).map { folder.entry($0)?.kind == .directory ? $0 + "/" : $0 }
        }
        var folders = Set<String>()
        for path in listed {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        var strays: [String] = []
        func visit(_ handle: DirectoryHandle, _ prefix: String) {
            for name in (handle.names() ?? []).sorted() where strays.count < limit {
                let path = prefix.isEmpty ? name : prefix + "/" + name
                guard path != SiteWriter.marker else { continue }
                let kind = handle.entry(name)?.kind
                if kind == .directory {
                    if folders.contains(path), let child = DirectoryHandle(in: handle, name) {
                        visit(child, path)
                    } else {
                        strays.append(path + "/")
                    }
                } else if kind != .regularFile || !listed.contains(path) {
                    strays.append(path)
                }
            }
        }
        visit(folder, "")
        return strays
    }
}
