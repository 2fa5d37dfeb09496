#ifndef LECTURE_CLINUX_H
#define LECTURE_CLINUX_H

#include <spawn.h>
#include <sys/types.h>

/// The Linux and glibc calls that Swift's Glibc module does not import, because glibc's headers
/// declare them only under `_GNU_SOURCE`. Each is a plain forward to the call of the same name,
/// compiled in `CLinux.c` with `_GNU_SOURCE` defined; they return what the call returns (0 or
/// -1 with `errno` set, unless said otherwise).

/// renameat2(2) with `RENAME_EXCHANGE` and both paths relative to the working directory:
/// swaps `from` and `to` atomically (Linux 3.15+, glibc 2.28+; not every file system has it).
int lecture_rename_exchange(const char *from, const char *to);

/// renameat2(2) relative to directory descriptors, with `flags` (`LECTURE_RENAME_EXCHANGE`,
/// `LECTURE_RENAME_NOREPLACE` or 0): the output folder is swapped in through the descriptor of
/// the parent folder that was checked, never through a path spelled again.
int lecture_renameat2(int fromDirectory, const char *from, int toDirectory, const char *to, unsigned int flags);

/// renameat2(2)'s `RENAME_EXCHANGE` and `RENAME_NOREPLACE`, for Swift.
extern const unsigned int LECTURE_RENAME_EXCHANGE;
extern const unsigned int LECTURE_RENAME_NOREPLACE;

/// open(2)'s `O_PATH` (a descriptor that only names a folder, for the `*at` calls; it needs the
/// right to pass through the folder, not to read it), which Glibc gives only under `_GNU_SOURCE`.
extern const int LECTURE_O_PATH;

/// copy_file_range(2) (Linux 4.5+, glibc 2.27+): copies `length` bytes of `input` at `*inputOffset`
/// to `output` at `*outputOffset` inside the kernel, advancing both; the count copied, 0 at the
/// input's end, or -1 with `errno` set.
ssize_t lecture_copy_file_range(int input, off_t *inputOffset, int output, off_t *outputOffset, size_t length);

/// lseek(2)'s `SEEK_DATA` and `SEEK_HOLE` (Linux 3.1+), for Swift.
extern const int LECTURE_SEEK_DATA;
extern const int LECTURE_SEEK_HOLE;

/// Whether `name` in `directory` (a descriptor; `name` empty for the descriptor itself) is the
/// root of a mount: statx(2)'s `STATX_ATTR_MOUNT_ROOT` (Linux 5.8+), else a device number that
/// differs from its parent folder's. Symbolic links are not followed. 1 yes, 0 no, -1 with
/// `errno` set when it cannot be told.
int lecture_is_mount_root(int directory, const char *name);

/// Whether `path` lies on a file system of the kernel's own (procfs, sysfs, debugfs…), whose
/// files look regular but hold the machine's state: 1 yes, 0 no, -1 with `errno` set.
int lecture_is_kernel_file(const char *path);

/// Whether the open file `fd` has an access control list (the `system.posix_acl_access`
/// attribute): 1 yes, 0 no or unknown.
int lecture_has_access_acl(int fd);

/// pipe2(2) with `O_CLOEXEC` (Linux 2.6.27+): a pipe whose two ends a child does not inherit.
int lecture_pipe2_cloexec(int fds[2]);

/// prctl(2) with `PR_SET_CHILD_SUBREAPER` (Linux 3.4+): orphans of this process's descendants
/// are reparented to it rather than to init.
int lecture_prctl_set_child_subreaper(void);

/// posix_spawn_file_actions_addchdir_np(3) (glibc 2.29+): the spawned child starts in `path`.
/// Returns 0 or an error number, as the posix_spawn family does.
int lecture_posix_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);

/// posix_spawn_file_actions_addclosefrom_np(3) (glibc 2.34+): the spawned child closes every
/// descriptor from `from` up, so it inherits none of this process's other open files.
/// Returns 0 or an error number, as the posix_spawn family does.
int lecture_posix_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int from);

/// posix_spawnattr_setflags(3)'s `POSIX_SPAWN_SETSID` (glibc 2.26+): the spawned child calls
/// setsid(2), leading a new session with no controlling terminal (glibc declares the flag only
/// under `_GNU_SOURCE`).
#define LECTURE_POSIX_SPAWN_SETSID 0x80

/// pidfd_open(2) (Linux 5.3+): a descriptor for the child `pid` that poll(2) reports readable
/// once it has exited, so a caller waits for the exit itself rather than polling waitpid(2) on a
/// timer. The descriptor is close-on-exec. -1 with `errno` ENOSYS on an older kernel.
int lecture_pidfd_open(pid_t pid);

/// malloc_trim(3) with no padding (glibc's, whose `<malloc.h>` Swift's Glibc module does not
/// import): the free pages of every arena given back to the system; 1 when some were, else 0.
int lecture_malloc_trim(void);

#endif
