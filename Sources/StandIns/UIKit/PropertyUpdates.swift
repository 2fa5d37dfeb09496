import Observation

/// The stand-in's automatic observation tracking for `updateProperties()` (UIKit, iOS 26).
///
/// UIKit tracks the `@Observable` properties that `updateProperties()` reads and,
/// when one of them changes, schedules another properties update. Here `track`
/// runs the update inside `withObservationTracking` and calls `invalidate`
/// (which marks the view or view controller) when a tracked property is about
/// to change. There is no display cycle: a sample calls
/// `updatePropertiesIfNeeded()` where UIKit would run its next update pass.
/// Mutations are assumed to happen on the main actor, as they do in the
/// lecture's `@MainActor` view models; a mutation elsewhere stops the program.
@MainActor
enum PropertyUpdates {
    static func track(_ update: () -> Void, invalidate: @escaping @MainActor @Sendable () -> Void) {
        withObservationTracking(
            update,
            onChange: {
                MainActor.assumeIsolated {
                    invalidate()
                }
            })
    }
}
