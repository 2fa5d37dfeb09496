/// Foundation's types that swift-corelibs-foundation keeps in modules of their own on Linux:
/// `FoundationNetworking` (URLSession and its kin) and `FoundationXML` (XMLParser and its kin).
/// On macOS `import Foundation` brings them; on Linux swiftc then says "cannot find
/// 'URLRequest' in scope", or finds only an unavailable stand-in ("type 'URLSession' (aka
/// 'AnyObject') has no member 'shared'"), neither naming the module. A compiler error that names
/// one of them gets a note naming the module and the import that works on both.
enum LinuxFoundationModules {
    /// The modules and the types each holds on Linux.
    static let modules: [(module: String, types: Set<String>)] = [
        (
            "FoundationNetworking",
            [
                "URLSession", "URLSessionConfiguration", "URLSessionTask", "URLSessionDataTask",
                "URLSessionDownloadTask", "URLSessionUploadTask", "URLSessionStreamTask", "URLSessionWebSocketTask",
                "URLSessionDelegate", "URLSessionTaskDelegate", "URLSessionDataDelegate", "URLSessionDownloadDelegate",
                "URLSessionTaskMetrics", "URLRequest", "NSURLRequest", "NSMutableURLRequest", "URLResponse",
                "HTTPURLResponse", "URLCache", "CachedURLResponse", "URLCredential", "URLCredentialStorage",
                "URLProtectionSpace", "URLAuthenticationChallenge", "URLProtocol", "HTTPCookie", "HTTPCookieStorage",
                "URLError",
            ]
        ),
        (
            "FoundationXML",
            ["XMLParser", "XMLParserDelegate", "XMLDocument", "XMLElement", "XMLNode", "XMLDTD", "XMLDTDNode"]
        ),
    ]

    /// The note for a compiler message naming (in quotes) a type of one of the modules, when the
    /// sample's `code` does not import that module already.
    static func note(for message: String, code: String) -> [String] {
        let quoted = Set(
            message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) })
        for (module, types) in modules {
            guard let type = quoted.first(where: types.contains), !code.contains("import \(module)") else { continue }
            return [
                "on Linux, \(quoted: type) is in \(module), not in Foundation: add '#if canImport(\(module))', 'import \(module)', '#endif' after 'import Foundation' (the same code then builds on macOS)"
            ]
        }
        return []
    }
}
