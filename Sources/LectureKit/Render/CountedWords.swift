/// Interface words that hold a count (`{total} results`), in the form the language's plural
/// rules give that count, as Hugo's and Pagefind's translations are written: beside the phrase
/// `KEY` (the general form, CLDR's "other") a table may give `KEY-zero`, `KEY-one`, `KEY-two`,
/// `KEY-few` or `KEY-many`. The scripts (`search.js`, through `book.js`'s `lectureCount`) choose
/// by the page's language with the browser's CLDR rules (`Intl.PluralRules`); the tool's own
/// phrases (the footer's claim, a test report's summary) take `KEY-one` for 1, else `KEY`.
extension InterfaceWords {
    /// The phrases with a count, each with the name of its count.
    static let counted: [String: String] = [
        "verified": "count", "tests-summary": "total", "search-some": "total", "search-count": "total",
        "search-partial": "searched", "search-more": "rest",
    ]
    /// CLDR's plural categories but "other", which is the phrase's own key.
    static let pluralCategories = ["zero", "one", "two", "few", "many"]
    /// Every plural form a table may give: `search-count-one`, `search-count-few`, ….
    static let pluralForms = Set(counted.keys.flatMap { key in pluralCategories.map { key + "-" + $0 } })

    /// The phrase `key` for `count`, its `{name}`s filled from `values`: `KEY-one` for 1 when the
    /// table has it, else `KEY`.
    func counted(_ key: String, count: Int, _ values: [String: String]) -> String {
        let form = key + "-one"
        return format(count == 1 && table[form] != nil ? form : key, values)
    }
}
