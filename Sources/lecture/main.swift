import LectureKit
import LectureServe

#if canImport(Glibc)
    import Glibc
#endif

// The executable is only the entry point; everything else lives in LectureKit (and `pdf` and
// `serve`, which serve over libmicrohttpd, in LectureServe).
exit(LectureCommand.main(Array(CommandLine.arguments.dropFirst()), extraSubcommands: HTTPSubcommands.all))
