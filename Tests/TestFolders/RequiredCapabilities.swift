import Foundation

/// What some tests need from the machine: where one is missing, its tests are skipped and say
/// why. A skip passes, so a CI machine that lost one (no user namespaces in a container, every
/// inotify instance taken, Chromium not installed) would report success while testing nothing.
/// `LECTURE_REQUIRE` names the ones a run must have (`sandbox,inotify,chromium`, or `all`):
/// `.ci/run` sets it, and each test target's `MachineCapabilityTests` then fails for a named one
/// that is missing.
public enum Capability: String, CaseIterable, Sendable, CustomStringConvertible {
    /// A private mount namespace for the test (`unshare -rm`) and the samples' sandbox (bubblewrap).
    case sandbox
    /// An inotify instance for the file watcher.
    case inotify
    /// Headless Chromium and poppler's `pdftotext`, for `lecture pdf`.
    case chromium
    /// A listening socket on the IPv6 loopback address (`::1`).
    case ipv6

    public var description: String { rawValue }

    /// The capabilities `LECTURE_REQUIRE` names in `environment`. An unknown name is kept out and
    /// returned in `unknown`, so a misspelt requirement fails too instead of being ignored.
    public static func required(
        in environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (capabilities: Set<Capability>, unknown: [String]) {
        let names = (environment["LECTURE_REQUIRE"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        if names == ["all"] { return (Set(allCases), []) }
        return (Set(names.compactMap(Capability.init(rawValue:))), names.filter { Capability(rawValue: $0) == nil })
    }
}
