import LectureSupport

extension BuildStep {
    /// `Write`: the site into a new folder swapped in whole for the old one (`SiteWriter`); in a
    /// session, files `context.earlier` knows unchanged are hard-linked from the live site and
    /// the replaced site is removed in the background.
    static let write = BuildStep(name: "Write", session: writeSession) { (context: inout BuildContext) in
        // What the pages and their files did not bring in is scanned here, as the site is, all
        // within one decompression budget (`Load`'s is its own).
        let configuration = context.configuration
        let budget = DecompressionBudget()
        let theme =
            configuration.templatesDirectory == DefaultTheme.folder(cacheDirectory: configuration.cacheDirectory)
            ? nil : configuration.templatesDirectory
        let secrets = SiteSecrets.problems(
            in: context.site, sources: { SiteSecrets.sources(configuration, themeFolder: theme) },
            output: configuration.outputDirectory, themeFolder: theme, budget: budget)
        if !secrets.isEmpty {
            context.diagnostics.emit(secrets)
            throw BuildStop()
        }
        let leftovers = try SiteWriter.write(
            context.site, to: context.configuration.outputFolder, protecting: context.configuration.protectedFolders,
            linking: context.earlier.linkable,
            removingOldLater: context.earlier.removals, budget: budget)
        for path in leftovers {
            context.diagnostics.emit(
                .warning(
                    .outputRefused, path, nil,
                    "an entry beside the output folder has the name of lecture's staging folders; it was left as it is",
                    notes: [
                        "lecture removes only what it made in this run: if a build that was killed left it, remove it; else rename it"
                    ]))
        }
    }

    /// In a session: files `Render` knows unchanged are hard-linked from the live site when it is
    /// the one the last build wrote with the same global inputs, and the replaced site is removed
    /// in the background; after writing, the live site remembered (or forgotten when writing failed).
    static let writeSession = SessionHooks(
        before: { rebuild, context in
            // Asked again: a step since Render may have changed what it covers.
            rebuild.global = rebuild.memory.number(of: context.globalInputs())
            let output = context.configuration.outputDirectory
            context.earlier.linkable =
                rebuild.memory.liveSiteIsOurs(output, global: rebuild.global) ? context.site.unchanged : []
            context.earlier.removals = rebuild.memory.removals
        },
        after: { rebuild, context in
            rebuild.memory.rememberWrite(
                context.configuration.outputDirectory, global: rebuild.global, copies: context.site.copySignatures,
                keys: context.site.pageKeys)
            return context.earlier.linkable.count
        },
        failed: { rebuild in rebuild.memory.forgetWrite() })
}
