// libjxl: JPEG XL in (a codestream or its container) and out. Its errors are status codes, so it
// needs no shim; no parallel runner is linked (the build runs one photo per core).
#include <jxl/decode.h>
#include <jxl/encode.h>
