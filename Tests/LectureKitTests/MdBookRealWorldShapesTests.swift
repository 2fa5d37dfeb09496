import Foundation
import Testing

@testable import LectureSupport

/// Books of this shape come from a round on public mdBook books (2026-12-06: the Rust CLI book,
/// the Embedonomicon, the Embedded Rust book, the rustc-dev-guide, a Persian Rust book, a Korean
/// Rustonomicon, mdBook's guide, a Chinese book of playgrounds; the manual's compatibility page
/// counts them), remade as small books of our own with the same constructs and built by
/// mdBook 0.5.4 and by lecture (`MdBookOracle`).
@Suite struct MdBookRealWorldShapesTests {
    /// A summary with an HTML comment before its list, comments inside list items, `*` bullets,
    /// a prefix chapter right above the list, `---` right above the suffix chapters, a title of
    /// brackets (`#[panic_handler]`) and an empty one; `create-missing = false`, a root-relative
    /// redirect, `[output.linkcheck]` (the site in `book/html`, as mdBook writes it); `<aside>`
    /// holding link definitions, `<Listing>` elements, `<!-- toc -->` and comments in a line,
    /// a `mermaid` fence, a footnote of lazy lines, `` ``` rust`` with a space, includes from
    /// a folder beside `src/` with hidden `#` lines, `{{#rustdoc_include}}` of an anchor,
    /// `{{#playground}}` of a file with a CJK name, Hangul and Hanja headings, headings with
    /// trailing spaces and alike, an escaped `\<title\>`, fences inside a `~~~` fence.
    @Test func summariesIncludesAndRawHTMLOfRealBooks() throws {
        try MdBookRealWorldTests().expectSameBook([
            "book.toml":
                "[book]\ntitle = \"Shapes\"\nauthors = [\"A\"]\n\n[build]\ncreate-missing = false\n\n[output.html]\nadditional-css = [\"theme/css/switcher.css\"]\n\n[output.html.redirect]\n\"/old.html\" = \"/vec/vec.html\"\n\n[output.linkcheck]\noptional = true\n",
            "ci/rt/lib.rs":
                "#![no_std]\n\n#[no_mangle]\npub unsafe extern \"C\" fn Reset() -> ! {\n#\n# the reset vector\n    loop {}\n}\n",
            "ci/rt/link.x": "MEMORY\n{\n  FLASH : ORIGIN = 0x00000000, LENGTH = 256K\n}\n",
            "listings/main.rs":
                "// ANCHOR: all\nuse std::io;\n\nfn main() {\n    // ANCHOR: print\n    println!(\"Guess the number!\");\n    // ANCHOR_END: print\n    let _ = io::stdin();\n}\n// ANCHOR_END: all\n",
            "src/SUMMARY.md":
                "# Summary\n\n<!--\n\nWork in process.\n\n-->\n\n[소개](intro.md)\n* [데이터 레이아웃](data.md)\n  * [이량 타입](exotic-sizes.md)\n    <!-- TODO: Define Sections -->\n* [Implementing Vec](./vec/vec.md)\n* [Beneath `std`](beneath-std.md)\n  * [#[panic_handler]](panic-handler.md)\n---\n[A note](./note.md)\n[](./important-links.md)\n",
            "src/beneath-std.md":
                "# Beneath `std`\n\n<Listing number=\"2-1\" file-name=\"src/main.rs\" caption=\"A caption with `code`\">\n\n```rust,ignore\n{{#rustdoc_include ../listings/main.rs:print}}\n```\n\n</Listing>\n\nSee [the intro][intro]<!-- ignore -->.\n\n{{#playground demo/示例_程序.rs editable}}\n\n<!-- manual-regeneration\ncd listings\ncargo build -->\n\n[intro]: intro.md\n",
            "src/data.md":
                "# Data\n\n<aside class=\"note\">\n\n**Note:**\n[`PathBuf`] is like a [`String`].\n\n[`PathBuf`]: https://doc.rust-lang.org/std/path/struct.PathBuf.html\n[`String`]: https://doc.rust-lang.org/std/string/struct.String.html\n\n</aside>\n\n<!-- toc -->\n\n```mermaid\nflowchart LR\n    A --> B\n```\n\nThe *addresses*[^1] matter, as of <!-- date-check --> July 2021.\n\n[^1]: The fact that the addresses must be used here can be confusing and\nunintuitive. See [here](https://stackoverflow.com/a/40392131).\n",
            "src/demo/示例_程序.rs": "fn main() {\n#   let hidden = 1;\n    println!(\"示例\");\n}\n",
            "src/exotic-sizes.md":
                "# 이량(異量) 타입\n\n## 동량(動量) 타입 (DST)\n\n텍스트 *알아야 하거든요!* \n다음 줄.\n\n* 슬라이스: [`[T]`][slice], [`str`], 등등\n\n[`str`]: https://doc.rust-lang.org/std/primitive.str.html\n[slice]: https://doc.rust-lang.org/std/primitive.slice.html\n",
            "src/important-links.md": "# Important links\n",
            "src/intro.md": "# 소개\n\n#### The Dark Arts\n\n> THE KNOWLEDGE IS PROVIDED \"AS IS\".\n",
            "src/note.md": "# A note\n\nText.\n",
            "src/panic-handler.md":
                "# #[panic_handler]\n\n### A heading \n\nSome text.\n\n## Lists\n\n## Lists\n\n# Features for general content\n\n## Controlling page \\<title\\>\n\n<div class=\"warning\">\n\nThis is a bad thing.\n\n</div>\n\n~~~markdown\n```python,hidelines=!!!\n!!!hidden()\n```\n~~~\n\n```hbs\n\\{{#playground file.rs}}\n```\n",
            "src/vec/vec.md":
                "# Implementing Vec\n\n``` rust\n{{#include ../../ci/rt/lib.rs:3:6}}\n```\n\n``` text\n{{#include ../../ci/rt/link.x:2}}\n```\n",
            "theme/css/switcher.css": "nav {}\n",
        ])
    }

    /// The round of 2026-12-07 (the Rust API Guidelines, the async book's summary and
    /// introduction): prefix chapters on consecutive lines, `<a id>` before each heading and
    /// reference links to `page.html#id`, task lists nested in a bold list, a table cell with
    /// `<br>` and `\>`, parts holding draft chapters, text above the first heading, an include
    /// from a folder beside `src/` in a `rust,edition2021` block, a footnote of links with no
    /// destination, and pages made by `create-missing`. The whole books are the fixtures of
    /// `MdBookRealWorldTests`; both were again equal in every aspect.
    @Test func guidelinesAndAPartedSummaryOfRealBooks() throws {
        try MdBookRealWorldTests().expectSameBook([
            "book.toml": "[book]\ntitle = \"Rounds\"\n\n[build]\ncreate-missing = true\n",
            "examples/hello/src/main.rs": "async fn say_hello() {\n    println!(\"hello, world!\");\n}\n",
            "src/SUMMARY.md":
                "# Table of Contents\n\n[About](about.md)\n[Checklist](checklist.md)\n\n- [Naming](naming.md)\n  - [FAQs]()\n\n# Part 1: guide\n\n- [Intro](part/intro.md)\n- [Cancellation]()\n- [`async`/`.await` Primer](part/primer.md)\n\n---\n\n[External links](links.md)\n",
            "src/about.md":
                "NOTE: this guide is being rewritten.\n\n# About\n\nThe concise [checklist] of all guidelines.\n\n```rust,edition2021\n{{#include ../examples/hello/src/main.rs}}\n```\n\nAn async function does nothing unless it is `await`ed[^blocking].\n\n[checklist]: checklist.html\n\n[^blocking]: We explain it in [chapter TODO]() and in [chapter TODO]().\n",
            "src/checklist.md":
                "# Checklist\n\n<!-- Read CONTRIBUTING.md -->\n\n- **Naming** *(crate aligns with naming conventions)*\n  - [ ] Casing conforms to RFC 430 ([C-CASE])\n  - [x] Conversions follow `as_`, `to_` ([C-CONV])\n    - `Copy`, `Clone`,\n      `Display`\n\n[C-CASE]: naming.html#c-case\n[C-CONV]: naming.html#c-conv\n",
            "src/naming.md":
                "# Naming\n\n\n<a id=\"c-case\"></a>\n## Casing conforms to RFC 430 (C-CASE)\n\n| Prefix | Ownership |\n| ------ | --------- |\n| `to_` | borrowed -\\> borrowed<br>owned -\\> owned |\n\n<a id=\"c-conv\"></a>\n## Ad-hoc conversions follow `as_`, `to_` conventions (C-CONV)\n\nSee [C-CASE](#c-case).\n",
        ])
    }

    /// On purpose (the manual's compatibility page): a link's non-ASCII characters are
    /// percent-encoded (UTF-8), as cmark writes a destination, where mdBook 0.5.4 writes them as
    /// typed; a browser reaches the same page and fragment from both.
    @Test func nonASCIILinksArePercentEncodedForTheSameTarget() throws {
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"T\"\n",
            "src/SUMMARY.md": "- [A](a.md)\n- [B](b.md)\n",
            "src/a.md": "# A\n\nSee [ZST](b.md#\u{BB34}\u{B7C9}\u{7121}\u{91CF}-\u{D0C0}\u{C785}-zst).\n",
            "src/b.md": "# B\n\n## \u{BB34}\u{B7C9}(\u{7121}\u{91CF}) \u{D0C0}\u{C785} (ZST)\n",
        ])
        #expect(both.differences(in: [.status, .pages, .sidebar, .ids, .text]).isEmpty, "\(both.differences())")
        let (ours, theirs) = (both.lecture.facts.links["a.html"] ?? [], both.mdBook.facts.links["a.html"] ?? [])
        #expect(theirs == ["b.html#\u{BB34}\u{B7C9}\u{7121}\u{91CF}-\u{D0C0}\u{C785}-zst"], "\(theirs)")
        #expect(ours.map { $0.removingPercentEncoding } == theirs, "\(ours)")
        #expect(ours != theirs, "written alike now: the manual's compatibility page says otherwise")
    }
}
