import LectureSupport

/// The grams of the search index: every single UTF-16 code unit and every pair of adjacent ones in
/// a field's "compact" text, the text `search.js` matches its queries against: NFC, lowercased
/// (ASCII letters; `search.js` never asks for a gram holding another cased letter, whose
/// lowercasing JavaScript and Swift may do differently), with every white-space character of
/// JavaScript's `\s` removed. Grams holding half of a surrogate pair are left out on both sides.
///
/// A gram is a `UInt32`: the first code unit in the high 16 bits, the second (0 for a one-unit
/// gram) in the low ones.
enum SearchGrams {
    /// Adds the grams of one field to `set`.
    static func add(_ field: String, to set: inout GramSet) {
        var previous: UInt32 = 0
        // By scalar (a native string's UTF-16 view is much slower to walk); a scalar beyond the
        // BMP is a surrogate pair in JavaScript, so it ends the run of grams like one.
        forEachScalar(of: mayNeedNFC(field) ? NFC.normalized(field) : field) { scalar in
            var unit = scalar
            if unit < 0x10000 && isSpace(UInt16(unit)) { return true }
            if unit >= 0x41 && unit <= 0x5A { unit += 0x20 }
            if unit == 0 || unit >= 0x10000 {
                previous = 0
                return true
            }
            set.insert(unit << 16)
            if previous != 0 { set.insert(previous << 16 | unit) }
            previous = unit
            return true
        }
    }

    /// Calls `body` with each scalar's value of `text`, in order, while it returns `true`: what
    /// `text.unicodeScalars` gives, decoded from the string's UTF-8 here (that view's iterator was
    /// most of the search index's time; a `String`'s UTF-8 is always valid).
    static func forEachScalar(of text: String, _ body: (UInt32) -> Bool) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let lead = UInt32(bytes[index])
                let scalar: UInt32
                if lead < 0x80 {
                    scalar = lead
                    index += 1
                } else if lead < 0xE0 {
                    scalar = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    index += 2
                } else if lead < 0xF0 {
                    scalar =
                        (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                    index += 3
                } else {
                    scalar =
                        (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F)
                        << 6
                        | UInt32(bytes[index + 3] & 0x3F)
                    index += 4
                }
                if !body(scalar) { return }
            }
        }
    }

    /// The distinct grams of one field, in no order.
    static func grams(of field: String) -> [UInt32] {
        var set = GramSet(capacity: field.utf8.count * 2)
        add(field, to: &set)
        return set.elements
    }

    /// Whether `text` may not be in NFC: it holds a code unit outside the ranges where every
    /// character is its own NFC and composes with nothing after it (below U+0300, Hangul
    /// syllables, general punctuation, CJK symbols before the combining tone marks). Saves
    /// `NFC.normalized`'s look-up of every scalar's properties, the index's largest cost.
    static func mayNeedNFC(_ text: String) -> Bool {
        var found = false
        forEachScalar(of: text) { unit in
            found =
                unit >= 0x300 && !(0xAC00...0xD7A3).contains(unit) && !(0x2010...0x205F).contains(unit)
                && !(0x3000...0x3029).contains(unit)
            return !found
        }
        return found
    }

    /// The gram as a string of one or two code units.
    static func string(_ gram: UInt32) -> String {
        let units = gram & 0xFFFF == 0 ? [UInt16(gram >> 16)] : [UInt16(gram >> 16), UInt16(gram & 0xFFFF)]
        return String(decoding: units, as: UTF16.self)
    }

    /// FNV-1a (32 bits) over the gram's code units: the shard a gram lives in is this modulo the
    /// shard count. `search.js` computes the same.
    static func hash(_ gram: UInt32) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for unit in gram & 0xFFFF == 0 ? [gram >> 16] : [gram >> 16, gram & 0xFFFF] {
            hash ^= unit
            hash = hash &* 16_777_619
        }
        return hash
    }

    /// JavaScript's `\s` (ECMA-262 WhiteSpace and LineTerminator).
    static func isSpace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }
}
