/// Ids made unique against those already taken, for the print page's ids (`PrintIDs`) and its
/// chapters' anchors (`PrintAnchors`).
enum UniqueID {
    /// `base` when it is not `taken`, else the first of `base-firstSuffix`,
    /// `base-(firstSuffix + 1)`, … that is not; the result is added to `taken`. mdBook's
    /// `unique_id` starts at 1 (`setup`, `setup-1`); chapter anchors start at 2 (`ch-a`, `ch-a-2`).
    static func unique(_ base: String, firstSuffix: Int, taken: inout Set<String>) -> String {
        var unique = base
        var suffix = firstSuffix
        while taken.contains(unique) {
            unique = "\(base)-\(suffix)"
            suffix += 1
        }
        taken.insert(unique)
        return unique
    }
}
