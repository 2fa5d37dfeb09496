import TestFolders
import Testing

/// The capabilities this target's skipped tests stand on (inotify, the IPv6 loopback) are present
/// wherever `LECTURE_REQUIRE` says they must be; see `Capability`.
@Suite struct ServeMachineCapabilityTests {
    @Test func requiredCapabilitiesArePresent() {
        let required = Capability.required().capabilities
        if required.contains(.inotify) {
            #expect(
                FileWatcherTests.inotifyInstanceLeft,
                "LECTURE_REQUIRE names 'inotify', but no inotify instance is left: its tests were skipped")
        }
        if required.contains(.ipv6) {
            #expect(
                ServeTests.hasIPv6Loopback,
                "LECTURE_REQUIRE names 'ipv6', but this machine cannot listen on ::1: its tests were skipped")
        }
    }
}
