// OpenSSL's libcrypto: its EVP interfaces only (not the low-level families OpenSSL 3
// deprecates). SHA-256 for GalgenHash; AES-256-GCM, HMAC-SHA256, HKDF-SHA256, PBKDF2-HMAC-SHA256
// and random bytes for GalgenCrypto (private albums).
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>
