/// HTML character references (`&amp;`, `&#x27;`, `&#233;`, `&eacute;`) in an attribute value,
/// decoded as a browser decodes them before it reads the value as a URL or an id
/// (HTML, "character reference state"): numeric ones with or without their `;` (`&#x09ascript`
/// is a tab, as a browser reads it), named ones with it. Named references outside this table
/// (the common ones and Latin-1's) are kept as written. The one decoder of the emitted-URL check
/// and the raw-HTML scan (`MachineFileURLs`), so both read a URL alike.
package enum CharacterReferences {
    /// `value` with its character references decoded; `value` itself when it has no `&`.
    package static func decoded(_ value: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "&")) else { return value }
        var out = ""
        var rest = Substring(value)
        while let ampersand = rest.firstIndex(of: "&") {
            out += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            if after.first == "#" {
                let hex = after.dropFirst().first == "x" || after.dropFirst().first == "X"
                let digits = after.dropFirst(hex ? 2 : 1).prefix { $0.isASCII && $0.isHexDigit && (hex || $0.isNumber) }
                if !digits.isEmpty {
                    // Past U+10FFFF (however many digits), 0 and surrogates, a browser reads U+FFFD.
                    var number: UInt32 = 0
                    for digit in digits {
                        number = min(number &* (hex ? 16 : 10) &+ UInt32(digit.hexDigitValue!), 0x11_0000)
                    }
                    out.unicodeScalars.append(number == 0 ? "\u{FFFD}" : Unicode.Scalar(number) ?? "\u{FFFD}")
                    rest = after[digits.endIndex...]
                    if rest.first == ";" { rest = rest.dropFirst() }
                    continue
                }
            } else if let semicolon = after.prefix(32).firstIndex(of: ";"),
                let scalar = scalar(for: after[..<semicolon])
            {
                out.unicodeScalars.append(scalar)
                rest = after[after.index(after: semicolon)...]
                continue
            }
            out += "&"
            rest = after
        }
        return out + rest
    }

    /// The character `name` (between `&` and `;`) stands for, or `nil`.
    package static func scalar(for name: Substring) -> Unicode.Scalar? {
        if name.first == "#" {
            let digits = name.dropFirst()
            let number =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let number, number != 0 else { return number == 0 ? "\u{FFFD}" : nil }
            return Unicode.Scalar(number) ?? "\u{FFFD}"
        }
        return named[String(name)]
    }

    /// HTML's named references most used in URLs and ids: the markup ones and Latin-1's.
    static let named: [String: Unicode.Scalar] = {
        var table: [String: Unicode.Scalar] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
            "sol": "/", "num": "#", "percnt": "%", "quest": "?", "equals": "=", "colon": ":", "period": ".",
            "lpar": "(", "rpar": ")", "plus": "+", "comma": ",", "excl": "!", "dollar": "$", "commat": "@",
            "lowbar": "_", "hyphen": "\u{2010}", "tilde": "\u{2DC}", "Tab": "\t", "NewLine": "\n",
        ]
        // Latin-1's letters and signs, U+00A1 to U+00FF, in code point order (HTML 4's names).
        let latin1 =
            "iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute "
            + "micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml "
            + "Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc "
            + "Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml "
            + "aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc "
            + "otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml"
        for (offset, name) in latin1.split(separator: " ").enumerated() {
            table[String(name)] = Unicode.Scalar(UInt32(0xA1 + offset))
        }
        return table
    }()
}
