import Foundation

/// The address space a sample's compile may map: the compiler (swiftc, its `swift-frontend`, the
/// linker) ran with the machine's, so a type-checker bomb or a huge literal in a page could take
/// all of a CI machine's memory within the compile's time limit.
///
/// Set by util-linux's `prlimit` (else the shell's `ulimit -v`: `ResourceLimits.limiter`;
/// `setrlimit(RLIMIT_AS)`, which an unprivileged user and root may
/// both lower for a process of their own; no cgroup), run in front of the compiler, which it
/// then becomes (`exec`): the process group a time-out kills is the same. The limit holds for
/// every process the driver starts. A compile past it fails to allocate and LLVM stops it ("LLVM
/// ERROR: out of memory"): `UnfinishedProcess.outOfMemory`, an error at the sample naming the
/// limit, never cached. `[preprocessor.lecture] compile-memory-limit` sets it.
///
/// Measured with Swift 6.3.1 on x86_64: a sample of the lecture (Foundation, Codable, an actor)
/// and the RxSwift stand-in library (the largest compile of the lecture) both compile and link
/// with 512 MiB of address space; a 1 MB nested array literal fails at 512 MiB within seconds.
/// The limit is 8 times that: a merged program of many samples compiles in one frontend.
enum CompileMemoryLimit {
    /// MiB of address space, unless `[preprocessor.lecture] compile-memory-limit` says otherwise.
    static let mebibytes = 4096
    /// The values the setting may take: 256 MiB to 1 TiB (a typical sample compiles in 512).
    static let range = 256...(1 << 20)

    /// `compiler arguments` run under the limit (`ResourceLimits.limiter`: `prlimit`, else the
    /// shell's `ulimit`).
    static func command(_ compiler: String, _ arguments: [String], mebibytes: Int) -> (
        program: String, arguments: [String]
    ) {
        let limiter = ResourceLimits.limiter(memoryMiB: mebibytes, processes: nil)
        return (limiter[0], Array(limiter.dropFirst()) + [compiler] + arguments)
    }

    /// Whether a compile that failed stopped for want of memory: LLVM's words, or the runtimes'
    /// (`ResourceLimits.ranOutOfMemory`).
    static func ranOut(stderr: String) -> Bool {
        stderr.contains("LLVM ERROR: out of memory") || ResourceLimits.ranOutOfMemory(stderr: stderr)
    }
}
