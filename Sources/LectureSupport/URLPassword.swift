/// A password written into a URL, `scheme://user:password@host` (a Git remote, a database URL):
/// found at the `:` of `://`, reported from the scheme's first byte. A placeholder is no
/// password: one holding `$`, `{`, `}`, `<`, `>`, `*` or `…`, all `x`, or a word such as
/// `password`, `pass`, `secret` or `token`.
enum URLPassword {
    static func match(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> SecretFormats.Match? {
        guard SecretFormats.has(bytes, "://", at: index) else { return nil }
        // The scheme: a letter, then letters, digits, `+`, `-` or `.`.
        var start = index
        while start > 0, index - start < SecretFormats.lookBehind, isSchemeByte(bytes[start - 1]) { start -= 1 }
        while start < index, !isLetter(bytes[start]) { start += 1 }
        guard index - start >= 2, SecretFormats.startsWord(bytes, at: start) else { return nil }
        // The user information, up to `@`, before any `/`, `?`, `#` or space.
        let from = index + 3
        let length = SecretFormats.run(bytes, from: from, limit: 257, isUserInfoByte)
        let at = from + length
        guard length <= 256, at < bytes.count, bytes[at] == UInt8(ascii: "@"),
            at + 1 < bytes.count, SecretFormats.isAlphanumeric(bytes[at + 1]),
            let colon = (from..<at).first(where: { bytes[$0] == UInt8(ascii: ":") }), colon + 1 < at
        else { return nil }
        let password = UnsafeBufferPointer(rebasing: bytes[(colon + 1)..<at])
        guard !isPlaceholder(password) else { return nil }
        return SecretFormats.Match(start: start, end: at, kind: "a password in a URL")
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        SecretFormats.isAlphanumeric(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// Not a space, a control byte, a delimiter of the URL or of the text around it.
    private static func isUserInfoByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != 0x7F && !"/?#@\"'`()[]\\|^".utf8.contains(byte)
    }

    private static let placeholderWords: Set<String> = [
        "password", "passwd", "pass", "pwd", "secret", "token", "pat", "apikey", "api_key", "key", "changeme",
    ]

    static func isPlaceholder(_ password: UnsafeBufferPointer<UInt8>) -> Bool {
        if password.contains(where: { "${}<>*".utf8.contains($0) || $0 >= 0x80 }) { return true }
        if password.allSatisfy({ $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: "X") }) { return true }
        if password.allSatisfy({ $0 == UInt8(ascii: ".") }) { return true }
        let word = String(decoding: password, as: UTF8.self).lowercased()
        return placeholderWords.contains(word) || word.hasPrefix("your")
    }
}
