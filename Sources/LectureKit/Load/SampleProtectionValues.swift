import LectureSupport

/// The values the person's options and variables of `SampleProtection` take, each read by one
/// parser that names the option or variable it came from in its usage error (exit 2).
extension SampleProtection {
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

    /// `--compile-memory-limit`'s and `LECTURE_COMPILE_MEMORY_LIMIT`'s value, MiB.
    static func compileMemoryValue(_ text: String, from name: String) throws -> Int {
        try wholeNumber(text, from: name, in: CompileMemoryLimit.range, unit: " of MiB")
    }

    /// A time limit's value (`--timeout`, `--compile-timeout`, `--diagram-timeout` and their
    /// variables), seconds within `SampleVerifier.Options.timeouts`.
    static func secondsValue(_ text: String, from name: String) throws -> Double {
        guard let seconds = Double(text), SampleVerifier.Options.timeouts.contains(seconds) else {
            throw LectureError(
                .badOptionValue, "\(name) needs \(SampleVerifier.Options.timeoutsText), not \(quoted: text)")
        }
        return seconds
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
