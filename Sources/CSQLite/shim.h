#ifndef WALLET_CSQLITE_SHIM_H
#define WALLET_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
