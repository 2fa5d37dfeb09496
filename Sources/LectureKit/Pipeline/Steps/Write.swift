import LectureSupport

extension BuildStep {
    /// `Write`: the site into a new folder swapped in whole for the old one (`SiteWriter`); in a
    /// session, files `context.earlier` knows unchanged are hard-linked from the live site and
    /// the replaced site is removed in the background.
    static let write = BuildStep(name: "Write") { (context: inout BuildContext) in
        try SiteWriter.write(
            context.site, to: context.configuration.outputFolder, protecting: context.configuration.protectedFolders,
            linking: context.earlier.linkable,
            removingOldLater: context.earlier.removesOldLater)
    }
}
