import CommonMark
import Foundation
import LectureSupport

/// Raw HTML that acts on the whole page wherever a chapter writes it, not where it stands: a
/// `<base>` (it sets the address every relative URL after it is read against) and a
/// `<meta http-equiv=refresh>` (it sends the reader to another address). A browser applies both
/// in the body too, and `print.html` holds every chapter, so one chapter's tag acts on every
/// later chapter there, and on the scripts the site loads by a relative URL at run time (the
/// search index). mdBook 0.5.4 publishes both without a word. A `<base>` is an error at the tag
/// (attack 9, kind 48); a refresh, which a page may mean for itself, a warning at the tag
/// (`RawHTMLMachineFiles` places them), and it is left out of `print.html` (`withoutRefresh`),
/// where it would send the reader of the whole book away. A `<style>` or a
/// `<link rel=stylesheet>` styles the whole document too: on `print.html`, and so in the PDF,
/// one chapter's `h1, p { display: none }` blanks every chapter (attack 13, kind 57; mdBook
/// 0.5.4 copies it there as well): a warning at the tag with `style-lints` on (a style lint:
/// many books style a page on purpose, and mdBook says nothing).
enum DocumentWideHTML {
    /// What one start tag does to the whole page.
    enum Effect: Equatable {
        case base
        case refresh
        case style
    }

    /// The effect of one start tag (name lowercased, attributes' names lowercased and values
    /// decoded); `nil` for a tag that acts where it stands.
    static func effect(tag: String, attributes: [(name: String, value: String)]) -> Effect? {
        switch tag {
        case "base": return .base
        case "meta"
        where attributes.contains {
            $0.name == "http-equiv" && $0.value.trimmingCharacters(in: .whitespaces).lowercased() == "refresh"
        }:
            return .refresh
        case "style": return .style
        case "link"
        where attributes.contains {
            $0.name == "rel" && $0.value.lowercased().split(whereSeparator: \.isWhitespace).contains("stylesheet")
        }:
            return .style
        default: return nil
        }
    }

    /// The diagnostic for `effect` at `location` of `path`.
    static func diagnostic(_ effect: Effect, path: String, at location: SourceLocation) -> Diagnostic {
        switch effect {
        case .base:
            .error(
                .baseElement, path, location,
                "a <base> element changes the address of every relative URL after it: links, images and the site's own scripts, in this page and in print.html in every later chapter",
                notes: ["remove it; link to another site with a full URL where it is meant ('https://…')"])
        case .refresh:
            .warning(
                .metaRefresh, path, location,
                "<meta http-equiv=refresh> sends the reader away from the whole page; it is left out of print.html, which holds every chapter",
                notes: [
                    "for a page that moved, name it in '[output.html.redirect]' in book.toml; otherwise write a link the reader follows"
                ])
        case .style:
            .warning(
                .pageStyle, path, location,
                "a style sheet in a page styles the whole document: on print.html, and in the PDF 'lecture pdf' prints from it, it applies to every chapter",
                notes: [
                    "scope its rules to an element of this page (a class on a <div> around what it styles), or put the style sheet in '[output.html] additional-css' in book.toml, which every page loads"
                ])
        }
    }

    /// `html` (a piece of raw HTML) without its refreshes: each `<meta http-equiv=refresh>` start
    /// tag removed, for `print.html`.
    static func withoutRefresh(_ html: String) -> String {
        guard html.utf8.contains(UInt8(ascii: "<")) else { return html }
        let bytes = Array(html.utf8)
        var removed: [Range<Int>] = []
        HTMLAttributes.scan(bytes) { tag in
            guard HTMLAttributes.is("meta", tag.name, in: bytes) else { return }
            let attributes = tag.attributes.map {
                (name: HTMLAttributes.lowercased($0.name, in: bytes), value: HTMLAttributes.value($0.value, in: bytes))
            }
            if effect(tag: "meta", attributes: attributes) == .refresh {
                removed.append(tag.name.lowerBound - 1..<tag.end)
            }
        }
        guard !removed.isEmpty else { return html }
        var kept = bytes
        for range in removed.reversed() { kept.removeSubrange(range) }
        return String(decoding: kept, as: UTF8.self)
    }
}
