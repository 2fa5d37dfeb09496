/// A host name as DNS and GitHub Pages' CNAME file take it (RFC 1123): two or more labels
/// between dots, each 1 to 63 ASCII letters, digits or `-`, neither starting nor ending with
/// `-`, 253 bytes in all; a final dot allowed. An international name is written in its `xn--`
/// form. A URL (`https://…/`), a path, a port, a space is none.
enum HostName {
    static func isValid(_ text: String) -> Bool {
        var name = Substring(text)
        if name.hasSuffix(".") { name = name.dropLast() }
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy(isLabel)
    }

    private static func isLabel(_ label: Substring) -> Bool {
        guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-" else { return false }
        return label.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == UInt8(ascii: "-")
        }
    }
}
