#ifndef DISPATCH_CCRYPTO_SHIM_H
#define DISPATCH_CCRYPTO_SHIM_H

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

/* OpenSSL spells these as macros over SSL_ctrl / SSL_CTX_ctrl, which Swift cannot import. */

/* Sends the host name in the TLS handshake (SNI), so a shared server picks the right cert. */
static inline long dispatch_ssl_set_server_name(SSL *ssl, const char *name) {
  return SSL_set_tlsext_host_name(ssl, name);
}

/* Refuses anything older than TLS 1.2. */
static inline int dispatch_ssl_ctx_require_tls12(SSL_CTX *context) {
  return (int)SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}

/* A peer that closes without close_notify ends the stream like a clean close; HTTP framing
   (Content-Length, chunks) is what detects a cut-short body. */
static inline void dispatch_ssl_ctx_accept_unannounced_close(SSL_CTX *context) {
#ifdef SSL_OP_IGNORE_UNEXPECTED_EOF
  SSL_CTX_set_options(context, SSL_OP_IGNORE_UNEXPECTED_EOF);
#endif
}

#endif
