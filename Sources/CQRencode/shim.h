#ifndef DISPATCH_CQRENCODE_SHIM_H
#define DISPATCH_CQRENCODE_SHIM_H

/* libqrencode (Debian libqrencode-dev): the QR code `dispatch serve pair` prints. */
#include <qrencode.h>

#endif
