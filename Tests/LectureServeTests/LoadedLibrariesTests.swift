import Foundation
import Testing

/// What the dynamic loader maps when `lecture` starts: every shared library is relocated at
/// every run, `lecture build` included, so a library that only `serve` and `pdf` need is loaded
/// by them (`CMicroHTTPD`, dlopen) and none that no command needs is linked (issue 32: 43
/// libraries made a start cost 13 ms of CPU, more than mdBook's build of a small book).
@Suite struct LoadedLibrariesTests {
    /// The libraries the loader maps for the built executable, as `ldd` lists them: the loader
    /// itself asked (`LD_TRACE_LOADED_OBJECTS`), so no `main` runs.
    static func loadedLibraries() throws -> String {
        try ServeCommandTests.requireExecutable()
        let (status, listed) = try ServeCommandTests.printed(by: [], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
        #expect(status == 0)
        return listed
    }

    @Test func theHTTPServersLibraryAndFoundationXMLAreNotLoadedAtStart() throws {
        let listed = try Self.loadedLibraries()
        #expect(listed.contains("libswiftCore"), "not the loader's list: \(listed)")
        for library in ["libmicrohttpd", "libgnutls", "libFoundationXML", "libxml2", "libFoundationNetworking"] {
            #expect(!listed.contains(library), "\(library) is loaded at every start:\n\(listed)")
        }
    }

    /// Foundation is linked into the program from the toolchain's static archives
    /// (`staticFoundation` in Package.swift), the Swift runtime still shared: none of Foundation's
    /// shared libraries, nor ICU's 40 MB behind them, is mapped and relocated at start.
    @Test func foundationsSharedLibrariesAreNotLoadedAtStart() throws {
        let listed = try Self.loadedLibraries()
        #expect(listed.contains("libswiftCore"), "not the loader's list: \(listed)")
        for library in [
            "libFoundation.so", "libFoundationEssentials", "libFoundationInternationalization", "lib_FoundationICU",
        ] {
            #expect(!listed.contains(library), "\(library) is loaded at every start:\n\(listed)")
        }
    }
}
