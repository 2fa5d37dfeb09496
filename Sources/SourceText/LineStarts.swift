/// Where each line of a text starts, by byte offset, to turn a byte offset into the
/// `SourceLocation` a diagnostic names (1-based line, 1-based byte column, as cmark and swiftc
/// count them).
package struct LineStarts: Sendable {
    /// The byte offset of each line's first byte; the first line starts at 0.
    package let offsets: [Int]

    /// The line starts of `bytes` (a text's UTF-8).
    package init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        // Contiguous bytes (an array, a string's UTF-8) are scanned through a buffer: the generic
        // walk, unspecialized across the module boundary, asked the runtime for type metadata at
        // every byte (28% of a cold build's CPU on 1,000 pages, issue 36).
        if let offsets = bytes.withContiguousStorageIfAvailable(Self.offsets(in:)) {
            self.offsets = offsets
            return
        }
        self.offsets = Self.offsets(in: Array(bytes))
    }

    /// The line starts of a contiguous buffer of bytes.
    private static func offsets(in buffer: UnsafeBufferPointer<UInt8>) -> [Int] {
        var offsets = [0]
        for offset in buffer.indices where buffer[offset] == UInt8(ascii: "\n") { offsets.append(offset + 1) }
        return offsets
    }

    /// The line starts of an array of bytes.
    private static func offsets(in bytes: [UInt8]) -> [Int] { bytes.withUnsafeBufferPointer(offsets(in:)) }

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
