import CommonMark
import Foundation
import LectureSupport

/// The font diagrams are drawn with, and the code points the installed fonts cover, as
/// fontconfig lists them on this machine.
///
/// The family is the book's (`[preprocessor.lecture] diagram-font`); without one Graphviz draws
/// in its own default. Graphviz (through Pango) takes each character from the first installed
/// font that has it; a character that no installed font has is drawn as an empty box, with no
/// word from Graphviz. So a diagram whose text holds such a character gets a warning, whatever
/// its script; and the fonts installed are part of every diagram's cache key, since a drawing
/// made under one font setup is wrong under another.
struct DiagramFonts: Hashable, Sendable {
    /// The family diagrams ask for (`-Nfontname`, `-Efontname`, `-Gfontname`), or `nil` for
    /// Graphviz's default.
    var family: String?
    /// Asks fontconfig once, when a diagram first needs the answer: a book without diagrams
    /// starts no `fc-list` (its build waited on one that a mdBook book never needed).
    var probe: FontProbe

    /// Fonts given, fontconfig not asked (tests).
    init(family: String?, installed: InstalledFonts) {
        self.family = family
        probe = FontProbe(installed)
    }

    /// Fonts asked of `probe`, shared with whoever else asks it.
    init(family: String?, probe: FontProbe) {
        self.family = family
        self.probe = probe
    }

    /// Fonts asked of fontconfig on first use, with `environment` added to its own.
    init(family: String?, environment: [String: String] = [:], run: RunContext) {
        self.family = family
        probe = FontProbe(environment: environment, run: run)
    }

    /// The installed fonts, as `fc-list` printed them; none known when fontconfig's tools are
    /// missing.
    var installed: InstalledFonts {
        get { probe.installed }
        set { probe = FontProbe(newValue) }
    }

    /// Graphviz's arguments that ask for `family`: none without one.
    var arguments: [String] {
        guard let family else { return [] }
        return ["-Nfontname=\(family)", "-Efontname=\(family)", "-Gfontname=\(family)"]
    }

    /// What the cache key takes from the fonts: the family asked for and the installed fonts.
    var keyText: String { (family ?? "") + "\n" + installed.digest }

    /// Asks fontconfig (`fc-list`, from Graphviz's dependency fontconfig) which fonts are
    /// installed; `environment` is added to its own (a test points `FONTCONFIG_FILE` at a
    /// configuration without fonts).
    package static func find(
        family: String?, environment: [String: String] = [:], run: RunContext
    ) -> DiagramFonts {
        let fonts = DiagramFonts(family: family, environment: environment, run: run)
        _ = fonts.installed
        return fonts
    }

    static func == (a: DiagramFonts, b: DiagramFonts) -> Bool { a.family == b.family && a.probe === b.probe }
    func hash(into hasher: inout Hasher) {
        hasher.combine(family)
        hasher.combine(ObjectIdentifier(probe))
    }

    /// The warning for a graph at `location` whose text holds characters no installed font has,
    /// naming the first few.
    func warning(for code: String, path: String, location: SourceLocation) -> Diagnostic? {
        guard installed.isKnown else { return nil }
        var missing: [Unicode.Scalar] = []
        for scalar in code.unicodeScalars where !scalar.properties.isWhitespace && scalar.value >= 0x20 {
            if !installed.covers(scalar), !missing.contains(scalar) { missing.append(scalar) }
        }
        guard let first = missing.first else { return nil }
        let shown = missing.prefix(5).map {
            "\(quoted: Character($0)) (U+\(String($0.value, radix: 16, uppercase: true)))"
        }
        let more = missing.count > 5 ? " and \(missing.count - 5) more" : ""
        return .warning(
            .diagramFont,
            path, location,
            "no installed font has \(shown.joined(separator: ", "))\(more): the diagram draws \(missing.count == 1 ? "it" : "them") as empty boxes",
            notes: [
                "install a font that covers \(Self.isCJK(first) ? "them (Debian: fonts-noto-cjk for Chinese, Japanese and Korean)" : "them (Debian: the fonts-noto packages cover most scripts)"); fc-list :charset=\(String(first.value, radix: 16)) lists the fonts that have the first"
            ])
    }

    /// Han, Hangul and Kana: the scripts Debian's `fonts-noto-cjk` covers.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        [(0x1100...0x11FF), (0x2E80...0x9FFF), (0xAC00...0xD7AF), (0xF900...0xFAFF), (0xFF00...0xFFEF)]
            .contains { $0.contains(scalar.value) }
    }
}

/// fontconfig's answer, asked at most once, on first use: two renderers that share a probe share
/// its answer, and are equal as step inputs (one probe per session: `Probes`).
// @unchecked: `answer` is written once under `lock`.
final class FontProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: InstalledFonts?
    private let environment: [String: String]
    /// The run whose pool and token `fc-list` runs under; `nil`: fonts given.
    private let run: RunContext?

    init(_ installed: InstalledFonts) {
        answer = installed
        environment = [:]
        run = nil
    }

    init(environment: [String: String], run: RunContext) {
        self.environment = environment
        self.run = run
    }

    private var answeredFamilies: Set<String>??

    /// The installed families (`DiagramFontSetting.families`), `fc-list : family` run on the
    /// first call; nil when fontconfig did not answer.
    var families: Set<String>? {
        lock.withLock {
            if let answeredFamilies { return answeredFamilies }
            let listing = run.flatMap { run in
                (try? run.process("fc-list", [":", "family"], environment: environment, timeout: 30))
                    .flatMap { $0.succeeded ? $0.stdoutText : nil }
            }
            let found = listing.map(DiagramFontSetting.families(fcList:))
            answeredFamilies = .some(found)
            return found
        }
    }

    /// The installed fonts: `fc-list -f '%{charset}\n'`, run on the first call.
    var installed: InstalledFonts {
        lock.withLock {
            if let answer { return answer }
            let listing = run.flatMap { run in
                (try? run.process("fc-list", ["-f", "%{charset}\n"], environment: environment, timeout: 30))
                    .flatMap { $0.succeeded ? $0.stdoutText : nil }
            }
            let found = InstalledFonts(fcList: listing)
            answer = found
            return found
        }
    }
}

/// The code points the installed fonts cover together, read from `fc-list -f '%{charset}\n'`
/// (each font's ranges, in hexadecimal: `20-7e a0-17f 192`): merged into sorted ranges, and
/// compared by a digest of the listing, so a value stays cheap to hash as part of a step's input.
struct InstalledFonts: Hashable, Sendable {
    /// The covered code points, sorted and merged.
    private(set) var ranges: [ClosedRange<UInt32>] = []
    /// SHA-256 of the listing: what the cache key and equality read.
    private(set) var digest = ""
    /// Whether fontconfig answered; without its tools nothing is warned.
    var isKnown: Bool { !digest.isEmpty }

    /// The fonts in `fcList`, `fc-list`'s output, or none known when it is `nil`.
    init(fcList: String?) {
        guard let fcList else { return }
        var hash = SHA256()
        hash.update(fcList)
        digest = hash.hexDigest()
        var all: [ClosedRange<UInt32>] = []
        for word in fcList.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let bounds = word.split(separator: "-", maxSplits: 1).compactMap { UInt32($0, radix: 16) }
            if bounds.count == 1 { all.append(bounds[0]...bounds[0]) }
            if bounds.count == 2, bounds[0] <= bounds[1] { all.append(bounds[0]...bounds[1]) }
        }
        all.sort { $0.lowerBound < $1.lowerBound }
        for range in all {
            if let last = ranges.last, range.lowerBound <= last.upperBound &+ 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
    }

    /// Whether some installed font has `scalar` (a binary search of the merged ranges).
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar.value { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(scalar.value)
    }

    static func == (a: InstalledFonts, b: InstalledFonts) -> Bool { a.digest == b.digest }
    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}
