// OpenSSL's libcrypto, for SHA-256 only (GalgenHash): its EVP digest interface, not the
// low-level SHA256_Init family that OpenSSL 3 deprecates.
#include <openssl/evp.h>
