import LectureSupport

extension BuildStep {
    /// `Write`: the site into a new folder swapped in whole for the old one (`SiteWriter`); files
    /// an earlier build of the session wrote unchanged are hard-linked from the live site.
    static let write = BuildStep(name: "Write") { (context: inout BuildContext) in
        let output = context.configuration.outputDirectory
        let memory = context.memory
        let linkable = memory?.liveSiteIsOurs(output, global: context.global) == true ? context.site.unchanged : []
        do {
            try SiteWriter.write(context.site, to: output, linking: linkable, removingOldLater: memory != nil)
            memory?.rememberWrite(output, global: context.global, copies: context.site.copySignatures)
        } catch {
            memory?.forgetWrite()
            throw error
        }
    }
}
