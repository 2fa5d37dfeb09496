import Foundation
import LectureSupport
import SourceText

/// mdBook's `theme/head.hbs` beside book.toml: what mdBook 0.5.4 puts in every page's `<head>`
/// (run: its text lands after the title, on the chapter pages, `print.html`, `toc.html` and the
/// not-found page). mdBook renders it as a Handlebars partial with the page's values; its usual
/// content is static (a verification `<meta>`, an analytics `<script>`) or names the site's
/// root, `<link rel="stylesheet" href="{{ path_to_root }}custom.css">`, so lecture fills in
/// `{{ path_to_root }}` with the page's way to the site's root (`""`, `"../"`), as mdBook does,
/// and puts the text in the same pages' `<head>`. A file holding any other Handlebars
/// expression is not used: lecture does not run Handlebars, and its text as written would show
/// the braces; a warning at the expression says so and what to do (code review 41 #12).
enum MdBookThemeHead {
    /// The file's path in a book whose folder is `root`.
    static func path(in root: String) -> String { FileSystem.join(root, "theme/head.hbs") }

    /// The one value head.hbs may name, mdBook's: the path from the page to the site's root.
    static let known: [String: PlaceholderKind] = ["path_to_root": .text]

    /// The template for every page's `<head>` (`known` its one placeholder), nil when there is
    /// none to use, and the problems: an error for a file the rule refuses or a secret in it
    /// (nothing is then published), a warning for a file that is not UTF-8 or holds another
    /// Handlebars expression.
    static func read(in root: String) -> (html: Template?, diagnostics: [Diagnostic]) {
        let path = path(in: root)
        let bytes: [UInt8]
        do throws(Diagnostic) {
            guard let read = try BookFileRule.themeFile(path, theme: FileSystem.join(root, "theme"), book: [])
            else { return (nil, []) }
            bytes = read
        } catch {
            return (nil, [error])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return (
                nil,
                [
                    .warning(
                        .themeHeadUnused, path, nil, "theme/head.hbs is not UTF-8; it is not used",
                        notes: [
                            "save it as UTF-8: lecture puts its text in every page's <head>, as mdBook does"
                        ])
                ]
            )
        }
        let secrets = SecretScan.all(in: text).map { finding in
            let before = bytes[..<finding.offset]
            let line = before.count { $0 == UInt8(ascii: "\n") } + 1
            let column = finding.offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            return PublishedSecrets.error(
                kind: finding.kind, path: path, location: SourceLocation(line: line, column: column))
        }
        if !secrets.isEmpty { return (nil, secrets) }
        do throws(DiagnosticsError) {
            _ = try Template.parse(text, path: path, known: known)
        } catch {
            return (
                nil,
                [
                    .warning(
                        .themeHeadUnused, path, error.diagnostics.first?.location,
                        "mdBook's Handlebars expression in theme/head.hbs is not expanded by lecture (only {{ path_to_root }} is); the file is not used",
                        notes: [
                            "write what the expression gives as plain HTML: lecture puts head.hbs's text, with {{ path_to_root }} filled in, in every page's <head> as mdBook does; or put a page.html in a folder named by [preprocessor.lecture] templates"
                        ])
                ]
            )
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return (trimmed.isEmpty ? nil : try? Template.parse(trimmed, path: path, known: known), [])
    }
}
