import Foundation

/// A file's path from the book's folder, the name a sample's program and its page give a file
/// (`src/page.md`, `src/code/model.swift`) whatever folder the tool ran from, so no machine path
/// reaches a page.
enum BookPath {
    /// `path` from `folder`, both standardized (a relative one from the working folder); `nil`
    /// when it lies outside `folder`.
    static func inFolder(_ path: String, folder: String) -> String? {
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        let folder = URL(fileURLWithPath: folder).standardizedFileURL.path + "/"
        return file.hasPrefix(folder) ? String(file.dropFirst(folder.count)) : nil
    }
}
