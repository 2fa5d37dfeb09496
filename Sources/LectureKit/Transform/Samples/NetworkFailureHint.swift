/// A note for a sample that failed the way a program without a network fails: samples run in a
/// sandbox with no network (`SampleSandbox`: a network namespace of its
/// own, loopback only), which nothing in a failing fetch's own message says.
enum NetworkFailureHint {
    /// What a failed fetch prints on Linux: Foundation without FoundationNetworking ("The
    /// specified URL type isn't supported"), URLSession and curl's resolver and connection errors,
    /// the C library's `getaddrinfo`.
    static let signs = [
        "The specified URL type isn",  // 't or ’t, by Foundation's version
        "Could not resolve host", "Couldn't resolve host",
        "Temporary failure in name resolution", "Name or service not known", "Network is unreachable",
        "No address associated with hostname", "NSURLErrorDomain", "URLError", "Could not connect to server",
        "Couldn't connect to server",
    ]

    /// The note, when `stderr` or `stdout` shows one of `signs`, else `nil`.
    static func note(stderr: String, stdout: String) -> String? {
        guard signs.contains(where: { stderr.contains($0) || stdout.contains($0) }) else { return nil }
        return
            "samples run in a sandbox without network access (the manual's 'What lecture touches: The sample sandbox'): mark a sample that fetches from the network 'no_run' (compiled only) or 'ignore' (shown only), or have it read a file of the book (reads=FILE)"
    }
}
