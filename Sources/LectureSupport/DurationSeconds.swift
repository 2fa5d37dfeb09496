extension Duration {
    /// The duration in seconds, as the APIs that take a `Double` of seconds want it (poll(2)
    /// timeouts, `NSCondition`, the figures printed).
    package var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
