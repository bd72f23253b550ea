// Brotli's decoder: a JPEG XL container's compressed metadata boxes (`brob`), read for a location.
// libjxl depends on it, so every system with libjxl has it.
#include <brotli/decode.h>
