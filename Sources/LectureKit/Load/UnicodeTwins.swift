import LectureSupport

/// Files whose names differ in bytes and are one name in Unicode's NFC form (`caf\u{e9}.md` and
/// `cafe\u{301}.md`): a page name is compared in NFC, as links and ids are, so both are one page.
/// Said wherever two such files meet as one ("listed twice"), with the two spellings shown as
/// their code points, since they look the same (attack 17, F3).
enum UnicodeTwins {
    /// The distinct byte spellings among `files` of the name `name` (compared in NFC), sorted.
    static func forms(of name: String, among files: [String]) -> [String] {
        var seen: Set<[UInt8]> = []
        // Swift's `==` holds canonically equivalent strings equal: both forms match.
        return files.filter { $0 == name && seen.insert(Array($0.utf8)).inserted }.sorted {
            Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
        }
    }

    /// ": the pages' folder holds N files of this name in different Unicode forms ('…', '…')".
    static func phrase(_ forms: [String]) -> String {
        ": the pages' folder holds \(forms.count) files of this name in different Unicode forms ("
            + forms.map { "'\(spelledOut($0))'" }.joined(separator: ", ")
            + "), which are one page name in NFC"
    }

    static let note =
        "rename or remove all but one of them: lecture compares page names in NFC (each would be written as the same .html file)"

    /// `name` with every character outside ASCII written as its code points (`cafe\u{301}.md`).
    static func spelledOut(_ name: String) -> String {
        name.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
    }
}
