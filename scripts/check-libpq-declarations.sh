#!/usr/bin/env bash
# CPostgres declares the few parts of libpq that PostgresCore uses itself, so that building needs no libpq-dev
# (Sources/CPostgres/include/CPostgres.h: types, enum values; Sources/CPostgres/libpq_functions.h: every
# function lazy.c loads, with its signature). This check compiles them against the real libpq-fe.h and fails on
# any difference:
#   values  a program built with our header and one built with libpq-fe.h print every enum value we declare;
#           the two outputs must be equal;
#   types   every function of libpq_functions.h is assigned to a pointer of the type we declare, with
#           libpq-fe.h's prototype in scope (-Werror: an incompatible pointer type fails). lazy.c itself
#           defines the stackfeed_pq_ functions of CPostgres.h from those lists, so they agree by construction.
# Then it proves it is not blind: a changed value and a changed signature must each make it fail.
# Needs libpq-fe.h (Debian libpq-dev; installed here when missing, for this check only: building and testing do
# not need it). Run by scripts/ci-extra.sh.
#   scripts/check-libpq-declarations.sh     # a few seconds
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/declarations.sh
include=/usr/include/postgresql
declarations_setup check-libpq-declarations "$include/libpq-fe.h" libpq-dev

cat >"$work/values.c" <<'C'
#include <stdio.h>
int main(void) {
  printf("%d %d\n", CONNECTION_OK, CONNECTION_BAD);
  printf("%d %d %d %d %d %d %d %d %d %d %d %d\n", PGRES_EMPTY_QUERY, PGRES_COMMAND_OK, PGRES_TUPLES_OK,
         PGRES_COPY_OUT, PGRES_COPY_IN, PGRES_BAD_RESPONSE, PGRES_NONFATAL_ERROR, PGRES_FATAL_ERROR,
         PGRES_COPY_BOTH, PGRES_SINGLE_TUPLE, PGRES_PIPELINE_SYNC, PGRES_PIPELINE_ABORTED);
  printf("%d %d %d %d %d\n", PQTRANS_IDLE, PQTRANS_ACTIVE, PQTRANS_INTRANS, PQTRANS_INERROR, PQTRANS_UNKNOWN);
  printf("%d %d %d\n", PG_DIAG_SQLSTATE, PG_DIAG_MESSAGE_PRIMARY, PG_DIAG_MESSAGE_DETAIL);
  printf("%zu\n", sizeof(Oid));
  return 0;
}
C
cat >"$work/types.c" <<'C'
#include <libpq-fe.h>
#include "libpq_functions.h"
#define CHECK(type, libpq_name, name, parameters, arguments) type(*name) parameters = libpq_name; (void)name;
#define CHECK_PROCEDURE(libpq_name, name, type, parameter) void (*name)(type parameter) = libpq_name; (void)name;
int main(void) {
  LIBPQ_CONNECTING(CHECK)
  LIBPQ_FUNCTIONS(CHECK)
  LIBPQ_PROCEDURES(CHECK_PROCEDURE)
  return 0;
}
C

# Compares the declarations in folder $1 (a copy of Sources/CPostgres) with libpq-fe.h; 0 when they agree.
compare() {
  local ours=$1
  "$cc" -std=c11 -include "$ours/include/CPostgres.h" -o "$work/ours" "$work/values.c" &&
    "$cc" -std=c11 -include "$include/libpq-fe.h" -o "$work/theirs" "$work/values.c" &&
    diff <("$work/ours") <("$work/theirs") >&2 &&
    "$cc" -std=c11 -Werror -Wall -I"$include" -I"$ours" -fsyntax-only "$work/types.c"
}

if ! compare Sources/CPostgres; then
  echo "check-libpq-declarations: Sources/CPostgres differs from libpq-fe.h (above; ours <, libpq's >)" >&2
  exit 1
fi
# Not blind: a wrong value, then a wrong signature, must each be caught.
refuse_mutant check-libpq-declarations Sources/CPostgres compare include/CPostgres.h \
  's/PGRES_SINGLE_TUPLE = 9/PGRES_SINGLE_TUPLE = 12/'
refuse_mutant check-libpq-declarations Sources/CPostgres compare libpq_functions.h 's/X(int, PQntuples,/X(long, PQntuples,/'
version=$(grep -o 'PG_VERSION "[^"]*"' "$include/pg_config.h" | cut -d'"' -f2)
echo "check-libpq-declarations: Sources/CPostgres matches libpq-fe.h of libpq $version (and catches a changed value and signature)"
