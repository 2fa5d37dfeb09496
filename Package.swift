// swift-tools-version:6.3
import PackageDescription
import Foundation

/// The toolchain's `usr` folder, found rather than assumed: the folder of the PackageDescription
/// library this manifest runs with (`usr/lib/swift/pm/ManifestAPI`, named in /proc/self/maps on
/// Linux), else the folder above the `swiftc` on `PATH` (symbolic links resolved).
let toolchainUsr: String = {
    let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
    if let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/lib/swift/pm/ManifestAPI/libPackageDescription.so") }),
       let slash = line.firstIndex(of: "/") {
        return String(line[slash...].dropLast("/lib/swift/pm/ManifestAPI/libPackageDescription.so".count))
    }
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let swiftc = URL(fileURLWithPath: "\(folder)/swiftc")
        if FileManager.default.isExecutableFile(atPath: swiftc.path) {
            return swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path
        }
    }
    return "/usr"
}()
/// swift-syntax as the toolchain ships it: modules (`.swiftinterface`) and shared libraries.
let hostLibraries = toolchainUsr + "/lib/swift/host"
/// For the one target that imports swift-syntax (`LectureSwiftSyntax`).
let findsSwiftSyntax: [SwiftSetting] = [.unsafeFlags(["-I", hostLibraries])]

/// Foundation linked into the `lecture` program from the toolchain's static archives, the Swift
/// runtime still shared: at start the dynamic loader then maps and relocates neither
/// libFoundation, libFoundationInternationalization, libFoundationEssentials nor ICU (40 MB), and
/// the runtime scans only the conformance records of the Foundation code the program uses. The
/// runtime stays shared because the libraries loaded with dlopen (`LectureSwiftSyntax` with
/// swift-syntax, the in-process SourceKit) link it: one runtime in the process. No library loaded
/// into the process links Foundation, so this is its one Foundation. The program's modules name no
/// Foundation library for the linker (`staticFoundation.swift`, every module linked into it);
/// `lecture` links the archives (`staticFoundation.linker`). The tests, `lecture-bench` and
/// `lecture-fuzz` import Foundation themselves and link the shared libraries as before.
let staticFoundation: (swift: [SwiftSetting], linker: [LinkerSetting]) = {
    let shared = ["Foundation", "FoundationEssentials", "FoundationInternationalization", "_FoundationICU"]
    let archives = [
        "Foundation", "FoundationInternationalization", "FoundationEssentials", "CoreFoundation", "_FoundationICU",
        "_FoundationCShims", "_FoundationCollections",
    ].map { toolchainUsr + "/lib/swift_static/linux/lib\($0).a" }
    return (
        [.unsafeFlags(shared.flatMap { ["-Xfrontend", "-disable-autolink-library", "-Xfrontend", $0] })],
        [
            .unsafeFlags(["-Xlinker", "--start-group"] + archives.flatMap { ["-Xlinker", $0] } + ["-Xlinker", "--end-group"]),
            // What the archives' own modules name for the linker.
            .linkedLibrary("swiftSynchronization"), .linkedLibrary("swiftDispatch"), .linkedLibrary("dispatch"),
            .linkedLibrary("BlocksRuntime"), .linkedLibrary("stdc++"),
        ]
    )
}()

let package = Package(
    name: "lecture",
    products: [
        .executable(name: "lecture", targets: ["lecture"]),
        .library(name: "LectureKit", targets: ["LectureKit"]),
        // swift-syntax's readings as a shared library of their own, which SwiftAnalysis loads with
        // dlopen from beside the program the first time a Swift source is read: `make build` builds
        // it with the program (`--product LectureSwiftSyntax`); `swift build` and `swift test` build
        // every product.
        .library(name: "LectureSwiftSyntax", type: .dynamic, targets: ["LectureSwiftSyntax"]),
    ],
    targets: [
        // cmark, the CommonMark reference implementation in C (Debian: libcmark-dev).
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // zlib, for the secret scan's reading of gzip files and zip archives (Debian: zlib1g-dev).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libcrypto from OpenSSL, for the SHA-256 that keys the caches (Debian: libssl-dev).
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // libmicrohttpd, the GNU embeddable HTTP server, for `lecture serve` and `lecture pdf`
        // (Debian: libmicrohttpd-dev): its header, and the library loaded with dlopen when a
        // server starts, so that other commands never load it nor GnuTLS behind it.
        .target(name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("dl")]),
        // toml++, the TOML 1.0 parser in C++ (Debian: libtomlplusplus-dev, pkg-config `tomlplusplus`),
        // behind a small C interface so Swift sees C declarations only. The flags are the ones
        // `pkg-config --cflags --libs tomlplusplus` gives: the compiled (not header-only) library.
        .target(
            name: "CBookTOML",
            cxxSettings: [.define("TOML_HEADER_ONLY", to: "0"), .define("TOML_SHARED_LIB", to: "1")],
            linkerSettings: [.linkedLibrary("tomlplusplus")]
        ),
        // The default theme inside the tool: `site-templates/` (its home) embedded as a Swift source
        // at build time, since SwiftPM resources must lie in the target's folder and a symbolic
        // link there is copied as a link. The plugin lives in Sources/ beside its program, so the
        // top level keeps to its fixed set (no Plugins/).
        .executableTarget(name: "theme-embedder"),
        .plugin(
            name: "EmbedTheme", capability: .buildTool(), dependencies: ["theme-embedder"], path: "Sources/EmbedTheme"),
        // The caches' versions from their sources: a digest per cache kind of the sources that
        // decide its entries, generated at build time (`SourceDigests`), so none is bumped by hand.
        .executableTarget(name: "source-digester"),
        .plugin(
            name: "DigestSources", capability: .buildTool(), dependencies: ["source-digester"],
            path: "Sources/DigestSources"),
        // The toolchain's in-process SourceKit, loaded with dlopen (header from the toolchain).
        .target(
            name: "CSourceKit",
            cSettings: [.unsafeFlags(["-I", toolchainUsr + "/include"])],
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // Source locations (`SourceLocation`, `SourceRange`): what Markdown nodes, TOML entries and
        // diagnostics carry; below both CommonMark and LectureSupport.
        .target(name: "SourceText", swiftSettings: staticFoundation.swift),
        // The only module that imports CCmark: cmark's tree in, Swift values out (re-exports SourceText).
        .target(name: "CommonMark", dependencies: ["CCmark", "SourceText"], swiftSettings: staticFoundation.swift),
        // The only module that imports CBookTOML: a TOML document as located entries (`TOMLDocument`).
        .target(name: "BookTOML", dependencies: ["CBookTOML", "SourceText"], swiftSettings: staticFoundation.swift),
        // The shape of the table of swift-syntax readings (a type alias of standard-library types),
        // shared by the library that fills it and the module that loads it.
        .target(name: "SwiftSyntaxTable", swiftSettings: staticFoundation.swift),
        // The only module that imports swift-syntax (from the toolchain's lib/swift/host): the
        // syntax walks behind test discovery, highlighting, module-scope names and hover cards'
        // targets, as one C-callable entry point (`lecture_swift_syntax_table`). Linked into no
        // program: the product `LectureSwiftSyntax` above, loaded with dlopen (`SwiftSyntaxLibrary`).
        .target(
            name: "LectureSwiftSyntax",
            dependencies: ["SwiftSyntaxTable"],
            swiftSettings: findsSwiftSyntax,
            linkerSettings: [
                .unsafeFlags(["-L", hostLibraries, "-Xlinker", "-rpath", "-Xlinker", hostLibraries]),
                .linkedLibrary("SwiftIDEUtils"), .linkedLibrary("SwiftParser"), .linkedLibrary("SwiftSyntax"),
            ]
        ),
        // Swift samples read (test discovery, highlighting, declarations) through
        // `LectureSwiftSyntax`, loaded when first needed, and SourceKit (hover cards).
        .target(
            name: "SwiftAnalysis",
            dependencies: ["CSourceKit", "LectureSupport", "SwiftSyntaxTable"],
            swiftSettings: staticFoundation.swift,
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // The Linux and glibc calls Swift's Glibc module leaves out (declared under _GNU_SOURCE):
        // renameat2, pipe2, prctl, posix_spawn_file_actions_addchdir_np.
        .target(name: "CLinux", cSettings: [.define("_GNU_SOURCE")]),
        // What the stages stand on: diagnostics and the one failure shape, child processes,
        // signals, files, the cache, hashing (SourceText for the source locations diagnostics carry).
        .target(
            name: "LectureSupport", dependencies: ["CLinux", "CCrypto", "CZlib", "SourceText"], swiftSettings: staticFoundation.swift),
        // The publishing pipeline: load → parse → transform → render → write.
        .target(
            name: "LectureKit",
            dependencies: ["CommonMark", "BookTOML", "SwiftAnalysis", "LectureSupport"],
            swiftSettings: staticFoundation.swift,
            plugins: ["EmbedTheme", "DigestSources"]
        ),
        // `lecture serve` and `lecture pdf`: the only module that imports CMicroHTTPD (one HTTP
        // server, `HTTPServer`, for the preview and for the print); a watcher and live reload.
        .target(
            name: "LectureServe", dependencies: ["LectureKit", "LectureSupport", "CommonMark", "CMicroHTTPD"],
            swiftSettings: staticFoundation.swift),
        // The manual (Manual/: book.toml and its pages) is a book `make manual` builds, not a source.
        .executableTarget(
            name: "lecture", dependencies: ["LectureKit", "LectureSupport", "LectureServe"], exclude: ["Manual"],
            swiftSettings: staticFoundation.swift, linkerSettings: staticFoundation.linker),
        .executableTarget(name: "lecture-bench", dependencies: ["LectureKit", "LectureSupport"]),
        // `make fuzz`: the libFuzzer program over LectureKit's `FuzzTarget` (see the Makefile).
        .executableTarget(name: "lecture-fuzz", dependencies: ["LectureKit", "LectureSupport"]),
        .testTarget(name: "CommonMarkTests", dependencies: ["CommonMark"]),
        // The tests' temporary folders, one per test process, removed at exit, and contained runs
        // (`ContainedRun`): shared by both suites.
        .target(name: "TestFolders", dependencies: ["LectureSupport"], path: "Tests/TestFolders"),
        .testTarget(
            name: "LectureKitTests",
            dependencies: ["LectureKit", "LectureServe", "LectureSupport", "CommonMark", "SwiftAnalysis", "TestFolders"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "LectureServeTests", dependencies: ["LectureServe", "LectureKit", "LectureSupport", "TestFolders"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
