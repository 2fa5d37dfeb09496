import CLinux

/// Gives the pages the allocator holds free back to the system (`malloc_trim(3)`, glibc's: every
/// arena, free pages in the middle of one too).
///
/// A build's steps free most of what the step before made (a page's tree once it is rendered,
/// every step's temporaries), in small pieces among what stays; glibc returns only the free top
/// of an arena by itself, so the freed pages stayed counted in the process's resident memory to
/// the end: about 80 MB free of 150 MB in the arenas at the 1,000-page build's peak
/// (`mallinfo2`; issue 36, `measurements.md`). One call takes about a millisecond.
package enum FreedMemory {
    /// Returns the free pages now.
    package static func release() { _ = lecture_malloc_trim() }
}
