import CommonMark
import LectureSupport

/// What mdBook 0.5.4 adds to every page besides its theme (run on such books), in the same
/// places: `[output.html] additional-css` as style sheets after the theme's, then MathJax when
/// `mathjax-support = true`; `[output.html] additional-js` as scripts after the theme's. Each
/// file's URL is led by the page's way to the site's root, as mdBook's `path_to_root`.
struct AdditionalHead: Hashable, Sendable {
    /// The site paths of the style sheets and the scripts, in book.toml's order.
    var styles: [String] = []
    var scripts: [String] = []
    var mathJax = false

    /// The script mdBook 0.5.4's pages load for `mathjax-support = true`: MathJax 2.7.1 from
    /// cdnjs, with its `TeX-AMS-MML_HTMLorMML` configuration (TeX between `\(` `\)` and `\[`
    /// `\]`, as the Markdown `\\(` and `\\[` render). A third party's script, loaded by every
    /// reader's browser, as mdBook's pages load it.
    static let mathJaxURL =
        "https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.1/MathJax.js?config=TeX-AMS-MML_HTMLorMML"

    init(configuration: BuildConfiguration) {
        styles = configuration.additionalStyles.map(\.sitePath)
        scripts = configuration.additionalScripts.map(\.sitePath)
        mathJax = configuration.book.mathJax ?? false
    }

    /// `{{ additional_css }}` for a page whose way to the root is `root`.
    func styles(root: String) -> String {
        var html = styles.map { "\n<link rel=\"stylesheet\" href=\"\(href($0, root: root))\">" }.joined()
        if mathJax { html += "\n<script async src=\"\(HTML.escapeHref(Self.mathJaxURL))\"></script>" }
        return html
    }

    /// `{{ additional_js }}` for a page whose way to the root is `root`: after the theme's
    /// deferred scripts, and deferred too, so each runs after them, in order, as mdBook's run
    /// after its own.
    func scripts(root: String) -> String {
        scripts.map { "\n<script src=\"\(href($0, root: root))\" defer></script>" }.joined()
    }

    private func href(_ path: String, root: String) -> String {
        HTML.escapeHref(root + OutputPath.href(forOutput: path))
    }

    /// A warning for each placeholder `page` lacks that this book fills (a theme written before
    /// them, or without them): the files would be copied and never linked.
    func unplaced(in page: Template) -> [Diagnostic] {
        let needed = [
            ("additional_css", !styles.isEmpty || mathJax, "additional-css style sheets and MathJax"),
            ("additional_js", !scripts.isEmpty, "additional-js scripts"),
        ]
        return needed.filter { $0.1 && !page.uses($0.0) }.map { name, _, what in
            .warning(
                .templatePlaceholder, page.path, nil,
                "page template has no {{ \(name) }}: book.toml's \(what) are not linked",
                notes: [
                    "put {{ \(name) }} in page.html's <head>, after the theme's own \(name == "additional_css" ? "style sheets" : "scripts"), as the built-in theme does"
                ])
        }
    }
}
