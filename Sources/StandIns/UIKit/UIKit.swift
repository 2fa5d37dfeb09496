// Headless stand-in for Apple's UIKit, used only to compile and run the
// lecture's code samples on Linux. It is NOT UIKit: nothing is drawn, there is
// no run loop, no touches and no layout engine. Public names and signatures
// follow Apple's UIKit documentation so that a sample's visible code compiles
// unchanged in a real iOS app (hidden driver lines may use the few helpers
// marked "Not UIKit", and `@objc optional` requirements, which Linux lacks,
// are default implementations here); the behaviour is the small, synchronous
// subset the samples need, and each doc comment says what the declaration does here.
//
// Like the real UIKit, `import UIKit` also makes Foundation visible
// (swift-corelibs-foundation on Linux already provides `CGFloat`, `CGPoint`,
// `CGSize`, `CGRect`, `NSObject`, `NSCoder` and `Bundle`, which are reused).

@_exported import Foundation
