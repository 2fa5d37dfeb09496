import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// No descriptor of `lecture` is closed twice. A number closed a second time in a process with
/// threads closes whatever another thread opened with it in between: a cgroup limit's file, closed
/// by the writer and again by its caller, cut a run's pipe before `posix_spawn` could `dup2` it
/// (`cannot run '/bin/sh': Bad file descriptor`) and hung a contained `lecture check` reading a
/// `/proc` file whose number had become a pipe (CI, sessions 21 and 22). `lecture` runs contained
/// with a `close(2)` of this test's preloaded in front of the C library's, which logs every close
/// of `lecture`'s that fails with `EBADF` (a number not open: the second close of a pair that
/// lost no race) with its backtrace and that of the number's last close; there must be none.
/// The book's samples run in the sandbox, with a cgroup where one can be made (as root), leave
/// children behind, and the site is written: the paths that open, write and close the most.
@Suite(.serialized) struct DescriptorOwnershipTests {
    @Test(
        .enabled(if: SampleSandboxTests.canContain && Toolchain.resolve("cc") != nil, "needs unshare, bubblewrap, cc"))
    func noDescriptorIsClosedTwice() throws {
        let run = try ContainedRun()
        let watcher = try Self.buildWatcher(in: run.scratch)
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        // Two samples that leave a child behind, each ended by lecture (`SampleOrphanTests`).
        let waited = "400.\(UInt32.random(in: 1...999_999))"
        let holdingStdout = "400.\(UInt32.random(in: 1...999_999))"
        try TestSupport.write(
            Array(SampleOrphanTests.page(waited, holdingStdout).utf8), to: book + "/src/intro.md")
        let log = run.scratch + "/closes.log"
        let environment = ["LD_PRELOAD": watcher, "CLOSE_WATCH_LOG": log]
        for arguments in [["check", "--no-cache"], ["build"]] {
            let result = try run.lecture(arguments, in: "work/book", environment: environment)
            #expect(result.termination == .exited(0), "\(arguments): \(result.stdoutText)\(result.stderrText)")
        }
        let closes = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        // Loaded into `lecture` (once per run), or the test proves nothing.
        #expect(closes.components(separatedBy: "watching lecture").count - 1 == 2, "\(closes)")
        #expect(!closes.contains("EBADF"), "\(closes)")
        try SampleSandboxTests.waitUntilGone(waited)
        try SampleSandboxTests.waitUntilGone(holdingStdout)
    }

    /// Compiles the watcher into `folder` and returns the library's path.
    static func buildWatcher(in folder: String) throws -> String {
        let source = folder + "/close-watch.c"
        let library = folder + "/close-watch.so"
        try TestSupport.write(Array(watcherSource.utf8), to: source)
        let compiled = try Subprocess.run(
            "cc", ["-O1", "-shared", "-fPIC", "-o", library, source, "-ldl", "-pthread"], timeout: 120,
            cancellation: .process)
        try #require(compiled.succeeded, "\(compiled.stderrText)")
        return library
    }

    /// `close(2)` in front of the C library's, active in a program named `lecture` only.
    static let watcherSource = #"""
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <errno.h>
        #include <execinfo.h>
        #include <fcntl.h>
        #include <pthread.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>

        #define LIMIT 4096
        #define DEPTH 24
        static int (*real_close)(int);
        static int active;
        static void *last[LIMIT][DEPTH];
        static int depth[LIMIT];
        static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

        static int open_log(void) {
            const char *path = getenv("CLOSE_WATCH_LOG");
            return path ? open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644) : -1;
        }

        __attribute__((constructor)) static void start(void) {
            real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
            char exe[4096];
            ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
            if (n <= 0) return;
            exe[n] = 0;
            const char *name = strrchr(exe, '/');
            active = strcmp(name ? name + 1 : exe, "lecture") == 0;
            if (!active) return;
            int out = open_log();
            if (out >= 0) {
                dprintf(out, "watching lecture %d\n", getpid());
                real_close(out);
            }
        }

        int close(int fd) {
            if (!real_close) real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
            if (!active) return real_close(fd);
            void *trace[DEPTH];
            int frames = backtrace(trace, DEPTH);
            int result = real_close(fd);
            int error = errno;
            if (result == 0 && fd >= 0 && fd < LIMIT) {
                pthread_mutex_lock(&lock);
                memcpy(last[fd], trace, sizeof trace);
                depth[fd] = frames;
                pthread_mutex_unlock(&lock);
            } else if (result < 0 && error == EBADF) {
                int out = open_log();
                if (out >= 0) {
                    dprintf(out, "EBADF: close(%d) in lecture %d, from:\n", fd, getpid());
                    backtrace_symbols_fd(trace, frames, out);
                    if (fd >= 0 && fd < LIMIT) {
                        pthread_mutex_lock(&lock);
                        dprintf(out, "its last close, from:\n");
                        backtrace_symbols_fd(last[fd], depth[fd], out);
                        pthread_mutex_unlock(&lock);
                    }
                    real_close(out);
                }
            }
            errno = error;
            return result;
        }
        """#
}
