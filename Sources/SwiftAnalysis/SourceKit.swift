internal import CSourceKit
import Foundation

/// The toolchain's in-process SourceKit (`lib/libsourcekitdInProc.so`), the service behind
/// SourceKit-LSP, asked in its own request language (`key.request: source.request.…`; see
/// swift's `docs/SourceKit` and `tools/SourceKit/docs/Protocol.md`).
package struct SourceKit: Sendable {
    /// Why SourceKit could not be loaded or answer.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        /// What went wrong, as SourceKit or the loader said it.
        package var description: String
    }

    /// A value in a request: a string, an integer, a list of strings, or a request UID
    /// (`source.request.cursorinfo`, written bare).
    package enum Value: Sendable {
        case string(String)
        case integer(Int)
        case strings([String])
        case uid(String)
    }

    /// Loads the in-process SourceKit library at `library` (the toolchain's
    /// `usr/lib/libsourcekitdInProc.so`), once per process: later calls get the first call's library.
    /// - Throws: `Failure` when there is no such file or it does not load.
    package static func load(library: String) throws -> SourceKit {
        guard FileManager.default.fileExists(atPath: library) else {
            throw Failure(description: "no in-process SourceKit at \(library)")
        }
        var error: UnsafeMutablePointer<CChar>?
        guard lecture_sourcekitd_load(library, &error) == 0 else {
            defer { free(error) }
            throw Failure(description: error.map { String(cString: $0) } ?? "cannot load \(library)")
        }
        return SourceKit()
    }

    /// Sends a request of `fields` and returns the response's dictionary (keys such as
    /// `key.annotated_decl`). Blocks until SourceKit answers.
    /// - Throws: `Failure` with SourceKit's error description (such as "Request cancelled").
    func send(_ fields: KeyValuePairs<String, Value>) throws -> [String: Any] {
        var yaml = "{\n"
        for (key, value) in fields {
            yaml += "  \(key): \(Self.yaml(value)),\n"
        }
        yaml += "}\n"
        var isError: Int32 = 0
        guard let text = lecture_sourcekitd_send(yaml, &isError) else { throw Failure(description: "no response") }
        defer { free(text) }
        let response = String(cString: text)
        if isError != 0 { throw Failure(description: response) }
        guard let object = try? JSONSerialization.jsonObject(with: Data(response.utf8)) as? [String: Any] else {
            throw Failure(description: "response is not a JSON object")
        }
        return object
    }

    /// A value as SourceKit's YAML reader takes it: strings double-quoted with JSON's escapes.
    private static func yaml(_ value: Value) -> String {
        func quoted(_ string: String) -> String {
            let data = (try? JSONEncoder().encode(string)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self)
        }
        switch value {
        case .string(let string): return quoted(string)
        case .integer(let number): return String(number)
        case .strings(let strings): return "[" + strings.map(quoted).joined(separator: ", ") + "]"
        case .uid(let uid): return uid
        }
    }
}
