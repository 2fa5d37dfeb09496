import LectureSupport

/// The inline chapter tree of every page, rendered once for each root (`""`, `"../"`, …)
/// instead of once for each page: a page's tree is that one with its own entry swapped for the
/// entry marked current (the partial `chapter-current`). The tree is the same text as
/// `Navigation.tree` renders for the page: the partials nest each entry as it is rendered, once
/// (`nestsVerbatim`), so the one place its text stands is its own. Where that cannot be shown (a
/// theme whose partials leave entries out or repeat them, a page listed twice, two entries of the
/// same text), the page's tree is rendered in full. A book of 84 chapters spent an eighth of its
/// build rendering the tree into each page.
final class NavigationTrees: Hashable, @unchecked Sendable {
    /// A page's entry in the tree, with its children: as rendered, and marked current.
    struct Entry {
        let plain: String
        let current: String
        /// The entry of a page listed twice: no splice, the tree is rendered in full.
        static let repeated = Entry(plain: "", current: "")
    }

    /// A root's tree with no page marked, and each page's entry in it.
    private struct Tree {
        let html: String
        let entries: [String: Entry]
    }

    private let trees = Locked<[String: Tree]>([:])

    init() {}

    /// The tree for the page at `current` (an output path) whose links start with `root`.
    func tree(current: String, root: String, values: TemplateValues) -> String {
        // A folding tree opens the sections on the way to the page: no entry alone differs.
        guard Self.nestsVerbatim(values.partials), values.settings.foldEnabled != true else {
            return Navigation.tree(values.book.chapters, current: current, root: root, values: values)
        }
        let tree = trees.withLock { trees in
            if let tree = trees[root] { return tree }
            var entries: [String: Entry]? = [:]
            let html = Navigation.tree(
                values.book.chapters, current: nil, root: root, values: values, entries: &entries)
            let tree = Tree(html: html, entries: entries ?? [:])
            trees[root] = tree
            return tree
        }
        // Not an entry of the tree (`print.html`, the not-found page): no page is marked.
        guard let entry = tree.entries[current] else { return tree.html }
        return Self.splice(tree.html, replacing: entry.plain, with: entry.current)
            ?? Navigation.tree(values.book.chapters, current: current, root: root, values: values)
    }

    /// Whether every entry stands in the tree as rendered, once: each partial that holds entries
    /// names them once (`items` in `chapters`, `children` in the partial of each kind of entry).
    /// Otherwise a page's entry may be missing from the tree, or stand twice, and another entry
    /// of the same text be found in its place.
    static func nestsVerbatim(_ partials: Partials) -> Bool {
        func once(_ name: Partials.Name, _ placeholder: String) -> Bool {
            partials.templates[name]?.pieces.count { $0 == .placeholder(placeholder) } == 1
        }
        return once(.chapters, "items")
            && [Partials.Name.chapter, .chapterDraft, .partTitle, .separator].allSatisfy { once($0, "children") }
    }

    /// `html` with the one place `plain` stands replaced by `replacement`, or `nil` when `plain`
    /// is empty or does not stand there exactly once.
    static func splice(_ html: String, replacing plain: String, with replacement: String) -> String? {
        var html = html
        var plain = plain
        return html.withUTF8 { text -> String? in
            plain.withUTF8 { needle -> String? in
                guard let start = UTF8Search.offset(of: needle, in: text),
                    UTF8Search.offset(of: needle, in: text, from: start + 1) == nil
                else { return nil }
                var out: [UInt8] = []
                out.reserveCapacity(text.count - needle.count + replacement.utf8.count)
                out.append(contentsOf: text[..<start])
                out.append(contentsOf: replacement.utf8)
                out.append(contentsOf: text[(start + needle.count)...])
                return String(decoding: out, as: UTF8.self)
            }
        }
    }

    /// Derived from the other values of `TemplateValues`: no part of its identity.
    static func == (lhs: NavigationTrees, rhs: NavigationTrees) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
