// A minimal stand-in for RxCocoa 6, NOT the real library, used only to
// compile and run the lecture's code samples on Linux against the headless
// UIKit stand-in. Same names and signatures as RxCocoa for the small subset
// provided; synchronous and single-threaded (no main-scheduler hops).
//
// Like the real RxCocoa, importing RxCocoa also imports RxRelay. As with the
// real library, samples should still `import RxSwift` explicitly.

@_exported import RxRelay
import RxSwift
import UIKit
