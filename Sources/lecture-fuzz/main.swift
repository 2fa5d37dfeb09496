import Foundation
import LectureKit

// `make fuzz` builds this with `-sanitize=fuzzer,address -DFUZZING`: libFuzzer's driver
// (`LLVMFuzzerRunDriver`, https://llvm.org/docs/LibFuzzer.html#using-libfuzzer-as-a-library)
// then runs every input through LectureKit's `FuzzTarget`, with libFuzzer's options and corpus
// folders from the command line. Built without it (`swift build`), the program runs each file
// named on its command line once through the same target, to replay an input.

/// The target, made on the first input; its temporary content folder lives as long as the process.
enum Fuzzing {
    static let target: FuzzTarget = {
        do { return try FuzzTarget() } catch {
            FileHandle.standardError.write(Data("lecture-fuzz: \(error)\n".utf8))
            exit(2)
        }
    }()

    /// One input, `size` bytes at `data`; always 0 (no input is rejected).
    static let testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        Fuzzing.target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }
}

#if FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    func runDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    // The process's one-time work (the target's content folder, the Swift runtime's conformance
    // caches) is done before libFuzzer starts its clock:
    // under a loaded machine the first input otherwise passed `-timeout=1` on it alone (a CI
    // run of 2026-12-02, in ICU's `DateFormat::create` under `BuildConfiguration.buildDate`).
    _ = Fuzzing.target.run([])
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    let status = runDriver(&argc, &argv, Fuzzing.testOneInput)
    Fuzzing.target.close()
    exit(status)
#else
    let files = CommandLine.arguments.dropFirst()
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else {
            FileHandle.standardError.write(Data("lecture-fuzz: cannot read \(file)\n".utf8))
            exit(2)
        }
        Fuzzing.target.run(Array(data))
    }
    if !files.isEmpty { Fuzzing.target.close() }
    print("lecture-fuzz: ran \(files.count) input\(files.count == 1 ? "" : "s")")
#endif
