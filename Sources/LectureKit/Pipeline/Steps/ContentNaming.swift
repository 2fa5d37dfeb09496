import LectureSupport

extension BuildStep {
    /// `Names`: the files every page loads named with a hash of their content, and the pages'
    /// references to them renamed (`ContentNames`), unless book.toml says `hash-files = false`.
    /// Not in a `lecture serve` session, whose server sends every file with `no-cache` and whose
    /// live reload swaps a page's content in place only while the rest of the page is unchanged.
    static let contentNames = BuildStep(name: "Names") { (context: inout BuildContext) in
        let configuration = context.configuration
        guard configuration.book.hashFiles != false else { return }
        let theme = ContentNames.themeFiles(context.templates?.assets ?? [])
        let files =
            theme.map(NFC.normalized) + [InterfaceWords.scriptPath, "toc.js", SiteFiles.highlightJS]
            + (configuration.additionalStyles + configuration.additionalScripts).map { NFC.normalized($0.sitePath) }
        // Hashed from the file opened and judged by the read rule, as it is copied (`CopiedFile`).
        let highlight =
            context.site.generated[SiteFiles.highlightJS] == nil ? context.site.copied[SiteFiles.highlightJS] : nil
        let builtIn =
            configuration.templatesDirectory == DefaultTheme.folder(cacheDirectory: configuration.cacheDirectory)
        let renames = ContentNames.renames(
            of: context.site, files: files, folder: SearchIndex.folder,
            read: {
                guard case .success(let file) = $0.open() else { return nil }
                return try? file.bytes().bytes
            },
            // The built-in theme's assets, as embedded: their digests made when the tool was built;
            // highlight.js, copied from the system: its digest kept under its signature.
            known: { path, bytes in
                if path == SiteFiles.highlightJS, let highlight, !highlight.isBooks {
                    return CopiedFileDigest.digest(
                        of: highlight.source, bytes: bytes, cache: Cache(directory: configuration.cacheDirectory))
                }
                return builtIn ? DefaultTheme.contentDigest(of: path, bytes) : nil
            })
        ContentNames.apply(renames, to: &context.site, siteURL: configuration.siteURL)
    }
}
