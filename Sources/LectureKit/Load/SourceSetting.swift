import LectureSupport

/// A pages' folder that book.toml's `[book] src` names and that is missing, a file, or without
/// `SUMMARY.md`: the line a person edits is book.toml's `src` (hostile-input round of
/// 2026-12-07: `src = ""` was "content folder does not exist" with no place, `src = "."` an
/// error at a `SUMMARY.md` that no one meant to write).
enum SourceSetting {
    /// `diagnostic` at `setting` when it says the pages' folder or its summary is missing; as it
    /// is otherwise.
    static func located(_ diagnostic: Diagnostic, at setting: SettingPlace) -> Diagnostic {
        guard diagnostic.identifier == .missingContent, diagnostic.location == nil else { return diagnostic }
        let what: String
        var folder = diagnostic.path
        switch diagnostic.summary {
        case "content folder does not exist": what = "does not exist"
        case "content path is a file, not a folder": what = "is a file, not a folder"
        case "summary file does not exist":
            what = "has no SUMMARY.md"
            folder = FileSystem.parent(folder)
        default: return diagnostic
        }
        var located = diagnostic
        located.path = setting.path
        located.location = setting.location
        located.summary = "'book.src' names a pages' folder that \(what)"
        located.notes = [
            "the pages' folder it names is \(quoted: folder.isEmpty ? "." : folder)",
            "name the folder that holds SUMMARY.md, relative to book.toml's folder (mdBook's default is \"src\")",
        ]
        return located
    }
}
