import Foundation
import LectureSupport

/// How contained a book's samples run, decided by the person building and raised (never lowered)
/// by the book: a book may come from a pull request, so one line of its `book.toml` must not run
/// its samples outside the sandbox, nor lift their memory or process limits (attack 15, F2; the
/// rule `build-dir` follows for `--output`).
///
/// The person's word is the command line (`--sandbox`, `--memory-limit`, `--process-limit`), else
/// the environment (`LECTURE_SANDBOX`, `LECTURE_MEMORY_LIMIT`, `LECTURE_PROCESS_LIMIT`), else the
/// defaults (`auto`, `ResourceLimits()`). The book's `sandbox` may ask for more (`require` over
/// `auto`, `auto` over `off`), its limits for less; a book's value that protects less than the
/// person's is an error at its line naming the option, and the run keeps the person's.
struct SampleProtection: Equatable {
    /// The sandbox setting samples run under.
    var sandbox: SandboxSetting
    /// The limits their programs run under.
    var limits: ResourceLimits

    /// The person's settings, read from the options and then the environment. Given but out of
    /// range or unknown in the environment: a usage error (exit 2), as the options' own are.
    /// - Throws: `LectureError` for a variable whose value is not one the option accepts.
    static func person(options: BookOptions, environment: [String: String]) throws -> SampleProtection {
        var protection = SampleProtection(sandbox: .auto, limits: ResourceLimits())
        if let sandbox = try options.sandbox
            ?? environment["LECTURE_SANDBOX"].map({ try sandboxValue($0, from: "LECTURE_SANDBOX") })
        {
            protection.sandbox = sandbox
        }
        if let mebibytes = try options.memoryLimit
            ?? environment["LECTURE_MEMORY_LIMIT"].map({ try memoryValue($0, from: "LECTURE_MEMORY_LIMIT") })
        {
            protection.limits.memoryMiB = mebibytes
        }
        if let count = try options.processLimit
            ?? environment["LECTURE_PROCESS_LIMIT"].map({ try processValue($0, from: "LECTURE_PROCESS_LIMIT") })
        {
            protection.limits.processes = count
        }
        return protection
    }

    /// This protection raised by the book's settings; a setting that would lower it is an
    /// error at its line, and is not used.
    func raised(by settings: BookSettings, tomlPath: String) -> (SampleProtection, [Diagnostic]) {
        var result = self
        var diagnostics: [Diagnostic] = []
        func refuse(_ key: String, _ summary: String, _ note: String) {
            diagnostics.append(
                .error(
                    .bookTOMLValue, tomlPath, settings.locations["lecture.samples.\(key)"],
                    "'[preprocessor.lecture.samples] \(key)' \(summary)",
                    notes: [
                        note
                            + "; a book from a pull request could otherwise run its samples with less protection than the person building chose",
                        "this run keeps the protection of the command line and the environment",
                    ]))
        }
        if let asked = settings.sampleSandbox {
            if Self.strength(asked) >= Self.strength(sandbox) {
                result.sandbox = asked
            } else {
                refuse(
                    "sandbox",
                    "= \"\(asked.rawValue)\" would run samples with less containment than \"\(sandbox.rawValue)\", which a book may not choose",
                    "the person building may: pass '--sandbox \(asked.rawValue)' or set LECTURE_SANDBOX=\(asked.rawValue); a book may only raise the sandbox (\"require\")"
                )
            }
        }
        // A limit the book may only lower: its key, the book's value, the person's, what it counts.
        let limitKeys: [(String, Int?, WritableKeyPath<ResourceLimits, Int>, String)] = [
            ("memory-limit", settings.sampleMemoryLimit, \.memoryMiB, "MiB a sample may use"),
            ("process-limit", settings.sampleProcessLimit, \.processes, "processes a sample may start"),
        ]
        for (key, asked, path, counted) in limitKeys {
            guard let asked else { continue }
            if asked <= limits[keyPath: path] {
                result.limits[keyPath: path] = asked
            } else {
                let variable = "LECTURE_" + key.uppercased().replacingOccurrences(of: "-", with: "_")
                refuse(
                    key, "= \(asked) is above the \(limits[keyPath: path]) \(counted) here, which a book may not raise",
                    "the person building may: pass '--\(key) \(asked)' or set \(variable)=\(asked); a book may only lower the limit"
                )
            }
        }
        return (result, diagnostics)
    }

    /// How much a setting contains: `off` < `auto` < `require`.
    static func strength(_ setting: SandboxSetting) -> Int {
        switch setting {
        case .off: 0
        case .auto: 1
        case .require: 2
        }
    }

    /// `--sandbox`'s and `LECTURE_SANDBOX`'s value.
    static func sandboxValue(_ text: String, from name: String) throws -> SandboxSetting {
        guard let setting = SandboxSetting(rawValue: text) else {
            throw LectureError(.badOptionValue, "\(name) needs auto, require or off, not \(quoted: text)")
        }
        return setting
    }

    /// `--memory-limit`'s and `LECTURE_MEMORY_LIMIT`'s value, MiB.
    static func memoryValue(_ text: String, from name: String) throws -> Int {
        try wholeNumber(text, from: name, in: ResourceLimits.memoryRange, unit: " of MiB")
    }

    /// `--process-limit`'s and `LECTURE_PROCESS_LIMIT`'s value.
    static func processValue(_ text: String, from name: String) throws -> Int {
        try wholeNumber(text, from: name, in: ResourceLimits.processRange, unit: "")
    }

    /// `text` as a whole number in `range`, or an error naming the option or variable `name`.
    private static func wholeNumber(_ text: String, from name: String, in range: ClosedRange<Int>, unit: String)
        throws -> Int
    {
        guard let value = Int(text), range.contains(value) else {
            throw LectureError(
                .badOptionValue,
                "\(name) needs a whole number\(unit) from \(range.lowerBound) to \(range.upperBound), not \(quoted: text)"
            )
        }
        return value
    }
}
