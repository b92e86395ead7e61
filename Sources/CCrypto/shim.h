#ifndef DISPATCH_CCRYPTO_SHIM_H
#define DISPATCH_CCRYPTO_SHIM_H

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#endif
