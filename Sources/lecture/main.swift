import LectureKit
import LectureServe

#if canImport(Glibc)
    import Glibc
#endif

// The executable is only the entry point; everything else lives in LectureKit (and `pdf` and
// `serve`, which serve over libmicrohttpd, in LectureServe).
// `ProcessEnd.exit`: a hover-card look-up cut short may still run in this process.
ProcessEnd.exit(LectureCommand.main(Array(CommandLine.arguments.dropFirst()), extraSubcommands: HTTPSubcommands.all))
