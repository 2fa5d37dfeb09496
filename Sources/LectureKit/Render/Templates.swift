import CommonMark
import Foundation
import LectureSupport

/// The layouts in `site-templates/`, and the static assets beside them.
///
/// `page.html` (required) lays out every page; `404.html` (optional) is the not-found page's
/// message, which `page.html` lays out too (`NotFoundPage`).
/// Every other file in the folder is an asset, copied into the site at the same relative path.
struct Templates: Hashable, Sendable {
    /// `page.html`, which lays out every page.
    var page: Template
    /// `404.html`, the not-found page's message, or `nil` when the folder has none.
    var notFound: Template?
    /// Asset paths relative to the templates folder.
    var assets: [String]
    /// The templates folder, as the user gave it.
    var directory: String
    /// The symbolic links in it, relative to it: never copied, each warned (`UnreachableAssets.links`).
    var links: [String] = []
    /// The interface words in the book's language (`InterfaceWords`), `{{ words.KEY }}`.
    var words = InterfaceWords(table: [:])
    /// The page chrome (`partials/*.html`), the theme's or the built-in theme's, file by file.
    var partials = Partials.builtIn
    /// The assets written into the site from memory, by path (the built-in theme's, `embed`);
    /// the others are copied from `directory`.
    var embedded: [String: [UInt8]] = [:]

    /// Placeholders `page.html` may use, each with its kind (`PlaceholderCopies`).
    static let pagePlaceholders: [String: PlaceholderKind] = [
        "title": .text, "page_title": .text, "book_title": .text, "content": .parts, "nav": .parts, "prev": .text,
        "next": .text, "toc": .parts, "root": .text, "swift_version": .text, "build_date": .text, "verified": .text,
        "verified_footer": .text, "generator": .text, "language": .text, "text_direction": .text,
        "default_theme": .text, "repository_link": .text, "edit_link": .text, "head": .parts, "additional_css": .text,
        "additional_js": .text, "search": .text, "print_link": .text,
    ]
    /// Placeholders `404.html` may use, each with its kind (`PlaceholderCopies`).
    static let notFoundPlaceholders: [String: PlaceholderKind] = [
        "book_title": .text, "nav": .parts, "root": .text, "swift_version": .text, "build_date": .text,
        "verified": .text, "language": .text, "text_direction": .text, "default_theme": .text,
        "repository_link": .text,
    ]

    /// Loads the templates.
    /// - Throws: every problem, each a diagnostic at the template's line and column.
    /// A template may also use `{{ words.KEY }}` for each interface word (`InterfaceWords.keys`).
    /// - Parameter book: the book's folders (`IncludeScope.roots`), where a theme's link may lead.
    package static func load(directory: String, book: [String] = []) throws(DiagnosticsError) -> Templates {
        guard FileSystem.isDirectory(directory) else {
            throw DiagnosticsError([
                .error(
                    .missingTemplates,
                    directory, nil, "templates folder does not exist",
                    notes: ["pass the folder that holds page.html with --templates DIR"])
            ])
        }
        var diagnostics: [Diagnostic] = []
        let words = Set(InterfaceWords.keys.map { "words." + $0 })
        func template(_ name: String, known: [String: PlaceholderKind]) -> Template? {
            let path = FileSystem.join(directory, name)
            let read: [UInt8]?
            do throws(Diagnostic) {
                read = try BookFileRule.themeFile(path, theme: directory, book: book)
            } catch {
                diagnostics.append(error)
                return nil
            }
            guard let bytes = read else { return nil }
            let file: SourceFile
            do throws(Diagnostic) {
                file = try SourceFileReader.decode(bytes, displayPath: path, relativePath: name)
            } catch {
                diagnostics.append(error)
                return nil
            }
            if name == "404.html", let whole = wholeDocument(file.text, path: path) {
                diagnostics.append(whole)
                return nil
            }
            do throws(DiagnosticsError) {
                return try Template.parse(
                    file.text, path: path, known: known, alsoKnown: words, boundingCopies: true)
            } catch {
                diagnostics += error.diagnostics
                return nil
            }
        }
        let page = template("page.html", known: pagePlaceholders)
        // A theme without a not-found message gets the built-in one, laid out in its page.html:
        // mdBook 0.5.4 writes its default 404.html into a custom theme's site too (run).
        let notFound =
            FileSystem.exists(FileSystem.join(directory, "404.html"))
            ? template("404.html", known: notFoundPlaceholders) : builtInNotFound(alsoKnown: words)
        if page == nil && diagnostics.isEmpty {
            diagnostics.append(
                .error(.missingTemplates, FileSystem.join(directory, "page.html"), nil, "page template does not exist"))
        }
        var partials: Partials?
        do throws(DiagnosticsError) {
            partials = try Partials.load(themeDirectory: directory, book: book)
        } catch {
            diagnostics += error.diagnostics
        }
        guard let page, let partials, diagnostics.isEmpty else { throw DiagnosticsError(diagnostics) }
        // The interface words (`words/*.toml`) and the partials (`partials/*.html`) are read, not copied.
        let listing = FileSystem.listing(under: directory)
        var templates = Templates(
            page: page, notFound: notFound, assets: listing.files.filter(isAsset), directory: directory,
            partials: partials)
        // A layout, partial or words file that is a link is read by the rule (`BookFileRule`), an
        // error when it leads out: no second word of it as an asset not copied.
        templates.links = listing.links.filter(isAsset)
        return templates
    }

    /// The built-in theme's not-found message (`site-templates/404.html`), for a theme without one.
    static func builtInNotFound(alsoKnown words: Set<String>) -> Template? {
        guard let file = DefaultTheme.layouts.first(where: { $0.path == "404.html" }) else { return nil }
        return try? Template.parse(
            String(decoding: file.bytes, as: UTF8.self), path: "404.html", known: notFoundPlaceholders,
            alsoKnown: words)
    }

    /// Whether the theme's file at `path` (relative to its folder) is an asset: not a layout
    /// (an `.html` file at the top), a table of interface words (`words/*.toml`), a partial
    /// (`partials/*.html`) nor a language's style sheet (`languages/*.css`, `LanguageStyle`), and
    /// not what `EditorLeftovers` names (dotfiles and dotfolders, editors' leftovers), which are
    /// left out here as in the pages' folder (attack 16, kind 7: the Write step refused them at
    /// the output path, one per run).
    static func isAsset(_ path: String) -> Bool {
        !(path.hasSuffix(".html") && !path.contains("/")) && !(path.hasPrefix("words/") && path.hasSuffix(".toml"))
            && !(path.hasPrefix("partials/") && path.hasSuffix(".html")) && !LanguageStyle.isLanguageStyle(path)
            && !path.split(separator: "/").contains { EditorLeftovers.contains(name: String($0)) }
    }

    /// The templates with `assets` (path → bytes) besides the folder's, written into the site
    /// from memory (the built-in theme's, whose folder in the cache holds only its layouts).
    mutating func embed(_ assets: [String: [UInt8]]) {
        embedded.merge(assets) { _, new in new }
        self.assets = Array(Set(self.assets).union(assets.keys)).sorted()
    }

    /// An error when `404.html` is a whole document (`<!DOCTYPE`, `<html`, as it was before
    /// `page.html` laid it out), at the line and column of that tag.
    static func wholeDocument(_ text: String, path: String) -> Diagnostic? {
        guard
            let tag = text.range(of: "<!doctype", options: .caseInsensitive)
                ?? text.range(of: "<html", options: .caseInsensitive)
        else { return nil }
        let lines = text[..<tag.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        return .error(
            .templateWholeDocument, path, SourceLocation(line: lines.count, column: (lines.last?.utf8.count ?? 0) + 1),
            "404.html is a whole page; it holds only the not-found message",
            notes: [
                "page.html lays out the not-found page as it lays out every page; keep what goes inside <main> (the heading and the message) and remove the rest"
            ])
    }
}
