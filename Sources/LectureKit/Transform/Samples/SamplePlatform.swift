/// Which Apple frameworks a sample imports that cannot be had here: a sample that needs one
/// is compiled against the book's sample libraries when they provide it, else not compiled, with
/// the reason in every report (never a false failure, never a silent skip).
enum SamplePlatform {
    /// Frameworks that exist only on Apple's platforms (Foundation, Dispatch, Observation,
    /// Synchronization and the testing libraries come with the toolchain on Linux too).
    static let appleFrameworks: Set<String> = [
        "AppKit", "ARKit", "AuthenticationServices", "AVFoundation", "AVKit", "Charts", "CloudKit", "Cocoa",
        "Combine", "Contacts", "CoreBluetooth", "CoreData", "CoreGraphics", "CoreImage", "CoreLocation",
        "CoreML", "CoreMotion", "CoreText", "CryptoKit", "Darwin", "EventKit", "GameKit", "GameplayKit",
        "HealthKit", "MapKit", "Metal", "MetalKit", "MessageUI", "ObjectiveC", "os", "PhotosUI", "QuartzCore",
        "RealityKit", "SafariServices", "SceneKit", "SpriteKit", "StoreKit", "SwiftData", "SwiftUI", "TipKit",
        "UIKit", "UserNotifications", "Vision", "WatchKit", "WebKit", "WidgetKit",
    ]

    /// The modules the code's `import` declarations name, in order, each once: `import UIKit`,
    /// `@preconcurrency import SwiftUI`, `import struct SwiftUI.Color`, `import AppKit.NSView`.
    static func imports(in code: String) -> [String] {
        var modules: [String] = []
        for line in code.split(separator: "\n") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            while let first = words.first,
                first.hasPrefix("@") || first == "public" || first == "internal"
                    || first == "private" || first == "fileprivate" || first == "package"
            {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            words.removeFirst()
            let kinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
            if let kind = words.first, kinds.contains(kind), words.count >= 2 { words.removeFirst() }
            let name = String(words.first!.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            if !name.isEmpty && !modules.contains(name) { modules.append(name) }
        }
        return modules
    }

    /// The Apple frameworks `sample` imports that `provided` (the book's sample libraries) lacks.
    static func missingFrameworks(of sample: Sample, provided: Set<String>) -> [String] {
        var missing: [String] = []
        for part in sample.parts {
            for module in imports(in: part.code)
            where appleFrameworks.contains(module) && !provided.contains(module) && !missing.contains(module) {
                missing.append(module)
            }
        }
        return missing
    }

    /// The reason a sample that imports `missing` is not compiled, for reports and badges.
    static func reason(missing: [String]) -> String {
        let names = missing.map { "'\($0)'" }.joined(separator: ", ")
        return "needs \(names), which only Apple platforms have, and no sample library of the book provides"
    }
}
