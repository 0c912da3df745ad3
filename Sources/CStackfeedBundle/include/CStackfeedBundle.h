#ifndef C_STACKFEED_BUNDLE_H
#define C_STACKFEED_BUNDLE_H

/// One file compiled into the binary (scripts/generate-bundle.sh).
typedef struct {
  /// Path relative to the package root, e.g. "Migrations/account/0004_account_users.sql".
  const char *path;
  /// The file's bytes (followed by a NUL that `length` does not count).
  const unsigned char *bytes;
  /// Number of bytes.
  unsigned long length;
} StackfeedBundledFile;

/// The files one bundle target compiles in, sorted by path: each owner's folders (`Migrations/<owner>/`,
/// `Seeds/<owner>/`) and nothing of another owner's.
typedef struct {
  /// The first of `count` files.
  const StackfeedBundledFile *files;
  /// Number of files.
  unsigned long count;
} StackfeedBundle;

/// The core's files: the accounts' migrations and seed (`Migrations/account/`, `Seeds/account/`) and
/// `docs/openapi.json`.
extern const StackfeedBundle stackfeed_core_bundle;

#endif
