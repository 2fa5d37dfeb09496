import LectureSupport
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe

/// The capabilities this target's skipped tests stand on are present wherever `LECTURE_REQUIRE`
/// says they must be (`.ci/run` sets it): a CI machine without them fails here instead of
/// passing its skipped tests.
@Suite struct MachineCapabilityTests {
    static func isAvailable(_ capability: Capability) -> Bool? {
        switch capability {
        case .sandbox: SampleSandboxTests.canContain
        case .chromium: PDFCommand.chromiumIsInstalled && Toolchain.resolve("pdftotext") != nil
        case .inotify, .ipv6: nil  // LectureServeTests' to check
        }
    }

    @Test func requiredCapabilitiesArePresent() {
        let (required, unknown) = Capability.required()
        #expect(unknown.isEmpty, "LECTURE_REQUIRE names unknown capabilities \(unknown); known: \(Capability.allCases)")
        for capability in required.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let available = Self.isAvailable(capability) else { continue }
            #expect(
                available, "LECTURE_REQUIRE names '\(capability)', which this machine lacks: its tests were skipped")
        }
    }

    @Test func theRequirementIsReadAsWritten() {
        #expect(
            Capability.required(in: ["LECTURE_REQUIRE": "sandbox, chromium"]).capabilities == [.sandbox, .chromium])
        #expect(Capability.required(in: ["LECTURE_REQUIRE": "all"]).capabilities == Set(Capability.allCases))
        #expect(Capability.required(in: ["LECTURE_REQUIRE": "sandbx"]).unknown == ["sandbx"])
        #expect(Capability.required(in: [:]).capabilities.isEmpty)
    }
}
