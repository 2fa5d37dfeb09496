import Foundation

/// One row of the table the benchmark prints.
struct Row {
    var part: String
    var measure: String
    var lecture: String
    var baseline: String
    var ratio: String
    var goal: String
    var result: String
}

enum Table {
    static let header = Row(
        part: "#", measure: "measure", lecture: "lecture", baseline: "baseline", ratio: "ratio", goal: "goal",
        result: "result")

    static func render(_ rows: [Row]) -> String {
        let all = [header] + rows
        func cells(_ row: Row) -> [String] {
            [row.part, row.measure, row.lecture, row.baseline, row.ratio, row.goal, row.result]
        }
        var widths = [Int](repeating: 0, count: 7)
        for row in all { for (i, cell) in cells(row).enumerated() { widths[i] = max(widths[i], width(cell)) } }
        func line(_ row: Row) -> String {
            "| "
                + cells(row).enumerated().map { i, cell in cell + String(repeating: " ", count: widths[i] - width(cell))
                }.joined(separator: " | ") + " |"
        }
        var text = line(header) + "\n"
        text += "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|\n"
        for row in rows { text += line(row) + "\n" }
        return text
    }

    /// Terminal columns: Hangul and other wide characters take two.
    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let v = scalar.value
            let wide =
                (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
            return total + (wide ? 2 : 1)
        }
    }
}

enum Format {
    static func seconds(_ s: Double) -> String {
        if s.isNaN { return "—" }
        if s < 1 { return String(format: "%.0f ms", s * 1000) }
        return String(format: "%.2f s", s)
    }
    static func mib(_ kib: Int) -> String { String(format: "%.0f MiB", Double(kib) / 1024) }
    static func bytes(_ n: Int) -> String {
        if n >= 1 << 20 { return String(format: "%.1f MiB", Double(n) / 1_048_576) }
        if n >= 1 << 10 { return String(format: "%.1f KiB", Double(n) / 1024) }
        return "\(n) B"
    }
    static func ratio(_ r: Double) -> String { r.isFinite ? String(format: "%.2f×", r) : "—" }
    /// `baseline ÷ lecture` as `2.10× faster`, or `1.50× slower` below 1.
    static func speedup(_ r: Double) -> String {
        guard r.isFinite, r > 0 else { return "—" }
        return r >= 1 ? String(format: "%.2f× faster", r) : String(format: "%.2f× slower", 1 / r)
    }
    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return out
    }
    static func verdict(_ holds: Bool) -> String { holds ? "holds" : "MISSED" }
}
