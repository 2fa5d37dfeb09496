/// The machine's own folders, in one table with a column for each rule that names them: what a
/// path the tool writes may do there (`WrittenPath`), and whether a book may read from it or put
/// its site inside (`ReadableFolder`, for the folders that hold the machine's secrets and state).
enum SystemFolders {
    /// What may be written at a system folder.
    enum Writing {
        /// No output may be, hold or lie in it (`/usr`, `/etc`).
        case never
        /// No output may be or hold it; a path strictly inside may be written (`/var/tmp/x`).
        case inside
        /// The rule of the folder above it (`/var/log` lies in `/var`).
        case asAbove
    }

    /// One folder and its two rules.
    struct Folder {
        var path: String
        var writing: Writing
        /// Whether it holds the machine's own secrets and state: no book reads from it or writes
        /// its site inside it.
        var isPrivate: Bool
    }

    /// Every system folder a rule names, and both rules.
    static let table: [Folder] = [
        Folder(path: "/bin", writing: .never, isPrivate: false),
        Folder(path: "/boot", writing: .never, isPrivate: true),
        Folder(path: "/dev", writing: .never, isPrivate: true),
        Folder(path: "/etc", writing: .never, isPrivate: true),
        Folder(path: "/lib", writing: .never, isPrivate: false),
        Folder(path: "/lib32", writing: .never, isPrivate: false),
        Folder(path: "/lib64", writing: .never, isPrivate: false),
        Folder(path: "/libx32", writing: .never, isPrivate: false),
        Folder(path: "/proc", writing: .never, isPrivate: true),
        Folder(path: "/sbin", writing: .never, isPrivate: false),
        Folder(path: "/sys", writing: .never, isPrivate: true),
        Folder(path: "/usr", writing: .never, isPrivate: false),
        Folder(path: "/home", writing: .inside, isPrivate: false),
        Folder(path: "/media", writing: .inside, isPrivate: false),
        Folder(path: "/mnt", writing: .inside, isPrivate: false),
        Folder(path: "/opt", writing: .inside, isPrivate: false),
        Folder(path: "/root", writing: .inside, isPrivate: true),
        Folder(path: "/run", writing: .inside, isPrivate: true),
        Folder(path: "/srv", writing: .inside, isPrivate: false),
        Folder(path: "/tmp", writing: .inside, isPrivate: false),
        Folder(path: "/var", writing: .inside, isPrivate: false),
        Folder(path: "/var/run", writing: .asAbove, isPrivate: true),
        Folder(path: "/var/log", writing: .asAbove, isPrivate: true),
        Folder(path: "/var/mail", writing: .asAbove, isPrivate: true),
        Folder(path: "/var/spool", writing: .asAbove, isPrivate: true),
        Folder(path: "/var/backups", writing: .asAbove, isPrivate: true),
    ]

    /// The folders no output may be, hold or lie in.
    static let neverWritten = table.filter { $0.writing == .never }.map(\.path)
    /// The folders no output may be or hold (`neverWritten` and the `inside` ones).
    static let notWritten = table.filter { $0.writing != .asAbove }.map(\.path)
    /// The folders that hold the machine's secrets and state.
    static let privateFolders = table.filter(\.isPrivate).map(\.path)
}
