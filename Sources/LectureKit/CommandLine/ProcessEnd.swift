import Foundation
internal import SwiftAnalysis

#if canImport(Glibc)
    import Glibc
#endif

/// How the `lecture` process ends. A hover-card look-up cut short by its time limit may still run
/// a request on its own thread (in-process sourcekitd, parsing with swift-syntax's SwiftParser):
/// `exit` would run the libraries' global destructors under it ("pure virtual method called",
/// SIGABRT after a build that had written its site and said so). The process waits a little for
/// that request and, when it still runs, ends without the destructors (`_exit`), its output
/// flushed; otherwise it ends as `exit` ends it.
package enum ProcessEnd {
    /// How long the end waits for a cut-short look-up's last request.
    static let patience = 2.0

    /// Ends the process with `status`.
    package static func exit(_ status: Int32) -> Never {
        if DeclarationCards.lookUpStillRuns(waiting: patience) {
            fflush(nil)
            Glibc._exit(status)
        }
        Glibc.exit(status)
    }
}
