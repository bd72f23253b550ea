#ifndef GALGEN_FILE_SHIM_H
#define GALGEN_FILE_SHIM_H

/// Swaps two paths in one step (renameat2 RENAME_EXCHANGE on Linux, renamex_np RENAME_SWAP
/// on macOS): at every instant each path names one of the two. 0, or -1 with errno set
/// (ENOSYS/EINVAL/ENOTSUP where the file system cannot).
int galgen_exchange(const char *first, const char *second);

/// Makes `destination` (created, must not exist) a copy of `source` that shares no storage
/// writes with it: a reflink (FICLONE on Linux, clonefile on macOS) where the file system has
/// them, else a byte copy. 0, or -1 with errno set; a failed copy leaves no destination.
int galgen_clone_or_copy(const char *source, const char *destination);

struct stat;

/// `galgen_clone_or_copy`, and the copy's `fstat` as it was written into `written` (not NULL).
int galgen_clone_or_copy_stat(const char *source, const char *destination, struct stat *written);

#endif
