#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `Host` header values the preview answers: the names it was started for, so a page on
/// another site cannot read the preview through DNS rebinding (a name of the attacker's that
/// first resolves to their server, then to 127.0.0.1: the browser then sends their name).
///
/// Accepted names: `localhost` and any `*.localhost` (RFC 6761 §6.3: they resolve only to
/// loopback), the loopback addresses (`127.0.0.0/8`, `[::1]`), the `--host` value as given, and
/// the numeric address bound; when the server listens on every address (`0.0.0.0`, `::`), any
/// numeric address too (a rebinding attack needs a name) and the machine's own host name. A port,
/// when the header has one, must be the port bound. A request without `Host` (HTTP/1.0; HTTP/1.1
/// requires it and libmicrohttpd answers 400 without it) is served: browsers always send one.
struct AllowedHosts: Sendable {
    /// Lowercased names accepted besides the loopback ones.
    var names: Set<String>
    /// The port bound.
    var port: UInt16
    /// Whether any numeric address is accepted (the server listens on every address).
    var anyAddress: Bool

    /// The hosts of a server started with `--host configured` and bound to `address:port`;
    /// `machineName` is the host name (`gethostname(2)`) when it listens on every address.
    init(configured: String, address: String, port: UInt16, machineName: String? = nil) {
        func bare(_ host: String) -> String {
            let host = host.lowercased()
            return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        }
        anyAddress = ["0.0.0.0", "::", ""].contains(bare(address)) || ["0.0.0.0", "::"].contains(bare(configured))
        names = [bare(configured), bare(address)]
        if anyAddress, let machineName, !machineName.isEmpty { names.insert(machineName.lowercased()) }
        self.port = port
    }

    /// This machine's name (`gethostname(2)`), no resolver asked; `nil` when it has none.
    static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// Whether a request whose `Host` field is `field` (`nil` when absent) is answered.
    func allows(_ field: String?) -> Bool {
        guard let field else { return true }
        guard let (host, port) = Self.split(field.trimmingCharacters(in: [" ", "\t"])) else { return false }
        if let port, port != self.port { return false }
        let name = host.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") || names.contains(name) { return true }
        if Self.isLoopback(name) { return true }
        return anyAddress && Self.isNumeric(name)
    }

    /// `host[:port]` or `[v6][:port]` → the host (without brackets) and the port; `nil` when the
    /// field is malformed (empty, a bad port, an unclosed bracket).
    static func split(_ field: String) -> (host: String, port: UInt16?)? {
        var host: Substring
        var rest: Substring
        if field.hasPrefix("[") {
            guard let close = field.firstIndex(of: "]") else { return nil }
            host = field[field.index(after: field.startIndex)..<close]
            rest = field[field.index(after: close)...]
        } else if let colon = field.firstIndex(of: ":") {
            host = field[..<colon]
            rest = field[colon...]
        } else {
            host = field[...]
            rest = ""
        }
        if host.hasSuffix(".") { host = host.dropLast() }  // `localhost.` is `localhost`
        guard !host.isEmpty else { return nil }
        guard !rest.isEmpty else { return (String(host), nil) }
        guard rest.first == ":", let port = UInt16(rest.dropFirst()), rest.count <= 6 else { return nil }
        return (String(host), port)
    }

    /// `127.x.y.z` or `::1` (and its long forms, as `inet_pton(3)` reads them).
    static func isLoopback(_ host: String) -> Bool {
        if let v4 = ipv4(host) { return v4.0 == 127 }
        return host.contains(":") && ipv6IsLoopback(host)
    }

    static func isNumeric(_ host: String) -> Bool { ipv4(host) != nil || (host.contains(":") && ipv6Valid(host)) }

    private static func ipv4(_ host: String) -> (UInt8, UInt8, UInt8, UInt8)? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) }) else {
            return nil
        }
        let bytes = parts.compactMap { UInt8($0) }
        guard bytes.count == 4 else { return nil }
        return (bytes[0], bytes[1], bytes[2], bytes[3])
    }

    private static func ipv6Words(_ host: String) -> [UInt16]? {
        let halves = host.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func words(_ text: String) -> [UInt16]? {
            text.isEmpty
                ? []
                : text.split(separator: ":", omittingEmptySubsequences: false).map { UInt16($0, radix: 16) }
                    .reduce(into: [UInt16]?([])) { all, word in
                        if let word, all != nil { all!.append(word) } else { all = nil }
                    }
        }
        guard let head = words(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 8 ? head : nil }
        guard let tail = words(halves[1]), head.count + tail.count < 8 else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }

    private static func ipv6Valid(_ host: String) -> Bool { ipv6Words(host) != nil }

    private static func ipv6IsLoopback(_ host: String) -> Bool { ipv6Words(host) == [0, 0, 0, 0, 0, 0, 0, 1] }
}
