#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment variables, read from `environ` at each call, as Foundation's
/// `ProcessInfo.processInfo.environment` reads them, at a tenth of its cost: Foundation finds each
/// `=` by Characters and took about 0.35 M instructions per call for 35 variables, five calls
/// in every build (`measurements.md`, 2026-12-06 20:05). The tool's one reader of its
/// environment: no other source file reads Foundation's dictionary or getenv(3)
/// (`ProcessEnvironmentTests`), so the cut does not quietly return.
package enum ProcessEnvironment {
    /// Every variable by name, the dictionary Foundation's gives (`ProcessEnvironmentTests`); an
    /// entry without `=` is left out, bytes that are not UTF-8 are repaired. A name set twice
    /// (`execve` takes any list) keeps its first value, as getenv(3) and so `value(_:)` answer:
    /// with the last, the sandbox hid one `HOME` while children were given the other (code
    /// review 41 #11).
    package static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(
                        decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
                }
            }
            entry += 1
        }
        return variables
    }

    /// The variable `name`, or nil when it is not set (getenv(3)).
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
