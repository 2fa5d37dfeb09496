#if canImport(Glibc)
    import Glibc
#endif

/// An open file descriptor with exactly one owner, which closes it exactly once: by `close()`,
/// which consumes it, or when it goes out of scope. It cannot be copied, so a function that takes
/// it (`consuming`) owns it and its caller cannot close it again.
///
/// A descriptor number closed twice in a process with threads closes whatever another thread
/// opened with that number in between: a cgroup limit written by a helper that closed the file
/// and a `defer` of its caller that closed it again cut a run's pipe before `posix_spawn` could
/// `dup2` it (`cannot run '/bin/sh': Bad file descriptor`) and hung a contained `lecture check`
/// reading a `/proc` file whose number had become a pipe (DescriptorOwnershipTests).
package struct OwnedDescriptor: ~Copyable {
    /// The number, for the system calls that take one; never to be closed by hand.
    package let raw: Int32

    /// Takes ownership of `raw`, what `open(2)` and its kind returned; nil for a failed call's -1
    /// (`errno` as the call left it).
    package init?(_ raw: Int32) {
        guard raw >= 0 else { return nil }
        self.raw = raw
    }

    deinit { Glibc.close(raw) }

    /// Closes it now: false with `errno` set when `close(2)` reports a failure (a file system may
    /// report a failed write only then: NFS, quotas). The number is released either way.
    package consuming func close() -> Bool {
        let result = Glibc.close(raw)
        discard self
        return result == 0
    }
}
