// Little CMS 2, and the one callback galgen gives it: an error collector per context.
// lcms2 reports errors through a logger rather than return codes alone; by default it prints
// nothing and keeps nothing, so each conversion gets its own context whose errors land here
// (the first message is kept), and a job never sees another job's errors.
#include <string.h>
#include <lcms2.h>

typedef struct {
    char first_message[256];
    unsigned int count;
} GalgenLCMSErrors;

static inline void galgen_lcms_log(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)code;
    GalgenLCMSErrors *errors = (GalgenLCMSErrors *)cmsGetContextUserData(context);
    if (errors == NULL) return;
    if (errors->count++ == 0 && text != NULL) {
        strncpy(errors->first_message, text, sizeof errors->first_message - 1);
        errors->first_message[sizeof errors->first_message - 1] = '\0';
    }
}

// A context whose errors go to `errors` (which must outlive it); NULL if out of memory.
static inline cmsContext galgen_lcms_context(GalgenLCMSErrors *errors) {
    cmsContext context = cmsCreateContext(NULL, errors);
    if (context != NULL) cmsSetLogErrorHandlerTHR(context, galgen_lcms_log);
    return context;
}

// lcms2's pixel formats are function-like macros, which Swift cannot import: the ones galgen uses.
static const cmsUInt32Number GALGEN_TYPE_GRAY_8 = TYPE_GRAY_8;
static const cmsUInt32Number GALGEN_TYPE_RGB_8 = TYPE_RGB_8;
static const cmsUInt32Number GALGEN_TYPE_CMYK_8 = TYPE_CMYK_8;
// 10- to 16-bit photos, converted at their depth.
static const cmsUInt32Number GALGEN_TYPE_GRAY_16 = TYPE_GRAY_16;
static const cmsUInt32Number GALGEN_TYPE_RGB_16 = TYPE_RGB_16;
// Adobe (Photoshop) CMYK JPEGs store 255 - ink: lcms2's "reversed" flavour reads them as they are.
static const cmsUInt32Number GALGEN_TYPE_CMYK_8_REV = TYPE_CMYK_8_REV;
