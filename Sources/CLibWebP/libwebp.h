// libwebp: lossy, lossless and animated WebP. Its errors are return codes, so it needs no shim.
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>
