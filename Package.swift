// swift-tools-version:6.3
import PackageDescription

let package = Package(
    name: "lecture",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "lecture", targets: ["lecture"]),
        .library(name: "LectureKit", targets: ["LectureKit"]),
    ],
    targets: [
        // cmark, the CommonMark reference implementation in C (Debian: libcmark-dev).
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // libcrypto from OpenSSL, for the SHA-256 that keys the caches (Debian: libssl-dev).
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // libmicrohttpd, the GNU embeddable HTTP server, for `lecture serve` (Debian: libmicrohttpd-dev).
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // toml++, the TOML 1.0 parser in C++ (Debian: libtomlplusplus-dev, pkg-config `tomlplusplus`),
        // behind a small C interface so Swift sees C declarations only. The flags are the ones
        // `pkg-config --cflags --libs tomlplusplus` gives: the compiled (not header-only) library.
        .target(
            name: "CBookTOML",
            cxxSettings: [.define("TOML_HEADER_ONLY", to: "0"), .define("TOML_SHARED_LIB", to: "1")],
            linkerSettings: [.linkedLibrary("tomlplusplus")]
        ),
        // The only module that imports CCmark: cmark's tree in, Swift values out.
        .target(name: "CommonMark", dependencies: ["CCmark"]),
        // The publishing pipeline: load → parse → transform → render → write.
        .target(
            name: "LectureKit",
            dependencies: ["CommonMark", "CCrypto", "CBookTOML"],
            resources: [.copy("Resources/StandIns")]
        ),
        // `lecture serve`: the only module that imports CMicroHTTPD; a watcher and live reload.
        .target(name: "LectureServe", dependencies: ["LectureKit", "CommonMark", "CMicroHTTPD"]),
        .executableTarget(name: "lecture", dependencies: ["LectureKit", "LectureServe"]),
        .executableTarget(name: "lecture-bench", dependencies: ["LectureKit"]),
        .testTarget(name: "CommonMarkTests", dependencies: ["CommonMark"]),
        .testTarget(
            name: "LectureKitTests",
            dependencies: ["LectureKit", "CommonMark"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "LectureServeTests", dependencies: ["LectureServe", "LectureKit"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
