import Foundation

/// `LECTURE_SWIFT_ANALYSIS=off`: Swift blocks rendered as before build-time highlighting and
/// hover cards (escaped text for highlight.js, no SourceKit), so `make bench` can measure what
/// the two cost against the same build without them.
enum SwiftAnalysisSwitch {
    /// Whether highlighting and hover cards are on (they are unless the variable says `off`).
    static let isOn = ProcessInfo.processInfo.environment["LECTURE_SWIFT_ANALYSIS"] != "off"
}
