import Foundation
import LectureSupport

/// The environment swiftc runs in (every compile, the sample libraries, `swiftc --version`), and
/// the variables of it that change what swiftc does.
///
/// Two rules, so that no verdict depends on the shell a build was started from without saying so:
/// - `SOURCE_DATE_EPOCH` is lecture's own (the site's date, `BuildDate`) and is not passed on
///   (nor left for the in-process SourceKit, `withholdFromThisProcess`):
///   swiftc's Clang refuses a value that is no count of seconds (every compile fails), and a valid
///   one only sets C's `__DATE__`, which no sample's verdict may hang on; keyed instead, it would
///   miss the cache on every commit, since CI sets it to the commit's time.
/// - The variables swiftc and the tools it starts read (`steering`: the driver's `SWIFT_*`, such
///   as `SWIFT_DRIVER_SWIFT_FRONTEND_EXEC`, the SDK, Clang's header and the linker's library
///   paths) are passed on as set, since a person may set them on purpose, and are part of every
///   sample's cache key (`VerdictInputs.compilerEnvironment`): a verdict reached under one value
///   is never replayed under another.
enum CompilerEnvironment {
    /// The variables lecture does not pass to swiftc.
    static let withheld: Set<String> = [BuildDate.variable]

    /// Names that change what swiftc, its Clang or its linker do, besides every `SWIFT_*`.
    static let steeringNames: Set<String> = [
        "SDKROOT", "CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "OBJC_INCLUDE_PATH", "LIBRARY_PATH",
        "LD_LIBRARY_PATH", "LD_PRELOAD", "CLANG_MODULE_CACHE_PATH",
    ]

    /// Takes `withheld` out of this process's own environment, once, at the start (no other
    /// thread runs yet): the in-process SourceKit of the hover cards hands that environment to its
    /// Clang, which refuses a bad `SOURCE_DATE_EPOCH` as swiftc does. `BuildDate` keeps the value.
    static func withholdFromThisProcess() {
        _ = BuildDate.launchEnvironment
        for name in withheld { unsetenv(name) }
    }

    /// The child's whole environment: ours without `withheld`, with `TMPDIR` set to `scratch`.
    static func variables(
        scratch: String, from environment: [String: String] = ProcessEnvironment.current()
    ) -> [String: String] {
        var variables = environment.filter { !withheld.contains($0.key) }
        variables["TMPDIR"] = scratch
        return variables
    }

    /// The set variables that steer swiftc, sorted by name.
    static func steering(in environment: [String: String] = ProcessEnvironment.current()) -> [(
        name: String, value: String
    )] {
        environment.filter { $0.key.hasPrefix("SWIFT_") || steeringNames.contains($0.key) }
            .map { (name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }
    }

    /// `steering`'s variables as one text, for the cache key.
    static func cacheKeyText(in environment: [String: String] = ProcessEnvironment.current()) -> String {
        steering(in: environment).map { "\($0.name)=\($0.value)" }.joined(separator: "\n")
    }

    /// A note naming the steering variables set, for a failure of swiftc itself; nil when none is.
    static func note(in environment: [String: String] = ProcessEnvironment.current()) -> String? {
        let set = steering(in: environment)
        guard !set.isEmpty else { return nil }
        let named = set.map { "\($0.name)='\(TerminalText.capped(String($0.value.prefix(200))))'" }
        return
            "the environment sets \(named.joined(separator: ", ")), which swiftc reads: unset \(set.count == 1 ? "it" : "them") (env -u NAME lecture …) if swiftc works without"
    }
}
