import Foundation
import LectureSupport

/// A theme's style sheet for one language (`languages/<language>.css`: the built-in theme's
/// `languages/ko.css` holds the Korean faces and line breaking), appended to the site's
/// `assets/style.css` when `[book] language` names that language, and written nowhere else:
/// a book in another language carries none of it.
enum LanguageStyle {
    /// The theme's folder of language style sheets.
    static let folder = "languages"
    /// The style sheet the language's rules are appended to.
    static let styleSheet = "assets/style.css"

    /// Whether the theme's file at `path` (relative to its folder) is a language's style sheet.
    static func isLanguageStyle(_ path: String) -> Bool {
        path.hasPrefix(folder + "/") && path.hasSuffix(".css") && !path.dropFirst(folder.count + 1).contains("/")
    }

    /// `templates` with the style sheets of `language` (`ko-KR`: `ko.css`, then `ko-KR.css`)
    /// appended to `assets/style.css`; the built-in theme's from memory (`builtIn`), another
    /// theme's from its folder.
    /// - Returns: a diagnostic for a sheet that cannot be read, or that has no `assets/style.css`
    ///   to go into.
    static func apply(
        to templates: inout Templates, language: String?, builtIn: Bool, book: [String]
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var added: [UInt8] = []
        var found: [String] = []
        for candidate in InterfaceWords.languageCandidates(language).reversed() {
            let relative = folder + "/" + candidate + ".css"
            let read: [UInt8]?
            if builtIn {
                read = DefaultThemeFiles.files.first { $0.path == relative }
                    .flatMap { Data(base64Encoded: $0.base64) }.map { [UInt8]($0) }
            } else {
                do throws(Diagnostic) {
                    read = try BookFileRule.themeFile(
                        FileSystem.join(templates.directory, relative), theme: templates.directory, book: book)
                } catch {
                    diagnostics.append(error)
                    continue
                }
            }
            guard let bytes = read else { continue }
            added += Array("\n".utf8) + bytes
            found.append(relative)
        }
        guard !added.isEmpty else { return diagnostics }
        let sheet: [UInt8]?
        if let embedded = templates.embedded[styleSheet] {
            sheet = embedded
        } else if templates.assets.contains(styleSheet) {
            do throws(Diagnostic) {
                sheet = try BookFileRule.themeFile(
                    FileSystem.join(templates.directory, styleSheet), theme: templates.directory, book: book)
            } catch {
                return diagnostics + [error]
            }
        } else {
            sheet = nil
        }
        guard let sheet else {
            return diagnostics + [
                .warning(
                    .missingTemplates, FileSystem.join(templates.directory, found[0]), nil,
                    "this language's style sheet is not used: the theme has no \(styleSheet) to append it to",
                    notes: [
                        "add \(styleSheet) to the theme (page.html links it), or move these rules into a style sheet it links"
                    ])
            ]
        }
        templates.embed([styleSheet: sheet + added])
        return diagnostics
    }
}
