/// Where each line of a text starts, by byte offset, to turn a byte offset into the
/// `SourceLocation` a diagnostic names (1-based line, 1-based byte column, as cmark and swiftc
/// count them).
package struct LineStarts: Sendable {
    /// The byte offset of each line's first byte; the first line starts at 0.
    package let offsets: [Int]

    /// The line starts of `bytes` (a text's UTF-8).
    package init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        var offsets = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { offsets.append(offset + 1) }
        self.offsets = offsets
    }

    /// The location of byte `offset`: the line holding it (a newline belongs to the line it ends).
    package func location(ofByte offset: Int) -> SourceLocation {
        var low = 0
        var high = offsets.count
        // The last line start at or before `offset`.
        while high - low > 1 {
            let middle = (low + high) / 2
            if offsets[middle] <= offset { low = middle } else { high = middle }
        }
        return SourceLocation(line: low + 1, column: offset - offsets[low] + 1)
    }
}
