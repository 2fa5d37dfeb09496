/// A command's typed options: a value whose fields the command line sets, starting from the
/// defaults `init()` gives (swift-argument-parser's `ParsableArguments`).
package protocol ParsableOptions {
    /// The options as they are when the command line names none.
    init()
}
