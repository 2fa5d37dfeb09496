import Foundation
import LectureSupport

/// What makes a sample's stdout and stderr line-buffered, as `stdbuf -oL -eL` (coreutils) did,
/// without stdbuf's process and `LD_PRELOAD` on every run (~1.3 ms each): a small object whose
/// constructor makes the calls stdbuf's `libstdbuf.so` makes from its own,
/// `setvbuf(stream, nil, _IOLBF, 0)` for stderr and stdout, linked into every program a sample
/// runs as (alone, merged, or as a `test` program). So what a sample printed before it trapped
/// (or was killed) is not lost in an unflushed buffer, and what it printed after its last
/// newline is, exactly as under stdbuf.
///
/// The constructor is an `.init_array` entry (`@used @section`, SE-0492): the loader runs it
/// after the shared libraries' constructors and before `main`, where stdbuf's ran before them;
/// none of them writes to stdout or stderr, so both calls come before any output, as setvbuf
/// requires. Built once per compiler into the stand-ins' folder (`SampleLibraries`).
enum LineBufferedOutput {
    /// The object's file name in the stand-ins' folder.
    static let object = "LectureLineBuffered.o"

    /// Its source. `SwiftGlibc` is the C library alone (`Glibc` would link its Swift overlay
    /// into every sample), and the object is compiled without autolink entries, so it adds no
    /// library to a program; `@preconcurrency`, as the C streams are global variables.
    static let source = """
        @preconcurrency import SwiftGlibc

        @used @section(".init_array")
        let lectureLineBuffered: @convention(c) () -> Void = {
            setvbuf(stderr, nil, _IOLBF, 0)
            setvbuf(stdout, nil, _IOLBF, 0)
        }

        """

    /// The arguments that compile `source` (in `LectureLineBuffered.swift`), but for the output.
    static let compilerArguments = [
        "-parse-as-library", "-swift-version", "6", "-c", "-O", "-module-name", "LectureLineBuffered", "-Xfrontend",
        "-disable-all-autolinking", "LectureLineBuffered.swift",
    ]
}
