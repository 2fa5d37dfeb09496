import LectureSupport

/// mdBook's settings from the environment: mdBook 0.5.4 reads `MDBOOK_BOOK__TITLE` as book.toml's
/// `book.title` (`__` between levels, `_` for `-`, a value of JSON or text) and `MDBOOK_BOOK` as the
/// whole `[book]` table, over what book.toml says. lecture reads book.toml alone, so each such
/// variable is a warning naming the key it would set: the site would differ from mdBook's without
/// a word otherwise. Variables whose first level is no table of book.toml (`MDBOOK_LOG`) are
/// ignored, as mdBook ignores them.
enum MdBookEnvironment {
    /// The tables of book.toml mdBook takes from the environment.
    static let tables: Set<String> = ["book", "build", "rust", "output", "preprocessor"]

    /// The key `name` sets (`MDBOOK_OUTPUT__HTML__SITE_URL` → `output.html.site-url`), or `nil`
    /// when it sets none.
    static func key(of name: String) -> String? {
        guard name.hasPrefix("MDBOOK_") else { return nil }
        let levels = name.dropFirst("MDBOOK_".count).components(separatedBy: "__").map {
            $0.lowercased().replacingOccurrences(of: "_", with: "-")
        }
        guard let table = levels.first, tables.contains(table), !levels.contains(where: \.isEmpty) else { return nil }
        return levels.joined(separator: ".")
    }

    /// A warning at book.toml (`tomlPath`) for each variable of `environment` mdBook would read
    /// as a setting, in the order of their names.
    static func warnings(_ environment: [String: String], tomlPath: String) -> [Diagnostic] {
        environment.keys.sorted().compactMap { name in
            key(of: name).map { key in
                .warning(
                    .mdBookEnvironment, tomlPath, nil,
                    "the environment's \(name) sets \(quoted: key) for mdBook; lecture reads book.toml alone and ignores it",
                    notes: ["write the setting in book.toml under its key \(quoted: key), or unset \(name)"])
            }
        }
    }
}
