import CommonMark
import LectureSupport

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
        for found in importDeclarations(in: code) where !modules.contains(found.module) { modules.append(found.module) }
        return modules
    }

    /// Every `import` declaration of the code: the module it names, the line's index (0-based)
    /// and the module name's column in that line (1-based, in UTF-8 bytes, as swiftc counts).
    static func importDeclarations(in code: String) -> [(module: String, line: Int, column: Int)] {
        var found: [(module: String, line: Int, column: Int)] = []
        for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
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
            let word = words.first!
            let name = String(word.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            guard !name.isEmpty else { continue }
            let column = line.utf8.distance(from: line.startIndex, to: word.startIndex) + 1
            found.append((name, index, column))
        }
        return found
    }

    /// The `import` declarations of `sample` that name an Apple framework `provided` (the book's
    /// sample libraries) lacks, each module once, where it stands in the Markdown file.
    static func unprovidedImports(of sample: Sample, provided: Set<String>) -> [Sample.UnprovidedImport] {
        var found: [Sample.UnprovidedImport] = []
        for part in sample.parts {
            for declaration in importDeclarations(in: part.code)
            where appleFrameworks.contains(declaration.module) && !provided.contains(declaration.module)
                && !found.contains(where: { $0.module == declaration.module })
            {
                let location = SourceLocation(
                    line: part.firstLine + declaration.line, column: declaration.column + part.column - 1)
                found.append(Sample.UnprovidedImport(module: declaration.module, location: location))
            }
        }
        return found
    }

    /// The warning at an unmarked sample's import of an Apple framework no library provides:
    /// the sample is not verified, which is never silent.
    static func warning(_ missing: Sample.UnprovidedImport, path: String) -> Diagnostic {
        .warning(
            .sampleAppleFramework, path, missing.location,
            "sample not verified: no sample library of this book provides \(quoted: missing.module)",
            notes: [
                "\(quoted: missing.module) exists only on Apple platforms; to verify the sample here, add a folder of Swift "
                    + "sources named \(missing.module) to book.toml's [preprocessor.lecture.samples] libraries",
                "or mark the fence 'ignore-linux' (needs an Apple platform to run) or 'ignore' to say it is not verified here",
            ])
    }

    /// The Apple frameworks `sample` imports that `provided` (the book's sample libraries) lacks.
    static func missingFrameworks(of sample: Sample, provided: Set<String>) -> [String] {
        unprovidedImports(of: sample, provided: provided).map(\.module)
    }

    /// The reason a sample that imports `missing` is not compiled, for reports and badges.
    static func reason(missing: [String]) -> String {
        let names = missing.map { "\(quoted: $0)" }.joined(separator: ", ")
        return "needs \(names), which only Apple platforms have, and no sample library of the book provides"
    }
}
