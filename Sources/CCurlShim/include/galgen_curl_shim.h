// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
// call: one typed function per kind of argument. Nothing else lives here.
#ifndef GALGEN_CURL_SHIM_H
#define GALGEN_CURL_SHIM_H

#include <curl/curl.h>

typedef size_t (*galgen_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*galgen_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                             curl_off_t upload_total, curl_off_t uploaded);

CURLcode galgen_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode galgen_curl_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode galgen_curl_set_pointer(CURL *handle, CURLoption option, void *value);
CURLcode galgen_curl_set_data_callback(CURL *handle, CURLoption option, galgen_curl_data_callback callback);
CURLcode galgen_curl_set_progress_callback(CURL *handle, galgen_curl_progress_callback callback);
CURLcode galgen_curl_get_long(CURL *handle, CURLINFO info, long *value);
CURLcode galgen_curl_get_off(CURL *handle, CURLINFO info, curl_off_t *value);
CURLMcode galgen_curl_multi_set_long(CURLM *multi, CURLMoption option, long value);

#endif
