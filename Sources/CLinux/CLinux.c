// _GNU_SOURCE is defined by Package.swift for this target (before any header is read).
#include "CLinux.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/xattr.h>
#include <linux/magic.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <unistd.h>

int lecture_rename_exchange(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
}

const unsigned int LECTURE_RENAME_EXCHANGE = RENAME_EXCHANGE;
const unsigned int LECTURE_RENAME_NOREPLACE = RENAME_NOREPLACE;
const int LECTURE_O_PATH = O_PATH;

int lecture_renameat2(int fromDirectory, const char *from, int toDirectory, const char *to, unsigned int flags) {
    return renameat2(fromDirectory, from, toDirectory, to, flags);
}

ssize_t lecture_copy_file_range(int input, off_t *inputOffset, int output, off_t *outputOffset, size_t length) {
    return copy_file_range(input, inputOffset, output, outputOffset, length, 0);
}

const int LECTURE_SEEK_DATA = SEEK_DATA;
const int LECTURE_SEEK_HOLE = SEEK_HOLE;

int lecture_is_mount_root(int directory, const char *name) {
    int flags = AT_SYMLINK_NOFOLLOW | (name[0] == 0 ? AT_EMPTY_PATH : 0);
    struct statx info;
    if (statx(directory, name, flags, STATX_BASIC_STATS, &info) != 0) return -1;
    if (info.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) {
        return (info.stx_attributes & STATX_ATTR_MOUNT_ROOT) ? 1 : 0;
    }
    // An older kernel: a mount of another file system shows as another device than the parent's.
    struct stat parent;
    if (name[0] == 0) {
        if (fstatat(directory, "..", &parent, 0) != 0) return -1;
    } else {
        if (fstat(directory, &parent) != 0) return -1;
    }
    return (info.stx_dev_major != major(parent.st_dev) || info.stx_dev_minor != minor(parent.st_dev)) ? 1 : 0;
}

int lecture_is_kernel_file(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    switch ((unsigned long)info.f_type) {
    case PROC_SUPER_MAGIC:
    case SYSFS_MAGIC:
    case DEBUGFS_MAGIC:
    case TRACEFS_MAGIC:
    case SECURITYFS_MAGIC:
    case CGROUP_SUPER_MAGIC:
    case CGROUP2_SUPER_MAGIC:
    case BPF_FS_MAGIC:
        return 1;
    default:
        return 0;
    }
}

int lecture_pipe2_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int lecture_prctl_set_child_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

int lecture_posix_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int lecture_posix_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int lecture_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int lecture_has_access_acl(int fd) {
    return fgetxattr(fd, "system.posix_acl_access", NULL, 0) > 0 ? 1 : 0;
}

int lecture_malloc_trim(void) {
    return malloc_trim(0);
}
