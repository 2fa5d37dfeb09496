import Foundation
import LectureSupport

/// The headless stand-ins samples import: `UIKit`, and `RxSwift`/`RxRelay`/`RxCocoa`, the
/// object every sample's program is linked with (`LineBufferedOutput`), and the `main` of the
/// merged programs (`SampleDispatcher`).
///
/// Their sources ship inside the tool as resources (`Resources/StandIns/NAME/*.swift`, built in
/// the order of `Resources/StandIns/ORDER`), so `lecture` finds them from any working directory.
/// They are compiled once per change of their sources or of the compiler, into a
/// content-addressed folder of the cache, never once per sample.
package struct StandInLibrary: Sendable {
    /// The folder holding `lib<Module>.so` and `<Module>.swiftmodule` for every stand-in.
    var directory: String
    /// The module names, in build order.
    var modules: [String]
    /// A digest of the sources, part of every sample's cache key.
    var digest: String

    /// Where the stand-in sources are, first found of: `$LECTURE_STANDINS`; the resource bundle
    /// `lecture_LectureKit.resources` beside the running executable (how SwiftPM lays out a
    /// build, and how to install the tool: copy both); this source tree's `Resources/StandIns`.
    ///
    /// Found by hand rather than through `Bundle.module`, which stops the process when its
    /// bundle is missing. - Throws: `LectureError` (exit 2) naming where it looked.
    package static func sourceDirectory() throws -> String {
        var candidates: [String] = []
        if let override = ProcessInfo.processInfo.environment["LECTURE_STANDINS"], !override.isEmpty {
            candidates.append(override)
        }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let directory = (executable as NSString).deletingLastPathComponent
            candidates.append(directory + "/lecture_LectureKit.resources/StandIns")
        }
        candidates.append(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Resources/StandIns").path)
        for candidate in candidates where FileSystem.exists(candidate + "/ORDER") {
            return candidate
        }
        throw LectureError(
            .standIns, "cannot find the UIKit and Rx stand-in sources the samples import",
            notes: [
                "looked in: \(candidates.joined(separator: ", "))",
                "install 'lecture' together with the 'lecture_LectureKit.resources' folder beside it, or set LECTURE_STANDINS",
            ])
    }

    /// The names of the stand-in modules, read from their `ORDER` file without building them;
    /// empty when their sources cannot be found (`prepare` then reports why).
    static let moduleNames: Set<String> = {
        guard let sources = try? sourceDirectory(),
            let order = try? String(contentsOfFile: sources + "/ORDER", encoding: .utf8)
        else { return [] }
        return Set(
            order.split(whereSeparator: \.isNewline).map { String($0.trimmingCharacters(in: " \t")) }.filter {
                !$0.isEmpty
            })
    }()

    /// Builds the stand-ins into `cacheDirectory/standins/<digest>` unless already there.
    ///
    /// - Throws: `LectureError` (exit 2) when a stand-in does not compile: a setup problem, not
    ///   a sample's.
    static func prepare(toolchain: Toolchain, cacheDirectory: String) throws -> StandInLibrary {
        let sources = try sourceDirectory()
        let order = (try? String(contentsOfFile: sources + "/ORDER", encoding: .utf8)) ?? ""
        let modules = order.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: " \t") }.filter {
            !$0.isEmpty
        }.map(String.init)
        var hash = SHA256()
        hash.update(toolchain.versionLine)
        hash.update(toolchain.identity)
        var files: [String: [String]] = [:]
        for module in modules {
            let names = FileSystem.files(under: sources + "/" + module).filter { $0.hasSuffix(".swift") }
            files[module] = names.map { sources + "/" + module + "/" + $0 }
            for name in names {
                hash.update(module + "/" + name)
                hash.update(try FileSystem.read(sources + "/" + module + "/" + name))
            }
        }
        for tool in toolObjects { hash.update(tool.source + tool.arguments.joined(separator: " ")) }
        let digest = hash.hexDigest()
        let directory = cacheDirectory + "/standins/" + digest
        let library = StandInLibrary(directory: directory, modules: modules, digest: digest)
        if FileSystem.exists(directory + "/.complete") {
            if toolObjects.allSatisfy({ FileSystem.exists(directory + "/" + $0.object) }) { return library }
            // A folder that lost one of the tool's objects since it was built (by hand): moved
            // aside, removed and built again, so that merging is not silently off from then on.
            let damaged =
                cacheDirectory
                + "/standins/.damaged-\(digest.prefix(12))-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            if rename(directory, damaged) == 0 { try? FileManager.default.removeItem(atPath: damaged) }
        }

        // Built beside its final place and renamed into it, so concurrent runs never see half of it.
        try FileManager.default.createDirectory(atPath: cacheDirectory + "/standins", withIntermediateDirectories: true)
        let staging =
            cacheDirectory + "/standins/.staging-\(digest.prefix(12))-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.removeItem(atPath: staging)
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        Interruption.track(staging)
        defer { FileSystem.removeTemporaryDirectory(staging) }
        for module in modules {
            let arguments =
                [
                    "-parse-as-library", "-emit-library", "-emit-module", "-module-name", module, "-swift-version", "6",
                    "-diagnostic-style", "llvm", "-I", staging, "-L", staging,
                ] + modules.prefix(while: { $0 != module }).map { "-l" + $0 } + [
                    "-Xlinker", "-rpath", "-Xlinker", directory,
                    "-o", staging + "/lib\(module).so", "-emit-module-path", staging + "/\(module).swiftmodule",
                ] + (files[module] ?? [])
            let result = try Subprocess.run(
                toolchain.swiftc, arguments, directory: staging,
                environment: ["TMPDIR": staging], timeout: 600)
            guard result.succeeded else {
                throw LectureError(
                    .standIns, "the stand-in module \(module) does not compile", notes: [result.stderrText])
            }
        }
        for tool in toolObjects { try compile(tool, in: staging, toolchain: toolchain) }
        _ = FileManager.default.createFile(atPath: staging + "/.complete", contents: Data())
        if rename(staging, directory) != 0 && !FileSystem.exists(directory + "/.complete") {
            throw LectureError(.standIns, "cannot move the built stand-ins into \(directory)")
        }
        return library
    }

    /// One of the tool's own objects built with the stand-ins: its file name in their folder, what
    /// it is (for a diagnostic), its source and the arguments that compile it but for the output
    /// (the last names the source's file).
    struct ToolObject {
        var object: String
        var what: String
        var source: String
        var arguments: [String]
    }

    /// The line-buffering object every sample's program is linked with, and the merged programs'
    /// `main`: part of the folder's digest, built with it, and checked for on every use.
    static let toolObjects = [
        ToolObject(
            object: LineBufferedOutput.object, what: "the line-buffering object", source: LineBufferedOutput.source,
            arguments: LineBufferedOutput.compilerArguments),
        ToolObject(
            object: SampleDispatcher.object, what: "the merged programs' dispatcher", source: SampleDispatcher.source,
            arguments: SampleDispatcher.compilerArguments),
    ]

    /// Compiles `tool` into `staging`, in a folder of its own: the driver leaves a
    /// `TemporaryDirectory.*` in its TMPDIR. - Throws: `LectureError` naming it.
    private static func compile(_ tool: ToolObject, in staging: String, toolchain: Toolchain) throws {
        let folder = staging + "/.build-" + tool.object
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { FileSystem.removeTemporaryDirectory(folder) }
        try ScratchFile.write(tool.source, to: folder + "/" + (tool.arguments.last ?? "main.swift"))
        let result = try Subprocess.run(
            toolchain.swiftc, tool.arguments + ["-o", "../" + tool.object],
            directory: folder, environment: ["TMPDIR": folder], timeout: 600)
        guard result.succeeded else {
            throw LectureError(.standIns, "\(tool.what) \(tool.object) does not compile", notes: [result.stderrText])
        }
    }

    /// The arguments that let a sample import every stand-in and link those it uses: linked as
    /// needed (`--as-needed`), so a program that uses none loads none, nor the Foundation they
    /// load (~4 ms less per run). Given to the linker as `-Xlinker -lNAME`, in order with
    /// `--as-needed` and `--no-as-needed` around them: the driver puts its own `-l` arguments
    /// before every `-Xlinker` one.
    var compilerArguments: [String] {
        ["-I", directory, "-L", directory, "-Xlinker", "--as-needed"] + modules.flatMap { ["-Xlinker", "-l" + $0] }
            + ["-Xlinker", "--no-as-needed", "-Xlinker", "-rpath", "-Xlinker", directory]
    }

    /// The arguments that link the object making a program's stdout and stderr line-buffered
    /// (`LineBufferedOutput`) into every program a sample runs as. Given to the linker itself
    /// (`-Xlinker`): the driver writes its `.autolink` file beside the first object among its
    /// inputs, which would be this folder, shared by every sample compiled at the same time.
    var lineBufferedOutput: [String] { ["-Xlinker", directory + "/" + LineBufferedOutput.object] }
}
