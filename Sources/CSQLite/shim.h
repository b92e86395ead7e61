#ifndef DISPATCH_CSQLITE_SHIM_H
#define DISPATCH_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import; binding text and blobs needs it so
/// SQLite copies the bytes before the Swift buffer goes away.
static inline sqlite3_destructor_type csqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

/// sqlite3_db_config is variadic, which Swift cannot call: these wrap the two options we set.
static inline int csqlite_disable_double_quoted_strings(sqlite3 *db) {
  int rc = sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
  if (rc != SQLITE_OK) return rc;
  return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (int *)0);
}

/// Process-wide settings, applied once before the first connection opens (sqlite3_config is
/// variadic and refuses once SQLite is initialized). Memory statistics off: with them on every
/// allocation takes a global mutex, about 2% of a bulk import's time
/// (https://sqlite.org/c3ref/c_config_covering_index_scan.html#sqliteconfigmemstatus).
static inline int csqlite_configure_process(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
