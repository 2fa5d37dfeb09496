/// `--bless` on a continued page: the program prints a marker between its fences
/// (`Sample.partMarker`), so what it printed while running each fence is known, and each fence's
/// `output` block is rewritten as a sample of its own would be (`Bless`), with what the
/// program printed while running that fence.
enum ContinuedBless {
    /// The fences of `program` (a continued program that ran to its end, every fence's output
    /// known) whose output block differs from what it printed while running them, or that printed
    /// without one where the book requires one, each as a sample of its own with that output;
    /// `nil` when the output cannot be told apart fence by fence.
    static func outputs(of program: Sample, actual: String) -> [(sample: Sample, output: String)]? {
        guard program.marksParts else { return nil }
        let printed = Sample.printedParts(actual)
        guard printed.count == program.parts.count else { return nil }
        var outputs: [(sample: Sample, output: String)] = []
        for (part, output) in zip(program.parts, printed) {
            if let expected = part.expectedOutput {
                if OutputComparison.matches(expected: expected, actual: output) { continue }
            } else if !program.requiresOutput || part.markedRun || OutputComparison.printedNothing(output) {
                continue
            }
            var one = program
            one.parts = [part]
            one.parts[0].expectedOutput = nil
            one.parts[0].outputRange = nil
            one.expectedOutput = part.expectedOutput
            one.outputRange = part.outputRange
            one.continued = false
            outputs.append((one, output))
        }
        return outputs
    }
}
