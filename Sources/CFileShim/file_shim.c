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
    if (ioctl(out, FICLONE, in) != 0) result = copy_bytes(in, out);
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
