import SwiftSyntaxTable

#if canImport(Glibc)
    import Glibc
#endif

/// swift-syntax's readings (`SwiftSyntaxTable`), from the shared library `LectureSwiftSyntax`
/// beside the running program, loaded with dlopen the first time a Swift source is read: a
/// book without Swift samples never loads swift-syntax's libraries (27 libraries and 15,210
/// symbol relocations at start-up with them, 2026-12-05).
package enum SwiftSyntaxLibrary {
    /// The library's file name, beside the program (`.build/release/lecture`, the tests' bundle).
    package static let fileName = "libLectureSwiftSyntax.so"

    /// The table, loaded once. A library that is missing or does not load stops the program with
    /// what to do: every Swift reading depends on it, and no answer would be right without it.
    static let table: SwiftSyntaxTable = {
        let path = programFolder() + "/" + fileName
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL),
            let entry = dlsym(handle, "lecture_swift_syntax_table")
        else {
            let reason = dlerror().map { String(cString: $0) } ?? "no reason given"
            fatalError(
                "lecture: cannot load \(path) (\(reason)): the Swift analysis library must lie beside the program; "
                    + "`make build` builds it (swift build -c release --product LectureSwiftSyntax)")
        }
        let make = unsafeBitCast(entry, to: (@convention(c) () -> UnsafeMutableRawPointer).self)
        // Moved out, and the library's allocation freed: nothing of it is left (LeakSanitizer
        // in `make fuzz` found the copy's source unreferenced).
        let made = make().assumingMemoryBound(to: SwiftSyntaxTable.self)
        defer { made.deallocate() }
        return made.move()
    }()

    /// The folder of the running program (`/proc/self/exe`, links resolved).
    static func programFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "." }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
