import CommonMark
import Foundation
import LectureSupport

/// mdBook's page-not-found page of Markdown: `404.md` in the pages' folder, or the page
/// `[output.html] input-404` names, written as the site's not-found page under the page's own
/// name (`404.html`, `missing.html` for `input-404 = "missing.md"`), as mdBook 0.5.4 writes it.
package enum NotFoundSource {
    /// Where the not-found page goes in the site: `404.html`, or the `input-404` page's name.
    package static func outputPath(_ book: BookSettings) -> String {
        book.notFoundInput.map { OutputPath.html(forMarkdown: $0) } ?? NotFoundPage.outputPath
    }

    /// Where the build writes the not-found page, if anywhere: the page `input-404` names (also
    /// when the summary lists it: mdBook 0.5.4 then writes the not-found page over the chapter),
    /// `404.html` for a `404.md`, else `404.html` when the theme has a not-found message.
    static func written(_ content: LoadedContent, book: BookSettings, templates: Templates) -> String? {
        if book.notFoundInput != nil || content.notFound != nil { return outputPath(book) }
        return templates.notFound == nil ? nil : NotFoundPage.outputPath
    }

    /// The fix for a page written where the not-found page goes.
    static let collisionNote =
        "the not-found page is 404.md, or the page book.toml's [output.html] input-404 names; it is no chapter (mdBook writes it over the chapter's page): take the page out of SUMMARY.md or rename it, or name another page in input-404"

    /// An error at book.toml's `input-404` when the page it names was not found: mdBook 0.5.4
    /// fails the build then ("failed to read the 404 input file"). `404.md`, the default, may be
    /// absent: the theme's not-found page is written.
    ///
    /// An `input-404` a shell would have expanded (`~/nf.md`) is warned here, not by book.toml's
    /// reader, so that a missing page is one diagnostic at the line: the error, its `~` explained
    /// in its notes (`UnexpandedPath.folded`); a page found there keeps the warning alone.
    static func inputProblems(_ content: LoadedContent, configuration: BuildConfiguration) -> [Diagnostic] {
        let unexpanded = configuration.book.notFoundInput.flatMap { name in
            UnexpandedPath.warning(
                "'output.html.input-404'", spelled: name, relativeTo: configuration.contentDirectory,
                file: bookTOML(configuration), at: configuration.book.locations["output.html.input-404"])
        }
        let missing = missingInput(content, configuration: configuration)
        return UnexpandedPath.folded([unexpanded, missing].compactMap { $0 })
    }

    /// book.toml's path as diagnostics name it.
    private static func bookTOML(_ configuration: BuildConfiguration) -> String {
        FileSystem.join(
            configuration.bookDirectory ?? FileSystem.join(configuration.contentDirectory, ".."), "book.toml")
    }

    static func missingInput(_ content: LoadedContent, configuration: BuildConfiguration) -> Diagnostic? {
        guard content.notFound == nil, let name = configuration.book.notFoundInput,
            let location = configuration.book.locations["output.html.input-404"]
        else { return nil }
        let folder = configuration.contentDirectory
        // A link the rule refused has its error at the link already (`ContentLoader`).
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: FileSystem.join(folder, name))) == nil else {
            return nil
        }
        guard !content.book.flattened.contains(where: { NFC.normalized($0.path) == NFC.normalized(name) }) else {
            return nil
        }
        let toml = bookTOML(configuration)
        // A name that leaves the folder (`../../x.md`, `/etc/hostname`) is never read: the fix
        // is to move the page in, not to create it where it was refused (attack 10).
        let normalized = SummaryParser.normalize(name)
        let leaves = name.hasPrefix("/") || normalized == ".." || normalized.hasPrefix("../")
        let fileName = name.split(separator: "/").last.map(String.init) ?? name
        // A folder of that name (`input-404 = "errors"`): mdBook 0.5.4 fails on it too ("Is a directory").
        if !leaves, FileSystem.isDirectory(FileSystem.join(folder, name)) {
            return .error(
                .bookTOMLValue, toml, location,
                "'output.html.input-404' names \(quoted: name), which is a folder in \(quoted: folder), not a page",
                notes: ["name the Markdown page of the not-found page's text, such as \(quoted: name + "/404.md")"])
        }
        return .error(
            .bookTOMLValue, toml, location,
            "'output.html.input-404' names \(quoted: name), which is not in the pages' folder \(quoted: folder)",
            notes: [
                leaves
                    ? "the not-found page is read from the pages' folder only: move it into \(quoted: folder) and name it from there (\(quoted: fileName)), or delete the line to use 404.md (or the theme's page when there is none)"
                    : "create \(quoted: FileSystem.join(folder, name)) with the not-found page's text, or delete the line to use 404.md (or the theme's page when there is none)"
            ])
    }
}
