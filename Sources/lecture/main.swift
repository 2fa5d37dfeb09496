import LectureKit

#if canImport(Glibc)
import Glibc
#endif

// The executable is only the entry point; everything else lives in LectureKit.
exit(LectureCommand.main(Array(CommandLine.arguments.dropFirst())))
