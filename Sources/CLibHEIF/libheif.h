// libheif: HEIC/HEIF and AVIF. Its errors are returned as values (struct heif_error), so unlike
// libjpeg it needs no setjmp shim.
#include <libheif/heif.h>
