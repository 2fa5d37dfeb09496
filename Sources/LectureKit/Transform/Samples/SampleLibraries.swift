import Foundation
import LectureSupport

/// The Swift modules a book's samples may import, as it declares them (`[preprocessor.lecture.samples]
/// libraries`: folders of sources, each a module named after its folder, built in the listed
/// order, so one may import those before it), with the tool's own objects every sample's program
/// is linked with (`LineBufferedOutput`) and the merged programs' `main` (`SampleDispatcher`).
///
/// They are compiled once per change of their sources or of the compiler, into a
/// content-addressed folder of the cache, never once per sample. A book without libraries gets
/// a folder with the tool's objects only.
package struct SampleLibraries: Sendable {
    /// The folder holding `lib<Module>.so` and `<Module>.swiftmodule` for every library.
    var directory: String
    /// The module names, in build order.
    var modules: [String]
    /// A digest of the sources, part of every sample's cache key.
    var digest: String

    /// A library's module name: its folder's name (`Sources/StandIns/UIKit` → `UIKit`).
    package static func moduleName(_ folder: String) -> String {
        URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent
    }

    /// The flags every library is compiled with besides its files: `-enable-testing`, so that a
    /// `test` sample can `@testable import` it, as a package's tests import the package's modules.
    static let libraryFlags = ["-enable-testing"]

    /// Builds `folders` (absolute paths to folders of Swift sources, in build order; `shownFolders`,
    /// the same as diagnostics name them) into
    /// `cacheDirectory/libraries/<digest>` unless already there, in the book's Swift language
    /// mode `languageMode` (`swift-language-mode`, `-swift-version`), the samples' own: a library
    /// whose package builds it in Swift 5 mode compiles as it does there once the book says 5
    /// (newuser-10, #5: it was always Swift 6).
    ///
    /// - Throws: `LectureError` (exit 2) when a library does not compile: a setup problem, not
    ///   a sample's; the cancellation when `run`'s (`lecture serve`'s stop) is
    ///   cancelled while a compile runs, whose process group is then killed.
    static func prepare(
        toolchain: Toolchain, cacheDirectory: String, folders: [String] = [], shownFolders: [String] = [],
        languageMode: String = "6",
        timeout: Double = 600, run: RunContext
    ) throws -> SampleLibraries {
        let modules = folders.map(moduleName)
        var hash = SHA256()
        hash.update(toolchain.versionLine)
        hash.update(toolchain.identity)
        // Each source read once through the one judged handle (`BookFile`), hashed, and compiled
        // from a private copy of those bytes: a file swapped for a link between the hash and the
        // compile cannot feed a file from outside the library into the build (nor into the cache
        // under the digest of the file it replaced).
        var sources: [String: [(name: String, bytes: [UInt8])]] = [:]
        for (module, folder) in zip(modules, folders) {
            let names = FileSystem.files(under: folder).filter { $0.hasSuffix(".swift") }
            sources[module] = try names.map { name in
                let bytes = try librarySource(folder + "/" + name, in: folder, module: module)
                hash.update(module + "/" + name)
                hash.update(bytes)
                return (name, bytes)
            }
        }
        for tool in toolObjects { hash.update(tool.source + tool.arguments.joined(separator: " ")) }
        hash.update(libraryFlags.joined(separator: " "))
        hash.update("-swift-version " + languageMode)
        hash.update("rpath $ORIGIN")
        let digest = hash.hexDigest()
        let directory = cacheDirectory + "/libraries/" + digest
        let library = SampleLibraries(directory: directory, modules: modules, digest: digest)
        if FileSystem.exists(directory + "/" + SampleLibraryManifest.name) {
            if toolObjects.allSatisfy({ FileSystem.exists(directory + "/" + $0.object) }),
                SampleLibraryManifest.holds(directory)
            {
                return library
            }
            // A folder that lost one of the tool's objects since it was built (by hand), or whose
            // files are not those built, or are open to others (`SampleLibraryManifest`): moved
            // aside, removed and built again, so that merging is not silently off from then on.
            let damaged =
                cacheDirectory
                + "/libraries/.damaged-\(digest.prefix(12))-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            if rename(directory, damaged) == 0 { try? FileManager.default.removeItem(atPath: damaged) }
            // The Clang module cache beside it went through what damaged it (a copy cut short, a
            // full disk): thrown away too, as `CompiledCacheDamage` does, or the compile below
            // would fail on its modules (StaleCacheTests).
            let clangModules = moduleCache(in: cacheDirectory)
            let aside = clangModules + ".damaged-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            if rename(clangModules, aside) == 0 { try? FileManager.default.removeItem(atPath: aside) }
        }

        // Built beside its final place and renamed into it, so concurrent runs never see half of it.
        try FileManager.default.createDirectory(
            atPath: cacheDirectory + "/libraries", withIntermediateDirectories: true)
        // Made here, exclusively (`mkdtemp`): an entry of the name found there is never used nor removed.
        let staging = try FileSystem.makeTemporaryDirectory(
            prefix: ".staging-\(digest.prefix(12))", in: cacheDirectory + "/libraries")
        // As a folder made with the default mode was (`mkdtemp` makes it the owner's alone).
        chmod(staging, 0o755)
        defer { FileSystem.removeTemporaryDirectory(staging) }
        for module in modules {
            let folder = zip(modules, folders).first { $0.0 == module }?.1 ?? ""
            // The copies, named in the compiler's words and the debug information as the book's files.
            let copies = staging + "/sources/" + module
            var files: [String] = []
            for source in sources[module] ?? [] {
                try FileSystem.writeAtomically(source.bytes, to: copies + "/" + source.name)
                files.append(copies + "/" + source.name)
            }
            let arguments =
                [
                    "-parse-as-library", "-emit-library", "-emit-module", "-module-name", module, "-swift-version",
                    languageMode,
                    "-diagnostic-style", "llvm", "-I", staging, "-L", staging,
                ] + libraryFlags + modules.prefix(while: { $0 != module }).map { "-l" + $0 } + [
                    // Each library finds those before it beside itself, wherever the cache folder is moved.
                    "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN",
                    "-o", staging + "/lib\(module).so", "-emit-module-path", staging + "/\(module).swiftmodule",
                    "-file-prefix-map", copies + "=" + folder,
                ] + moduleCacheArguments(in: cacheDirectory) + files
            let result = try run.process(
                toolchain.swiftc, arguments, directory: staging,
                environment: CompilerEnvironment.variables(scratch: staging),
                inheritingEnvironment: false, timeout: timeout)
            guard result.succeeded else {
                let said = result.stderrText.replacingOccurrences(of: copies + "/", with: folder + "/")
                // Named as the book names its pages (`shownFolders`), absolute when not known.
                let shown = zip(folders, shownFolders).first { $0.0 == folder }?.1 ?? folder
                let located = LibraryCompilerOutput.diagnostics(
                    from: said, folder: folder, shown: shown, module: module, languageMode: languageMode)
                if !located.isEmpty { throw LectureError(unreported: located) }
                throw LectureError(
                    .sampleLibraries, "the sample library \(module) does not compile",
                    notes: [
                        said, "it is declared in book.toml's [preprocessor.lecture.samples] libraries",
                    ])
            }
        }
        for tool in toolObjects {
            try compile(
                tool, in: staging, toolchain: toolchain, moduleCache: moduleCacheArguments(in: cacheDirectory),
                timeout: timeout, run: run)
        }
        guard let manifest = SampleLibraryManifest.of(staging) else {
            throw LectureError(.sampleLibraries, "cannot read back the built sample libraries in \(staging)")
        }
        try FileSystem.writeAtomically(manifest, to: staging + "/" + SampleLibraryManifest.name)
        if rename(staging, directory) != 0 && !SampleLibraryManifest.holds(directory) {
            throw LectureError(.sampleLibraries, "cannot move the built sample libraries into \(directory)")
        }
        return library
    }

    /// The bytes of the library source `path`, read by the one rule (`BookFile`) from the
    /// library's `folder`, the file itself no link.
    /// - Throws: `LectureError` (exit 2) naming the file and why it is not read.
    private static func librarySource(_ path: String, in folder: String, module: String) throws -> [UInt8] {
        let problem: BookFile.Problem
        switch BookFile.open(path, roots: [CanonicalPath.of(folder)], followingLink: false) {
        case .success(let file):
            do throws(BookFile.Problem) { return try file.bytes().bytes } catch { problem = error }
        case .failure(let refused): problem = refused
        }
        throw LectureError(
            .error(
                .sampleLibraries, path, nil, "the sample library \(module)'s source cannot be read: \(problem.reason)",
                notes: [
                    "a library is compiled from regular files inside its own folder only; it is declared in book.toml's [preprocessor.lecture.samples] libraries"
                ]))
    }

    /// One of the tool's own objects built with the libraries: its file name in their folder, what
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
    private static func compile(
        _ tool: ToolObject, in staging: String, toolchain: Toolchain, moduleCache: [String], timeout: Double,
        run: RunContext
    ) throws {
        let folder = staging + "/.build-" + tool.object
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { FileSystem.removeTemporaryDirectory(folder) }
        try ScratchFile.write(tool.source, to: folder + "/" + (tool.arguments.last ?? "main.swift"))
        let result = try run.process(
            toolchain.swiftc, moduleCache + tool.arguments + ["-o", "../" + tool.object],
            directory: folder, environment: CompilerEnvironment.variables(scratch: folder),
            inheritingEnvironment: false, timeout: timeout)
        guard result.succeeded else {
            throw LectureError(
                .sampleLibraries, "\(tool.what) \(tool.object) does not compile", notes: [result.stderrText])
        }
    }

    /// Where the compiler keeps the Clang modules it builds (Glibc, Foundation's C parts): in
    /// the tool's cache folder, not swiftc's default `~/.cache/clang/ModuleCache` outside it.
    static func moduleCache(in cacheDirectory: String) -> String { cacheDirectory + "/clang-modules" }

    /// The compiler arguments that put the Clang module cache there.
    static func moduleCacheArguments(in cacheDirectory: String) -> [String] {
        ["-module-cache-path", moduleCache(in: cacheDirectory)]
    }

    /// The arguments that let a sample import every library and link those it uses: linked as
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
