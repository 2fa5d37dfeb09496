import Foundation
import LectureSupport

/// The `main` of a merged program (`MergedSamples`): it runs the one sample its name says.
///
/// The program is reached through links `N/sample` (named `sample` like a program linked alone,
/// so `CommandLine.arguments[0]` and `ProcessInfo.processName` read the same, as the program
/// itself is named `sample` for `/proc/self/exe`); the dispatcher finds the entry point
/// `lecture_sample_main_N` (the `-entry-point-function-name` of sample N's module) with `dlsym`
/// in the program's own symbols (each exported with `--export-dynamic-symbol`) and calls it with the
/// process's own `argc` and `argv`, so the sample starts as its own program would: the same
/// runtime set-up, its own `main` returning the exit status, an `async` main draining its queue.
enum SampleDispatcher {
    /// The dispatcher's object in the stand-ins' folder, and its copy in the batch folder.
    static let object = "LectureDispatch.o"
    static let linkedObject = "dispatch.o"
    /// The merged program, in the batch folder.
    static let program = "sample"

    /// The entry point of sample `index`.
    static func entryPoint(_ index: Int) -> String { entryPointPrefix + "\(index)" }

    /// The entry points' names before the sample's index (`entryPoint(_:)`, `source`).
    private static let entryPointPrefix = "lecture_sample_main_"
    /// The leaders' names before the sample's index (`leaderSymbol(_:)`, `source`).
    private static let leaderPrefix = "lecture_sample_leader_"

    /// The C function, in a module of several `test` samples (`TestModuleGroups`), that returns
    /// the index of the sample whose entry point starts sample `index` (the module's first).
    static func leaderSymbol(_ index: Int) -> String { leaderPrefix + "\(index)" }

    /// The dispatcher's source. Swift, so that it needs nothing beyond the compiler samples use.
    static let source = """
        #if canImport(Glibc)
            import Glibc
        #endif

        typealias Entry = @convention(c) (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32
        typealias Leader = @convention(c) () -> Int32
        let program = String(cString: CommandLine.unsafeArgv[0]!)
        let folders = program.split(separator: "/").dropLast()
        let name = folders.last.map(String.init) ?? program
        // A test sample compiled in one module with others starts through the module's entry point.
        let leader = dlsym(nil, "\(leaderPrefix)" + name).map { unsafeBitCast($0, to: Leader.self)() }
        if name.allSatisfy({ $0.isNumber }),
            let symbol = dlsym(nil, "\(entryPointPrefix)" + (leader.map { String($0) } ?? name))
        {
            exit(unsafeBitCast(symbol, to: Entry.self)(CommandLine.argc, CommandLine.unsafeArgv))
        }
        let message = Array("lecture: no sample named \\(name) in this program\\n".utf8)
        _ = write(2, message, message.count)
        exit(127)

        """

    /// The arguments that compile `source` (in `LectureDispatch.swift`, top-level code as the
    /// only file), but for the output: once per compiler, with the stand-ins (`SampleLibraries`).
    static let compilerArguments = [
        "-swift-version", "6", "-c", "-module-name", "LectureDispatch", "LectureDispatch.swift",
    ]

    /// Copies the dispatcher's object from the stand-ins' folder into `batch/dispatch.o`, where the
    /// link finds it first among its objects (the driver writes its `.autolink` file beside the
    /// first, so it must not be the shared folder's). - Throws: `LectureError` naming the path.
    static func place(in batch: String, libraries: SampleLibraries) throws {
        try ScratchFile.write(try FileSystem.read(libraries.directory + "/" + object), to: batch + "/" + linkedObject)
    }

    /// The path that runs sample `index` of `program` (this program, or `MergedSamples.testProgram`)
    /// in `batch`: a symbolic link `N/PROGRAM` (in the sample's compile folder) to it, made on
    /// first use.
    static func entry(_ index: Int, in batch: String, program: String = program) throws -> String {
        let path = batch + "/\(index)/" + program
        if !FileSystem.exists(path) {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "../" + program)
        }
        return path
    }
}
