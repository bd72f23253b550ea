// zlib, for the PNG text chunks the location check inflates (libpng links it already).
#include <zlib.h>
