import LectureKit
import LectureServe

#if canImport(Glibc)
    import Glibc
#endif

// The executable is only the entry point; everything else lives in LectureKit (and `serve`,
// which needs libmicrohttpd, in LectureServe).
exit(LectureCommand.main(Array(CommandLine.arguments.dropFirst()), extraSubcommands: [ServeCommand.self]))
