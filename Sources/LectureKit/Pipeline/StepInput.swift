/// What a step's page part takes besides the page, erased so that steps of any input type run in
/// one list: one `Hashable` value, compared by `StepReuse` to decide whether an earlier build's
/// result for an unchanged page still holds.
///
/// Made only by `BuildStep`'s initialiser from its typed input (`Hashable & Sendable`), so the
/// value it holds is `Sendable` too, and taken back by the same step with the same type.
struct StepInput: Hashable, @unchecked Sendable {
    private let value: AnyHashable

    init<Value: Hashable & Sendable>(_ value: Value) { self.value = AnyHashable(value) }

    /// The typed input, as the step that made it declared it.
    func typed<Value: Hashable & Sendable>(_: Value.Type = Value.self) -> Value {
        // Only `BuildStep.init` makes and reads these, with the one type its parts share.
        value.base as! Value
    }
}

/// The per-page input of a step whose page part reads nothing of the book for one page alone.
struct NoPageInput: Hashable, Sendable {}
