/// The direction a book's language is written in, for the pages' `dir` when `[book]
/// text-direction` does not say (so a Hebrew book is laid out right to left).
///
/// The right-to-left languages are the ones mdBook 0.5.4 writes `dir="rtl"` for (run on each
/// code: `ar`, `arc`, `fa`, `he`, `ku`, `nqo`, `pal`, `phn`, `ps`, `sam`, `syr`, `ur`, `yi`).
/// mdBook compares the whole tag, so `he-IL` is left to right there; here the primary subtag
/// decides, in any case (`he-IL`, `AR`), as BCP 47 tags are read.
enum TextDirection {
    static let rightToLeft: Set<String> = [
        "ar", "arc", "fa", "he", "ku", "nqo", "pal", "phn", "ps", "sam", "syr", "ur", "yi",
    ]

    /// `rtl` or `ltr` for a BCP 47 tag such as `he`, `ar-EG` or `en`.
    static func of(language: String) -> String {
        let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? language
        return rightToLeft.contains(primary.lowercased()) ? "rtl" : "ltr"
    }
}
