import Foundation
import LectureSupport

/// The compiled part of the cache, which swiftc trusts as it finds it: the Clang module cache
/// (`clang-modules`, whose modules name the folder they were built in, so a cache folder copied
/// or moved elsewhere holds modules the compiler refuses) and the sample libraries' folder. A
/// sample whose compile or link failed on a file there failed on the cache, not on its code (a
/// cache moved, copied, cut short, or left by another compiler): that part is thrown away, built
/// again, and the sample verified again (`SampleStage.verify`, with `SampleResult.failedOnTheCache`
/// set by `SampleVerifier.judgeCompile`), so a stale cache costs a rebuild, never the build.
enum CompiledCacheDamage {
    /// Whether a failed compile's `output` says the compiler refused a file of the compiled part
    /// of `verifier`'s cache: it names one, or a module another module needs is missing (Clang's
    /// word for a module file it refused; a sample's code cannot cause it, and a library that
    /// imports one not built before it does not compile when the libraries are built).
    static func refused(_ output: String, by verifier: SampleVerifier) -> Bool {
        output.contains(SampleLibraries.moduleCache(in: verifier.cache.directory) + "/")
            || output.contains(verifier.libraries.directory + "/")
            || output.contains("error: missing required module '")
    }

    /// The error of a sample whose compile failed on the cache (left only when building that
    /// part again did not mend it).
    static func error(of sample: Sample, output: String) -> Diagnostic {
        .error(
            .sampleCompile, sample.path, sample.location, "sample does not compile",
            notes: [
                output,
                "the compiler refused a module of the cache folder; its Clang modules and sample libraries were built again and the sample compiled again: if this stays, remove the cache folder",
            ])
    }

    /// Throws away the Clang module cache and the libraries' folder (each renamed aside first, so
    /// a run using them at the same moment sees whole folders or none), then builds the libraries
    /// again. - Throws: what `SampleLibraries.prepare` throws.
    static func rebuild(for verifier: SampleVerifier) throws {
        let cache = verifier.cache.directory
        for folder in [SampleLibraries.moduleCache(in: cache), verifier.libraries.directory] {
            let aside = folder + ".damaged-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            if rename(folder, aside) == 0 { try? FileManager.default.removeItem(atPath: aside) }
        }
        _ = try SampleLibraries.prepare(
            toolchain: verifier.toolchain, cacheDirectory: cache, folders: verifier.options.libraries,
            shownFolders: verifier.options.shownLibraries,
            languageMode: verifier.options.swiftLanguageMode,
            timeout: verifier.options.libraryCompileTimeout, run: verifier.run)
    }
}
