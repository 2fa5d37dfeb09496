import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Delivers SIGINT, SIGTERM or SIGHUP to a handler on a Dispatch queue instead of a signal
/// handler: each signal's action is set to ignore (`SIG_IGN`, so it no longer ends the process)
/// and a `DispatchSource.makeSignalSource` reports it. The handler runs on an ordinary thread,
/// where it may take locks and kill children; it records a cancellation, and the command's main
/// thread decides how the process ends.
///
/// Children are unaffected: `Subprocess` resets these signals to their defaults in the child and
/// puts it in its own process group, so Ctrl-C at the terminal reaches `lecture` alone, which
/// then ends its children itself.
// @unchecked: Dispatch's signal sources are not marked Sendable; they are made in `init` and only
// cancelled after, which Dispatch allows from any thread.
package final class SignalSources: @unchecked Sendable {
    private let signals: [Int32]
    private let sources: [DispatchSourceSignal]

    /// Starts listening; `handler` gets the signal's number and how many of these signals have
    /// arrived so far (1 for the first). `restore()` stops listening.
    package init(_ signals: [Int32], handler: @escaping @Sendable (Int32, Int) -> Void) {
        self.signals = signals
        let queue = DispatchQueue(label: "lecture: signals")
        let count = ArrivalCount()
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                let arrived = count.value.add(Int(max(1, source.data)), ordering: .relaxed).newValue
                handler(number, arrived)
            }
            source.resume()
            return source
        }
        // A parent may have started us with these signals blocked (the mask survives exec).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in signals { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Stops listening and gives the signals their default action back.
    package func restore() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}

/// How many of the trapped signals have arrived, shared by the sources' handlers.
private final class ArrivalCount: Sendable {
    let value = Atomic<Int>(0)
}
