/// Measurements taken in rounds, each round running every contender once, one after another,
/// so that whatever else the machine does in a stretch of time falls on all of them alike. A
/// ratio is the median over the rounds of that round's ratio: a slow round slows both sides.
struct Interleaved {
    /// Seconds by contender, one per round.
    private(set) var seconds: [String: [Double]] = [:]

    mutating func record(_ name: String, _ value: Double) { seconds[name, default: []].append(value) }

    /// The median of a contender's rounds.
    func median(_ name: String) -> Double { lectureBenchMedian(seconds[name] ?? []) }

    /// The median over the rounds of `numerator ÷ denominator` in the same round.
    func ratio(_ numerator: String, _ denominator: String) -> Double {
        let a = seconds[numerator] ?? []
        let b = seconds[denominator] ?? []
        return lectureBenchMedian(zip(a, b).map { $0 / $1 })
    }

    /// How many rounds a contender ran.
    func rounds(_ name: String) -> Int { seconds[name]?.count ?? 0 }
}

/// `median` (Run.swift), under a name the struct's own `median(_:)` does not hide.
func lectureBenchMedian(_ values: [Double]) -> Double { median(values) }
