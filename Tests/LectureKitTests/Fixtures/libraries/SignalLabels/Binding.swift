import Labels
import Signals

/// A library that imports the two before it (a book's libraries build in order).
extension Relay where Value == String? {
    /// Shows every value in `label`.
    public func bind(to label: Label) { subscribe { label.text = $0 } }
}
