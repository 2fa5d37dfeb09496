/// Levenshtein distance (Levenshtein 1966; the two-row dynamic programme of Wagner and Fischer
/// 1974), in Characters: the fewest insertions, deletions and substitutions that turn one string
/// into the other. Used to suggest the nearest name when a link names none.
package enum EditDistance {
    package static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate nearest to `name`, ties broken by order, if it is near enough to be a slip:
    /// at most a third of the longer name's length away (and at least 2 edits are allowed).
    package static func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = between(name, candidate)
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.candidate) {
                best = (candidate, distance)
            }
        }
        guard let best, best.distance <= max(2, max(name.count, best.candidate.count) / 3) else { return nil }
        return best.candidate
    }

    /// At most `limit` of the candidates, nearest to `name` first (ties by name): what to list
    /// beside `nearest`'s suggestion, or instead of it when none is near enough.
    package static func nearestFirst(to name: String, in candidates: some Sequence<String>, limit: Int) -> [String] {
        Array(candidates.map { ($0, between(name, $0)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0))
    }
}
