import Foundation
import LectureSupport

/// How contained a book's samples run and how long and large its compiles, runs and diagrams may
/// grow, decided by the person building and raised (never lowered) by the book: a book may come
/// from a pull request, so one line of its `book.toml` must not run its samples outside the
/// sandbox, nor lift a limit that holds a sample, a compile or Graphviz (attack 15, F2; the rule
/// `build-dir` follows for `--output`).
///
/// The person's word is the command line (`--sandbox`, `--memory-limit`, `--process-limit`,
/// `--compile-memory-limit`, `--timeout`, `--compile-timeout`, `--diagram-timeout`), else the
/// environment (the same names as `LECTURE_SANDBOX`, `LECTURE_MEMORY_LIMIT`…), else the defaults
/// (`auto`, `ResourceLimits()`, `CompileMemoryLimit.mebibytes`, 10 s, 120 s, 60 s). The book's
/// `sandbox` may ask for more (`require` over `auto`, `auto` over `off`), its limits for less; a
/// book's value that protects less than the person's is an error at its line naming the option
/// and the variable, and the run keeps the person's.
struct SampleProtection: Equatable {
    /// The sandbox setting samples run under.
    var sandbox: SandboxSetting
    /// The limits their programs run under.
    var limits: ResourceLimits
    /// MiB of address space a sample's compile may map (`CompileMemoryLimit`).
    var compileMemoryMiB = CompileMemoryLimit.mebibytes
    /// Seconds a sample's program may run.
    var timeout = SampleVerifier.Options().timeout
    /// Seconds the compiler may take on one sample.
    var compileTimeout = SampleVerifier.Options.defaultCompileTimeout
    /// Seconds each Graphviz program may take on one diagram.
    var diagramTimeout = DiagramRenderer.defaultTimeLimit

    /// The person's settings, read from the options and then the environment. Given but out of
    /// range or unknown in the environment: a usage error (exit 2), as the options' own are.
    /// - Throws: `LectureError` for a variable whose value is not one the option accepts.
    static func person(options: BookOptions, environment: [String: String]) throws -> SampleProtection {
        var protection = SampleProtection(sandbox: .auto, limits: ResourceLimits())
        /// The option's value, else the variable's read by `parse`, into `path`.
        func take<Value>(
            _ option: Value?, _ variable: String, _ parse: (String, String) throws -> Value,
            into path: WritableKeyPath<SampleProtection, Value>
        ) throws {
            if let value = try option ?? environment[variable].map({ try parse($0, variable) }) {
                protection[keyPath: path] = value
            }
        }
        try take(options.sandbox, "LECTURE_SANDBOX", sandboxValue, into: \.sandbox)
        try take(options.memoryLimit, "LECTURE_MEMORY_LIMIT", memoryValue, into: \.limits.memoryMiB)
        try take(options.processLimit, "LECTURE_PROCESS_LIMIT", processValue, into: \.limits.processes)
        try take(
            options.compileMemoryLimit, "LECTURE_COMPILE_MEMORY_LIMIT", compileMemoryValue, into: \.compileMemoryMiB)
        try take(options.timeout, "LECTURE_TIMEOUT", secondsValue, into: \.timeout)
        try take(options.compileTimeout, "LECTURE_COMPILE_TIMEOUT", secondsValue, into: \.compileTimeout)
        try take(options.diagramTimeout, "LECTURE_DIAGRAM_TIMEOUT", secondsValue, into: \.diagramTimeout)
        return protection
    }

    /// This protection raised by the book's settings; a setting that would lower it is an
    /// error at its line, and is not used.
    func raised(by settings: BookSettings, tomlPath: String) -> (SampleProtection, [Diagnostic]) {
        var result = self
        var diagnostics: [Diagnostic] = []
        /// The error at `key`'s line (`samples.sandbox`, `timeout`: below `[preprocessor.lecture]`).
        func refuse(_ key: String, _ summary: String, _ note: String) {
            let table = key.hasPrefix("samples.") ? "[preprocessor.lecture.samples]" : "[preprocessor.lecture]"
            diagnostics.append(
                .error(
                    .bookTOMLValue, tomlPath, settings.locations["lecture.\(key)"],
                    "'\(table) \(key.replacingOccurrences(of: "samples.", with: ""))' \(summary)",
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
                    "samples.sandbox",
                    "= \"\(asked.rawValue)\" would run samples with less containment than \"\(sandbox.rawValue)\", which a book may not choose",
                    "the person building may: pass '--sandbox \(asked.rawValue)' or set LECTURE_SANDBOX=\(asked.rawValue); a book may only raise the sandbox (\"require\")"
                )
            }
        }
        /// A limit the book may only lower: its key, the book's value, the person's, what it counts.
        func lower<Value: Comparable>(
            _ key: String, _ asked: Value?, _ path: WritableKeyPath<SampleProtection, Value>, _ counted: String,
            _ text: (Value) -> String
        ) {
            guard let asked else { return }
            if asked <= self[keyPath: path] {
                result[keyPath: path] = asked
                return
            }
            let name = key.replacingOccurrences(of: "samples.", with: "")
            let variable = "LECTURE_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
            refuse(
                key,
                "= \(text(asked)) is above the \(text(self[keyPath: path])) \(counted) here, which a book may not raise",
                "the person building may: pass '--\(name) \(text(asked))' or set \(variable)=\(text(asked)); a book may only lower the limit"
            )
        }
        lower(
            "samples.memory-limit", settings.sampleMemoryLimit, \.limits.memoryMiB, "MiB a sample may use",
            \.description)
        lower(
            "samples.process-limit", settings.sampleProcessLimit, \.limits.processes, "processes a sample may start",
            \.description)
        lower(
            "compile-memory-limit", settings.compileMemoryLimit, \.compileMemoryMiB, "MiB a sample's compile may map",
            \.description)
        lower("timeout", settings.timeout, \.timeout, "seconds a sample may run", Self.secondsText)
        lower(
            "compile-timeout", settings.compileTimeout, \.compileTimeout, "seconds a sample's compile may take",
            Self.secondsText)
        lower(
            "diagram-timeout", settings.diagramTimeout, \.diagramTimeout, "seconds Graphviz may take on a diagram",
            Self.secondsText)
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

    /// A number of seconds as a person writes it: `20`, `0.5`.
    static func secondsText(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}
