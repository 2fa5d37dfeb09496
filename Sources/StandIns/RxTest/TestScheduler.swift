// A minimal stand-in for RxTest (RxSwift 6), NOT the real library, used only to compile and run the
// lecture's code samples on Linux. Names and signatures follow RxTest so a test reads like one
// written against it; the implementation is small: a virtual clock, a queue of actions ordered by
// their virtual time, hot observables and recording observers. There are no cold observables and
// no `start(created:subscribed:disposed:create:)`, and since the RxSwift stand-in has no schedulers
// and no time-based operators, nothing but the actions scheduled here moves with the clock.

import RxSwift

/// A minimal stand-in for RxTest's `TestTime`, not the real library.
/// A point in virtual time: a tick count.
public typealias TestTime = Int

/// A minimal stand-in for RxTest's `TestScheduler`, not the real library; single-threaded.
///
/// A virtual clock and the actions scheduled on it. `start()` runs them in
/// the order of their virtual times (actions at the same time in the order
/// they were scheduled), setting `clock` to each one's time first, until
/// none is left; an action may schedule more. No real time passes.
public final class TestScheduler {
    private var queue: [(time: TestTime, order: Int, action: () -> Void)] = []
    private var scheduled = 0

    /// A minimal stand-in for RxTest's `TestScheduler.clock`, not the real library.
    /// The current virtual time.
    public private(set) var clock: TestTime

    /// A minimal stand-in for RxTest's `TestScheduler.init(initialClock:resolution:simulateProcessingDelay:)`, not the real library.
    /// Starts the clock at `initialClock`. The other two are kept for the
    /// signature only: `resolution` (seconds per tick) converts the relative
    /// times of RxSwift's schedulers, and `simulateProcessingDelay` moves work
    /// scheduled for "now" one tick later, which RxTest does to what a
    /// scheduler hop (`observe(on:)`, a `Driver` under `SharingScheduler.mock`)
    /// schedules; the RxSwift stand-in has no such hop and schedules nothing here.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        clock = initialClock
        _ = (resolution, simulateProcessingDelay)
    }

    /// A minimal stand-in for RxTest's `TestScheduler.scheduleAt(_:action:)`, not the real library.
    /// Runs `action` at virtual time `time` once the scheduler is started (at
    /// once, without moving the clock back, when `time` has passed).
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        scheduled += 1
        queue.append((time, scheduled, action))
    }

    /// A minimal stand-in for RxTest's `TestScheduler.start()`, not the real library.
    /// Runs every scheduled action in virtual-time order until none is left.
    public func start() {
        while let next = queue.indices.min(by: { (queue[$0].time, queue[$0].order) < (queue[$1].time, queue[$1].order) }
        ) {
            let entry = queue.remove(at: next)
            clock = max(clock, entry.time)
            entry.action()
        }
    }

    /// A minimal stand-in for RxTest's `TestScheduler.createHotObservable(_:)`, not the real library.
    /// An observable that sends each recorded event at its virtual time to
    /// whoever is subscribed then, whether anyone is or not.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(scheduler: self, recordedEvents: events)
    }

    /// A minimal stand-in for RxTest's `TestScheduler.createObserver(_:)`, not the real library.
    /// An observer that records each event with the virtual time it came at.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }
}
