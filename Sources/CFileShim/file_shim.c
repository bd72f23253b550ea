// Calls Swift cannot make itself: variadic ioctl/syscall, and the platform's own names.
#define _GNU_SOURCE
#include "galgen_file_shim.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#elif defined(__APPLE__)
#include <sys/clonefile.h>
#endif

int galgen_exchange(const char *first, const char *second) {
#if defined(__linux__)
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#elif defined(__APPLE__)
    return renamex_np(first, second, RENAME_SWAP);
#else
    errno = ENOSYS;
    return -1;
#endif
}

#if defined(__linux__)
#include <stdatomic.h>

// Set once a clone failed because the file systems cannot share extents (ext4, tmpfs, or two file
// systems): a build copies thousands of renditions from one cache to one output, and asking
// again for each is a system call per file. A process that meets both kinds copies where it
// could have cloned, never the other way round.
static atomic_int clone_unsupported = 0;

static int unsupported(int error) {
    return error == EOPNOTSUPP || error == ENOTTY || error == EXDEV || error == EINVAL || error == ENOSYS;
}

// The kernel copies (no buffer in between, one call for a small file and one to see its end);
// nonzero with errno set when it cannot (an older kernel, two file systems), before writing anything.
static int copy_in_kernel(int in, int out, int *unavailable) {
    for (int first = 1;; first = 0) {
        ssize_t count = copy_file_range(in, NULL, out, NULL, (size_t)1 << 30, 0);
        if (count == 0) return 0;
        if (count < 0) {
            if (errno == EINTR) continue;
            *unavailable = first && unsupported(errno);
            return -1;
        }
    }
}
#endif

static int copy_bytes(int in, int out) {
    char buffer[1 << 16];
    for (;;) {
        ssize_t count = read(in, buffer, sizeof buffer);
        if (count == 0) return 0;
        if (count < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        for (ssize_t done = 0; done < count;) {
            ssize_t written = write(out, buffer + done, (size_t)(count - done));
            if (written < 0) {
                if (errno == EINTR) continue;
                return -1;
            }
            done += written;
        }
    }
}

int galgen_clone_or_copy(const char *source, const char *destination) {
    struct stat written;
    return galgen_clone_or_copy_stat(source, destination, &written);
}

int galgen_clone_or_copy_stat(const char *source, const char *destination, struct stat *written) {
#if defined(__APPLE__)
    if (clonefile(source, destination, 0) == 0) return stat(destination, written);
#endif
    int in = open(source, O_RDONLY | O_CLOEXEC);
    if (in < 0) return -1;
    int out = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (out < 0) {
        int saved = errno;
        close(in);
        errno = saved;
        return -1;
    }
    int result = 0;
#if defined(__linux__)
    int cloned = 0;
    if (!atomic_load_explicit(&clone_unsupported, memory_order_relaxed)) {
        cloned = ioctl(out, FICLONE, in) == 0;
        if (!cloned && unsupported(errno)) atomic_store_explicit(&clone_unsupported, 1, memory_order_relaxed);
    }
    if (!cloned) {
        int unavailable = 0;
        result = copy_in_kernel(in, out, &unavailable);
        if (result != 0 && unavailable) result = copy_bytes(in, out);
    }
#else
    result = copy_bytes(in, out);
#endif
    if (result == 0 && fstat(out, written) != 0) result = -1;
    int saved = errno;
    if (close(out) != 0 && result == 0) { result = -1; saved = errno; }
    close(in);
    if (result != 0) unlink(destination);
    errno = saved;
    return result;
}
