import Foundation
import TestFolders
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Limits: a 60 KB pipe table of N columns over N one-cell rows, which GFM pads to N² cells,
/// fills at most 2^18 empty cells (a warning at the first row past them, every row's text kept),
/// counted in-process, so load cannot flip it; a build of one, contained (`ContainedRun`), stays
/// in bounded memory; and SIGTERM ends a build that is busy with pages within seconds of CPU.
/// The stops are measured in the CPU seconds the build uses after the signal, which load does not
/// stretch; their wall time is only a smoke bound.
@Suite struct TableLimitBadInputTests {
    static let columns = 10_000

    /// A header of `columns` cells, its delimiter row, then `columns` one-cell rows.
    static func wideTable(columns: Int, mark: String = "x") -> String {
        String(repeating: "\(mark)|", count: columns) + "\n" + String(repeating: "-|", count: columns) + "\n"
            + (0..<columns).map { "r\($0)\n" }.joined()
    }

    /// `# P`, then `wideTable(columns: columns)`.
    static func widePage(mark: String = "x") -> String { "# P\n\n" + wideTable(columns: columns, mark: mark) }

    /// A contained build of a book whose page is `page`, under `/usr/bin/time` (its peak memory).
    static func build(_ page: String) throws -> (result: Subprocess.Result, book: String) {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        let result = try run.command(
            "/usr/bin/time",
            ["-f", "peak %M KB", TestSupport.executable, "build", "--cache-dir", run.scratch + "/cache"],
            in: "work/book")
        return (result, book)
    }

    /// The wide table of `columns` columns read as a page's pipe table is (`TableRenderer.read`).
    /// - Returns: the cells of its header and rows, its rows, and the warnings.
    static func read(columns: Int) throws -> (cells: Int, rows: Int, warnings: [Diagnostic]) {
        var warnings: [Diagnostic] = []
        let table = try TableRenderer.read(
            wideTable(columns: columns), caption: nil, id: "t", path: "p.md",
            location: SourceLocation(line: 2, column: 1),
            references: "", warnings: &warnings)
        return (table.header.cells.count + table.rows.reduce(0) { $0 + $1.cells.count }, table.rows.count, warnings)
    }

    /// N² would be 10^6 cells at 1,000 columns and 10^8 at 10,000; the header's N cells, each
    /// row's own cell and at most 2^18 filled ones are what may be read. The smaller size comes
    /// first and is required: without the cap it fails there, before 10^8 cells are made.
    @Test func aTableThatWouldFillNSquaredCellsFillsAtMostTheCap() throws {
        // 2^18, pulldown-cmark's cap, written out: a test that read `TableRenderer`'s constant
        // would pass with the cap raised out of reach.
        let cap = 262_144
        for columns in [1_000, Self.columns] {
            let read = try Self.read(columns: columns)
            try #require(
                read.cells <= 2 * columns + cap,
                "\(columns) columns: \(read.cells) cells (N² is \(columns * columns))")
            #expect(read.rows == columns, "every row is kept")
            #expect(read.warnings.map(\.identifier) == [.tableTooWide])
        }
    }

    /// The real `lecture` builds the 10,000-column page in bounded memory, warns at the first row
    /// past the cap and keeps every row's text.
    @Test func aTableThatWouldFillNSquaredCellsBuildsInBoundedMemory() throws {
        let (result, book) = try Self.build(Self.widePage())
        #expect(result.succeeded, "\(result.stderrText.suffix(2000))")
        let peak = result.stderrText.split(separator: "\n").last { $0.hasPrefix("peak ") }
            .flatMap { Int($0.split(separator: " ")[1]) }
        #expect(peak != nil && peak! < 2_000_000, "peak RSS \(peak ?? -1) KB")
        // The first body row whose padding passes 2^18 filled cells, on line 5 + its index.
        let firstOver = (0...).first { ($0 + 1) * (Self.columns - 1) > TableRenderer.maximumFilledCells }!
        #expect(
            result.stderrText.contains(
                "src/intro.md:\(5 + firstOver):1: warning: table fills more than 262144 empty cells"),
            "\(result.stderrText.prefix(2000))")
        // Every row's text is in the page.
        let page = TestSupport.read(book + "/book/intro.html") ?? ""
        #expect(page.contains(">r0<") && page.contains(">r\(Self.columns - 1)<"))
    }

    /// A book of many wide-table pages, sent SIGTERM once the build is busy (it has used a second
    /// of CPU), ends with 143 within a second of CPU (the pages not begun are skipped, the tables
    /// being read stop at their next row) and writes no site.
    @Test func sigtermEndsABuildBusyWithPagesWithinSeconds() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let pages = 60
        var summary = "# Summary\n\n"
        for number in 0..<pages {
            summary += "- [P\(number)](p\(number).md)\n"
            try TestSupport.write(Array(Self.widePage(mark: "c\(number)").utf8), to: book + "/src/p\(number).md")
        }
        try TestSupport.write(Array(summary.utf8), to: book + "/src/SUMMARY.md")
        let ended = try Self.sigtermOnceBusy(run, busyCPU: 1)
        #expect(ended.cpuAfter < 1, "the build used \(ended.cpuAfter) s of CPU after SIGTERM")
        // A smoke bound only (the CPU above is the test): load stretches the wall time.
        #expect(ended.wall < .seconds(60), "SIGTERM took \(ended.wall) to end the build")
        #expect(ended.status == 143)
        #expect(!FileSystem.exists(book + "/book"))
    }

    /// Issue 34: one page of a 2,000 × 50 table (links, emphasis, code, raw HTML with ids in its
    /// cells), sent SIGTERM once the build is busy with it: the steps check the cancellation
    /// inside their long loops (`Cancellation.current`: the table's rows, the attribute scans of
    /// the page's raw HTML and of the print page, its ids), so the build ends by itself within ~2 s of CPU, not when the
    /// page's step ends (13.4 s before; the whole build takes 13 s of CPU in a debug build).
    /// Measured in CPU seconds after the signal, which load does not stretch; the wall time is a smoke bound.
    @Test func sigtermEndsABuildBusyWithOneHugePageWithinSeconds() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let columns = 50
        var page = "# Big\n\n| " + (0..<columns).map { "h\($0)" }.joined(separator: " | ") + " |\n|"
        page += String(repeating: "---|", count: columns) + "\n"
        for row in 0..<2000 {
            page +=
                "| "
                + (0..<columns).map { column in
                    column % 5 == 0 ? "r\(row) *c\(column)* [l](next.md)" : "<span id=\"c\(column)\">`x`</span>"
                }.joined(separator: " | ") + " |\n"
        }
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        let ended = try Self.sigtermOnceBusy(run, busyCPU: 1)
        // 13.4 s before the steps checked cancellation in their loops; 2.1 s quiet and 3.7 s under
        // load once the page's raw HTML was also read for machine files and unclosed elements
        // (`HTMLAttributes.scan`, `UnclosedContainers`; in `Render`, `HTMLComments` and
        // `PrintDetails` over the print page), loops that did not look at the cancellation; now
        // they do, and 0.2-0.3 s remain (signalled in `Parse`, at 1 s), 1.1 s at most when
        // signalled later (7 s, `Render`), under a load average of 19.
        #expect(ended.cpuAfter < 2, "the build used \(ended.cpuAfter) s of CPU after SIGTERM")
        // A smoke bound only (the CPU above is the test): load stretches the wall time.
        #expect(ended.wall < .seconds(60), "SIGTERM took \(ended.wall) to end the build")
        #expect(ended.status == 143)
        #expect(!FileSystem.exists(book + "/book"))
    }

    /// Builds `run`'s book (`work/book`) with two jobs and sends SIGTERM once the `lecture`
    /// process (unshare and sh exec it, keeping the pid) has used `busyCPU` seconds of CPU.
    /// - Returns: its exit status, the wall time from the signal to its end and the CPU seconds
    ///   it used after the signal (read from `/proc` until it ends, every 10 ms).
    static func sigtermOnceBusy(_ run: ContainedRun, busyCPU: Double) throws -> (
        status: Int32, wall: Duration, cpuAfter: Double
    ) {
        let process = run.process(
            TestSupport.executable, ["build", "-j", "2", "--cache-dir", run.scratch + "/cache"], in: "work/book")
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        func cpuSeconds() -> Double? {
            guard let stat = TestSupport.read("/proc/\(process.processIdentifier)/stat"),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
            return (user + system) / ticks
        }
        let started = ContinuousClock.now
        var atSignal = 0.0
        while process.isRunning, ContinuousClock.now - started < .seconds(300) {
            atSignal = cpuSeconds() ?? atSignal
            if atSignal >= busyCPU { break }
            usleep(20_000)
        }
        #expect(process.isRunning, "the build ended before it was busy")
        let signalled = ContinuousClock.now
        kill(process.processIdentifier, SIGTERM)
        var last = atSignal
        // At most two minutes: a build that does not stop is killed and fails the test, never hangs it.
        while process.isRunning, ContinuousClock.now - signalled < .seconds(120) {
            last = cpuSeconds() ?? last
            usleep(10_000)
        }
        #expect(ProcessEnd.wait(for: process, within: .zero), "the build did not stop on SIGTERM")
        return (process.terminationStatus, ContinuousClock.now - signalled, last - atSignal)
    }
}
