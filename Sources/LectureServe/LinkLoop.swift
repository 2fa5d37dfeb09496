/// Loop protection for walks that follow symbolic links to folders (the file watcher's).
enum LinkLoop {
    /// Whether entering the folder whose real path is `real` would walk a folder again or climb
    /// out: it is `/`, or one of `ancestors` (the real paths of the folders the walk is in), or
    /// a folder holding one of them (`content/up -> ..` would walk the whole parent).
    static func closes(_ real: String, ancestors: [String]) -> Bool {
        real == "/" || ancestors.contains { $0 == real || $0.hasPrefix(real + "/") }
    }
}
