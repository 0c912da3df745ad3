#include <sqlite3.h>

/// sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0), which Swift cannot call (a C variadic function): SQLite keeps no
/// count of its memory, so its allocations take no global mutex (https://www.sqlite.org/c3ref/c_config_covering_index_scan.html#sqliteconfigmemstatus).
/// SQLITE_MISUSE once SQLite is initialised in the process.
static inline int stackfeed_sqlite3_config_memstatus_off(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
