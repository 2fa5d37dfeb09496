import Foundation
import LectureSupport

/// mdBook's `theme/` folder beside book.toml: the files mdBook 0.5.4 reads from it in place of
/// its own (run: each is copied into the site, hashed, and linked). lecture's theme has other
/// markup, classes and scripts, so only a file with a counterpart of the same kind is used:
/// `favicon.svg` becomes the site's `assets/favicon.svg`. Every other file mdBook reads gets a
/// warning at the file saying what is lost and what to do; a file mdBook does not read (it
/// ignores it too) gets none.
enum MdBookTheme {
    /// The theme's icon, which the pages link.
    static let faviconAsset = "assets/favicon.svg"

    /// The theme's favicon, if the book has one, for `assets/favicon.svg`.
    /// Read by the rule of every file the book reads (`BookFileRule`): a link out of the book
    /// (`theme/favicon.svg -> ~/.env`) is no favicon (`faviconProblem` says so).
    static func favicon(in root: String) -> String? {
        let path = FileSystem.join(root, "theme/favicon.svg")
        guard FileSystem.exists(path), BookFileRule.refusal(of: path, roots: [CanonicalPath.of(root)]).refusal == nil
        else { return nil }
        return path
    }

    /// An error at `theme/favicon.svg` when it is there and the rule refuses it.
    static func faviconProblem(in root: String) -> Diagnostic? {
        let path = FileSystem.join(root, "theme/favicon.svg")
        guard FileSystem.exists(path),
            case (let real, let refusal?) = BookFileRule.refusal(of: path, roots: [CanonicalPath.of(root)]),
            refusal != .missing, refusal != .folder
        else { return nil }
        return .error(
            .fileOutsideBook, path, nil,
            "the theme's favicon\(real == CanonicalPath.lexical(path) ? "" : " (a symbolic link to \(quoted: real))") \(refusal.phrase); it is not read",
            notes: [refusal.note])
    }

    /// What is lost with a theme file mdBook reads and lecture does not, and what to do.
    static func loss(_ name: String, hasSVGFavicon: Bool) -> (lost: String, fix: String)? {
        let styles =
            "name a CSS file with your rules in book.toml's [output.html] additional-css (lecture's pages have their own classes and variables: see the manual's Templates page)"
        switch name {
        case "head.hbs":
            // Used: its text goes into every page's <head> (`MdBookThemeHead`).
            return nil
        case let name where name.hasSuffix(".hbs"):
            return (
                "mdBook's handlebars template \(quoted: name) is not used by lecture",
                "lecture's templates are HTML with {{ name }} placeholders: put a page.html in a folder and name it "
                    + "with [preprocessor.lecture] templates in book.toml or --templates (see the manual's Templates page)"
            )
        case "favicon.png":
            // With a favicon.svg the pages show the book's icon already.
            if hasSVGFavicon { return nil }
            return (
                "mdBook's theme file 'favicon.png' is not used by lecture: the pages show lecture's icon",
                "save the icon as theme/favicon.svg, which lecture uses as the site's icon"
            )
        case "css/variables.css", "css/general.css", "css/chrome.css", "css/print.css", "highlight.css",
            "tomorrow-night.css", "ayu-highlight.css":
            return ("mdBook's theme file \(quoted: name) is not used by lecture: its styles are not applied", styles)
        case "fonts/fonts.css":
            return (
                "mdBook's theme file \(quoted: name) is not used by lecture: its fonts are not copied or loaded",
                "put the @font-face rules in a CSS file named in [output.html] additional-css, with font URLs relative to it"
            )
        case "book.js", "highlight.js", "clipboard.min.js":
            return (
                "mdBook's theme file \(quoted: name) is not used by lecture: its script does not run",
                "name a script in book.toml's [output.html] additional-js (lecture's pages have their own book.js)"
            )
        default:
            return nil
        }
    }

    /// A warning at each file of `root`'s `theme/` folder that mdBook reads and lecture does not.
    static func warnings(in root: String) -> [Diagnostic] {
        let theme = FileSystem.join(root, "theme")
        guard FileSystem.isDirectory(theme) else { return [] }
        var names = (try? FileManager.default.contentsOfDirectory(atPath: theme)) ?? []
        for folder in ["css", "fonts"] {
            let inside = (try? FileManager.default.contentsOfDirectory(atPath: FileSystem.join(theme, folder))) ?? []
            names += inside.map { folder + "/" + $0 }
        }
        let hasSVGFavicon = names.contains("favicon.svg")
        return (faviconProblem(in: root).map { [$0] } ?? [])
            + names.sorted().compactMap { name in
                loss(name, hasSVGFavicon: hasSVGFavicon).map {
                    .warning(.themeFileUnsupported, FileSystem.join(theme, name), nil, $0.lost, notes: [$0.fix])
                }
            }
    }
}
