import Foundation
import PackagePlugin

/// Ships the default theme inside the tool: every file of the repository's `site-templates/`
/// (the theme's one home) becomes a Swift source, `DefaultThemeFiles.swift`, compiled into the
/// target. SwiftPM copies a resource that is a symbolic link as the link itself, and resources
/// must live inside their target's folder, so the theme is embedded instead of copied.
@main struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let theme = context.package.directoryURL.appending(path: "site-templates")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: theme, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let file as URL in walker
            where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(file)
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultThemeFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the default theme from site-templates/",
                executable: try context.tool(named: "theme-embedder").url,
                arguments: [theme.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
