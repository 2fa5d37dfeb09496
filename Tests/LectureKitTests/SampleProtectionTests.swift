import Testing

@testable import LectureKit
@testable import LectureSupport

/// The samples' protection is the person's to lower and the book's only to raise (attack 15,
/// F2: a book's `sandbox = "off"` with `verify = true` ran a sample that wrote into the home
/// folder, silently): a book's `off`, or a limit above the person's, is an error at its line
/// naming the option, and the run keeps the person's protection.
@Suite struct SampleProtectionTests {
    static func settings(_ lines: String) -> BookSettings {
        BookSettingsLoader.parse(
            "[preprocessor.lecture]\nrenderers = []\n\n[preprocessor.lecture.samples]\n\(lines)\n", path: "book.toml"
        ).settings
    }

    static func resolve(
        _ lines: String, options: BookOptions = BookOptions(), environment: [String: String] = [:]
    ) throws -> (SampleProtection, [Diagnostic]) {
        try SampleProtection.person(options: options, environment: environment)
            .raised(by: settings(lines), tomlPath: "book.toml")
    }

    @Test func aBookMayNotTurnTheSandboxOff() throws {
        let (protection, diagnostics) = try Self.resolve("verify = true\nsandbox = \"off\"")
        #expect(protection.sandbox == .auto)
        let error = try #require(diagnostics.first)
        #expect(
            error.headline.hasPrefix("book.toml:6:1: error: '[preprocessor.lecture.samples] sandbox' = \"off\""),
            "\(error)")
        #expect(error.notes.contains { $0.contains("pass '--sandbox off' or set LECTURE_SANDBOX=off") })
    }

    @Test func thePersonMayTurnItOffByOptionOrEnvironment() throws {
        var options = BookOptions()
        options.sandbox = .off
        for (options, environment) in [(options, [:]), (BookOptions(), ["LECTURE_SANDBOX": "off"])] {
            let (protection, diagnostics) = try Self.resolve(
                "sandbox = \"off\"", options: options, environment: environment)
            #expect(protection.sandbox == .off && diagnostics.isEmpty, "\(diagnostics)")
            let (silent, none) = try Self.resolve("", options: options, environment: environment)
            #expect(silent.sandbox == .off && none.isEmpty)
        }
    }

    @Test func aBookMayRaiseTheSandboxButNotLowerThePersonsRequire() throws {
        #expect(try Self.resolve("sandbox = \"require\"").0.sandbox == .require)
        let (kept, diagnostics) = try Self.resolve("sandbox = \"auto\"", environment: ["LECTURE_SANDBOX": "require"])
        #expect(kept.sandbox == .require && diagnostics.count == 1)
        // The person's `off` and the book's `auto`: the book raises it.
        #expect(try Self.resolve("sandbox = \"auto\"", environment: ["LECTURE_SANDBOX": "off"]).0.sandbox == .auto)
    }

    @Test func aBookMayLowerTheLimitsButNotRaiseThem() throws {
        let (lowered, none) = try Self.resolve("memory-limit = 512\nprocess-limit = 32")
        #expect(lowered.limits.memoryMiB == 512 && lowered.limits.processes == 32 && none.isEmpty)
        let (kept, errors) = try Self.resolve("memory-limit = 1048576\nprocess-limit = 100000")
        #expect(kept.limits == ResourceLimits())
        #expect(errors.map { $0.location?.line } == [5, 6], "\(errors)")
        #expect(
            errors[0].notes.contains {
                $0.contains("pass '--memory-limit 1048576' or set LECTURE_MEMORY_LIMIT=1048576")
            })
        #expect(
            errors[1].notes.contains {
                $0.contains("pass '--process-limit 100000' or set LECTURE_PROCESS_LIMIT=100000")
            })
        let (allowed, fine) = try Self.resolve(
            "memory-limit = 8192", environment: ["LECTURE_MEMORY_LIMIT": "8192", "LECTURE_PROCESS_LIMIT": "300"])
        #expect(allowed.limits.memoryMiB == 8192 && allowed.limits.processes == 300 && fine.isEmpty)
    }

    /// The siblings of `memory-limit` below `[preprocessor.lecture]`: the compile's memory and the
    /// time limits of a run, a compile and a diagram, each the person's to raise.
    @Test func aBookMayLowerTheCompileAndTimeLimitsButNotRaiseThem() throws {
        func resolve(_ lines: String, environment: [String: String] = [:]) throws -> (SampleProtection, [Diagnostic]) {
            let settings = BookSettingsLoader.parse(
                "[preprocessor.lecture]\nrenderers = []\n\(lines)\n", path: "book.toml"
            )
            .settings
            return try SampleProtection.person(options: BookOptions(), environment: environment)
                .raised(by: settings, tomlPath: "book.toml")
        }
        let (lowered, none) = try resolve(
            "compile-memory-limit = 512\ntimeout = 2\ncompile-timeout = 30\ndiagram-timeout = 0.5")
        #expect(none.isEmpty, "\(none)")
        #expect(
            lowered.compileMemoryMiB == 512 && lowered.timeout == 2 && lowered.compileTimeout == 30
                && lowered.diagramTimeout == 0.5)
        let (kept, errors) = try resolve(
            "compile-memory-limit = 1048576\ntimeout = 86400\ncompile-timeout = 3600\ndiagram-timeout = 600.5")
        #expect(kept == SampleProtection(sandbox: .auto, limits: ResourceLimits()))
        #expect(errors.map { $0.location?.line } == [3, 4, 5, 6], "\(errors)")
        for (error, (key, variable, value)) in zip(
            errors,
            [
                ("compile-memory-limit", "LECTURE_COMPILE_MEMORY_LIMIT", "1048576"),
                ("timeout", "LECTURE_TIMEOUT", "86400"),
                ("compile-timeout", "LECTURE_COMPILE_TIMEOUT", "3600"),
                ("diagram-timeout", "LECTURE_DIAGRAM_TIMEOUT", "600.5"),
            ])
        {
            #expect(error.summary.hasPrefix("'[preprocessor.lecture] \(key)' = \(value) is above the "), "\(error)")
            #expect(error.notes.contains { $0.contains("pass '--\(key) \(value)' or set \(variable)=\(value)") })
        }
        #expect(errors[0].summary.contains("above the 4096 MiB a sample's compile may map"), "\(errors[0])")
        #expect(errors[1].summary.contains("above the 10 seconds a sample may run"), "\(errors[1])")
        let (allowed, fine) = try resolve(
            "compile-memory-limit = 8192\ntimeout = 60",
            environment: ["LECTURE_COMPILE_MEMORY_LIMIT": "8192", "LECTURE_TIMEOUT": "60"])
        #expect(allowed.compileMemoryMiB == 8192 && allowed.timeout == 60 && fine.isEmpty, "\(fine)")
    }

    @Test func aWrongEnvironmentValueIsAUsageError() {
        for (name, value) in [
            ("LECTURE_SANDBOX", "no"), ("LECTURE_MEMORY_LIMIT", "1"), ("LECTURE_PROCESS_LIMIT", "x"),
            ("LECTURE_COMPILE_MEMORY_LIMIT", "100"), ("LECTURE_TIMEOUT", "0"), ("LECTURE_COMPILE_TIMEOUT", "1e300"),
            ("LECTURE_DIAGRAM_TIMEOUT", "soon"),
        ] {
            #expect(throws: LectureError.self) { _ = try Self.resolve("", environment: [name: value]) }
        }
    }

    /// The options parse on every command that runs samples.
    @Test func everyCommandThatRunsSamplesTakesTheOptions() {
        let names = Set(Option<BookOptions>.protection.flatMap(\.names))
        #expect(
            names == [
                "--sandbox", "--memory-limit", "--process-limit", "--compile-memory-limit", "--compile-timeout",
                "--diagram-timeout",
            ])
        for command in [BuildCommand.options.flatMap(\.names), CheckCommand.options.flatMap(\.names)] {
            #expect(Set(command).isSuperset(of: names.union(["--timeout"])))
        }
    }

    /// c19a: a sample that sends signals itself is named as the likely sender of one "from
    /// outside".
    @Test func aSelfSentSignalIsSaidTruly() {
        #expect(RunEnding.sendsSignals("import Glibc\nkill(getpid(), SIGKILL)"))
        #expect(!RunEnding.sendsSignals("print(1)"))
        #expect(UnfinishedProcess.killed(9).note(sentBySample: true).contains("most likely sent SIGKILL to itself"))
        #expect(UnfinishedProcess.killed(9).note(sentBySample: false).contains("sent by the program itself"))
    }

    /// The person's limits are whole numbers in the run's range; a wrong one names the option or
    /// variable it came from and the range, with the memory limit's unit.
    @Test func aPersonsLimitOutsideItsRangeNamesWhereItCameFrom() {
        for (parse, name, text, message) in [
            (
                SampleProtection.memoryValue, "--memory-limit", "12x",
                "--memory-limit needs a whole number of MiB from 64 to 1048576, not '12x'"
            ),
            (
                SampleProtection.memoryValue, "LECTURE_MEMORY_LIMIT", "1",
                "LECTURE_MEMORY_LIMIT needs a whole number of MiB from 64 to 1048576, not '1'"
            ),
            (
                SampleProtection.processValue, "--process-limit", "7",
                "--process-limit needs a whole number from 8 to 100000, not '7'"
            ),
        ] as [((String, String) throws -> Int, String, String, String)] {
            #expect(throws: LectureError.self) { try parse(text, name) }
            do { _ = try parse(text, name) } catch { #expect("\(error)".contains(message), "\(error)") }
        }
        #expect((try? SampleProtection.memoryValue("2048", from: "--memory-limit")) == 2048)
        #expect((try? SampleProtection.processValue("8", from: "--process-limit")) == 8)
    }
}
