#ifndef DISPATCH_CZLIB_SHIM_H
#define DISPATCH_CZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2 is a macro over inflateInit2_ that Swift cannot import.
static inline int czlib_inflate_init_raw(z_streamp stream) {
  return inflateInit2(stream, -MAX_WBITS);
}

#endif
