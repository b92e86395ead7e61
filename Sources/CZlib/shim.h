#ifndef DISPATCH_CZLIB_SHIM_H
#define DISPATCH_CZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2 is a macro over inflateInit2_ that Swift cannot import.
static inline int czlib_inflate_init_raw(z_streamp stream) {
  return inflateInit2(stream, -MAX_WBITS);
}

/// deflateInit2 is a macro too. Raw deflate (negative window bits: no zlib header or
/// trailer) is what zip method 8 stores; memLevel 8 and the default strategy are zlib's own
/// defaults.
static inline int czlib_deflate_init_raw(z_streamp stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}

#endif
