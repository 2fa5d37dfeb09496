import LectureSupport

extension SampleVerifier {
    /// Runs `compiler` (swiftc, or the `swift-frontend` of a merged program) with `arguments` in
    /// `work`, which is its `TMPDIR` too (the driver leaves its temporary files there), in a place
    /// of the job pool (`processes`) and under the run's cancellation: every compile and link of
    /// a sample, on either path, goes through here.
    func compilerJob(_ compiler: String, _ arguments: [String], in work: String, timeout: Double = 300) throws
        -> Subprocess.Result
    {
        try processes.run {
            try Subprocess.run(
                compiler, arguments, directory: work, environment: ["TMPDIR": work], timeout: timeout,
                cancellation: options.cancellation)
        }
    }
}
