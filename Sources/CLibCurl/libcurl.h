// libcurl: GalgenFetch's HTTP(S) transport (its multi interface), through CCurlShim.
#include <curl/curl.h>
