// libpng reports errors by longjmp: only the C shim (CPNGShim) calls it.
#include <png.h>
