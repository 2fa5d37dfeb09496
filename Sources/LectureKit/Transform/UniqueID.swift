/// Ids made unique against those already taken, one rule for a page's headings and definition
/// terms (`HeadingAnchors`), the print page's ids (`PrintIDs`) and its chapters' anchors
/// (`PrintAnchors`): an id not yet taken is kept; a taken one gets the first free suffix,
/// `base-firstSuffix`, `base-(firstSuffix + 1)`, … mdBook's `unique_id` starts at 1 (`setup`,
/// `setup-1`); chapter anchors start at 2 (`ch-a`, `ch-a-2`).
struct UniqueID {
    /// The first suffix a taken base is tried with.
    let firstSuffix: Int
    /// Every id taken, with the suffix to try first when it comes again as a base: every suffix
    /// below it is taken, so a page of n equal headings costs n look-ups, not n².
    private var next: [String: Int] = [:]

    /// No id taken but `taken`.
    init(firstSuffix: Int, taken: some Sequence<String> = [String]()) {
        self.firstSuffix = firstSuffix
        for id in taken { take(id) }
    }

    /// Whether `id` is taken.
    func contains(_ id: String) -> Bool { next[id] != nil }

    /// Takes `id` as it is (a template's id, a figure's); later ids step around it.
    mutating func take(_ id: String) {
        if next[id] == nil { next[id] = firstSuffix }
    }

    /// `base` when it is not taken, else the first of `base-firstSuffix`, `base-(firstSuffix + 1)`,
    /// … that is not; the result is taken.
    mutating func unique(_ base: String) -> String {
        guard var suffix = next[base] else {
            next[base] = firstSuffix
            return base
        }
        while next["\(base)-\(suffix)"] != nil { suffix += 1 }
        let id = "\(base)-\(suffix)"
        next[base] = suffix + 1
        next[id] = firstSuffix
        return id
    }
}
