#!/usr/bin/env bash
# Crash safety (issue 6, item 3): kill -9 `stackfeed seed --generate N` and `stackfeed migrate` at random
# moments, then check that the database passes PRAGMA integrity_check, holds either the old or the new state
# (never a mix), and that the next command works without any repair.
#
#   scripts/fault-kill.sh                 # 8 generate rounds of 400000 rows, 20 migrate rounds
#   GENERATE_ROUNDS=10 MIGRATE_ROUNDS=30 GENERATE_ROWS=400000 SEED=7 scripts/fault-kill.sh
#
# STACKFEED_BIN picks the binary (default: the debug build). Exits 1 on the first broken promise.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${STACKFEED_BIN:-$(swift build --show-bin-path)/stackfeed}
GENERATE_ROUNDS=${GENERATE_ROUNDS:-8}
MIGRATE_ROUNDS=${MIGRATE_ROUNDS:-20}
ROWS=${GENERATE_ROWS:-400000}
RANDOM=${SEED:-$$}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/stackfeed-fault.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

fail() { echo "fault-kill: FAIL: $*" >&2; exit 1; }
q() { sqlite3 "$1" "$2"; }

# Runs "$@" in the background and kill -9s it after $1 milliseconds (or lets it finish first).
# Sets KILLED=1 when the signal landed, 0 when the command had already ended.
kill_after() {
  local delay_ms=$1; shift
  "$@" >"$WORK/out" 2>"$WORK/err" &
  local pid=$!
  sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
  if kill -9 "$pid" 2>/dev/null; then KILLED=1; else KILLED=0; fi
  local status=0
  { wait "$pid"; } 2>/dev/null || status=$?
  if [ "$KILLED" = 1 ] && [ "$status" != 137 ]; then KILLED=0; fi   # it ended just before the signal
  if [ "$KILLED" = 0 ] && [ "$status" != 0 ]; then fail "$* exited $status: $(cat "$WORK/err")"; fi
}

check_integrity() {
  local result
  result=$(q "$1" "PRAGMA integrity_check")
  [ "$result" = ok ] || fail "integrity_check on $1: $result"
}

# --- generate: the old count or the old count + ROWS, nothing in between -------------------------------
base="$WORK/base.sqlite"
"$BIN" seed --db "$base" >/dev/null
"$BIN" seed --db "$base" --generate 1000 >/dev/null
old=$(q "$base" "SELECT count(*) FROM feed_item")
# What a generate leaves alone, or records once with its rows: the stored images (their bytes and the seed's
# ten) and the product catalogue untouched, one reload in the change log with the rows or none without them.
untouched_sql="SELECT (SELECT count(*) || ':' || coalesce(sum(length(bytes)), 0) FROM images) || ' ' || (SELECT count(*) FROM product)"
untouched=$(q "$base" "$untouched_sql")
changes_old=$(q "$base" "SELECT count(*) FROM change_log")
start=$(date +%s%N)
cp "$base" "$WORK/calibrate.sqlite"
"$BIN" seed --db "$WORK/calibrate.sqlite" --generate "$ROWS" >/dev/null
full_ms=$((($(date +%s%N) - start) / 1000000))
echo "fault-kill: seed --generate $ROWS takes ${full_ms} ms uninterrupted; old count $old"

counts_old=0 counts_new=0
for round in $(seq 1 "$GENERATE_ROUNDS"); do
  db="$WORK/gen-$round.sqlite"
  cp "$base" "$db"
  delay=$((RANDOM * 32768 + RANDOM))
  delay=$((delay % (full_ms * 11 / 10 + 1)))        # up to 110% of a full run: some land after the commit
  kill_after "$delay" "$BIN" seed --db "$db" --generate "$ROWS"
  check_integrity "$db"
  read -r count distinct top < <(q "$db" "SELECT count(*), count(DISTINCT id), max(position) FROM feed_item" | tr '|' ' ')
  if [ "$count" = "$old" ]; then
    counts_old=$((counts_old + 1))
  elif [ "$count" = $((old + ROWS)) ]; then
    counts_new=$((counts_new + 1))
  else
    fail "round $round (killed after ${delay} ms): $count feed items, expected $old or $((old + ROWS))"
  fi
  [ "$distinct" = "$count" ] && [ "$top" = "$count" ] || fail "round $round: ids or positions are not whole"
  [ "$(q "$db" "$untouched_sql")" = "$untouched" ] || fail "round $round: the images or products changed"
  changes=$(q "$db" "SELECT count(*) FROM change_log")
  [ "$changes" = $((changes_old + (count == old ? 0 : 1))) ] ||
    fail "round $round: $changes changes logged with $count rows (had $changes_old with $old)"
  # The next commands work as they are: no recovery step, no repair.
  "$BIN" seed --db "$db" --generate 7 >/dev/null || fail "round $round: seed after the kill failed"
  [ "$(q "$db" "SELECT count(*) FROM feed_item")" = $((count + 7)) ] || fail "round $round: the next seed lost rows"
  "$BIN" list --db "$db" --limit 2 --format json >/dev/null || fail "round $round: list after the kill failed"
  echo "fault-kill: generate round $round: killed=$KILLED after ${delay} ms -> $count rows, integrity ok, next commands ok"
  rm -f "$db" "$db-wal" "$db-shm"
done

# --- migrate on a fresh file: each migration wholly applied or wholly absent ------------------------------
reference="$WORK/reference.sqlite"
"$BIN" migrate --db "$reference" >/dev/null
schema=$(q "$reference" ".schema")
# The migrations run in the last few milliseconds of the process, after the start-up that `migrate --help`
# also pays: aim the kills at that window (with some margin both ways).
elapsed_ms() { local start; start=$(date +%s%N); "$@" >/dev/null; echo $((($(date +%s%N) - start) / 1000000)); }
startup_ms=$(elapsed_ms "$BIN" migrate --help)
migrate_ms=$(elapsed_ms "$BIN" migrate --db "$WORK/timing.sqlite")
low=$((startup_ms * 8 / 10)) high=$((migrate_ms * 12 / 10 + 2))
echo "fault-kill: migrate takes ${migrate_ms} ms, of which start-up ~${startup_ms} ms; kills between ${low} and ${high} ms"
# What each migration does, as an SQL expression greater than 0 when it is there, to check that a
# recorded migration is complete and an unrecorded one absent. `profile` is created by 0001 and dropped by 0008.
table() { echo "(SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ($1))"; }
declare -A effects=(
  [0001_header_profile]="$(table "'profile'") + (SELECT count(*) FROM stackfeed_migrations WHERE name = '0008_header_users')"
  [0002_feed_item_create]="$(table "'feed_item'")"
  [0003_order_create]="$(table "'product', 'orders', 'line_item'") / 3"
  [0004_account_users]="$(table "'users'")"
  [0005_order_user]="(SELECT count(*) FROM pragma_table_info('orders') WHERE name = 'user_id')"
  [0006_account_tokens]="$(table "'tokens'")"
  [0007_account_idempotency]="$(table "'idempotency_keys'")"
  [0008_header_users]="1 - $(table "'profile'") * (SELECT count(*) FROM stackfeed_migrations WHERE name = '0001_header_profile')"
  [0009_account_changes]="$(table "'store_changes'")"
  [0010_account_images]="$(table "'images'")"
  [0011_account_change_log]="$(table "'change_log', 'change_log_horizon'") / 2"
  [0012_product_search]="$(table "'product_search'")"
  [0013_account_change_log_check]="(SELECT count(*) FROM sqlite_master WHERE name = 'change_log' AND sql LIKE '%op = ''insert'' OR%')"
)
all_migrations=$(printf '%s\n' "${!effects[@]}" | sort | paste -sd' ')
[ "$all_migrations" = "$(ls Migrations/*/*.sql | xargs -n1 basename | sed 's/\.sql$//' | sort | paste -sd' ')" ] ||
  fail "fault-kill knows the migrations $all_migrations, Migrations/<owner>/ has others: teach it what each one does"
killed_migrations=0
partial=0
for round in $(seq 1 "$MIGRATE_ROUNDS"); do
  db="$WORK/mig-$round.sqlite"
  delay=$((low + RANDOM % (high - low + 1)))
  kill_after "$delay" "$BIN" migrate --db "$db"
  killed_migrations=$((killed_migrations + KILLED))
  applied="none"
  if [ -s "$db" ]; then
    check_integrity "$db"
    applied=$(q "$db" "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_master WHERE name = 'stackfeed_migrations')" )
    if [ -n "$applied" ]; then applied=$(q "$db" "SELECT group_concat(name, ' ') FROM stackfeed_migrations"); fi
    for name in "${!effects[@]}"; do
      recorded=0; [[ " $applied " == *" $name "* ]] && recorded=1
      if [ "$applied" = none ] || [ -z "$applied" ]; then
        # Nothing recorded (the queries reading the migrations table cannot run): no table any migration
        # creates may be there — none at all but the migrations table itself.
        present=$(q "$db" "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name <> 'stackfeed_migrations'")
      else
        present=$(q "$db" "SELECT (${effects[$name]}) > 0")
      fi
      [ "$present" = "$recorded" ] || fail "migrate round $round: $name recorded=$recorded, its effect present=$present"
    done
  fi
  # Narrow the window onto the moment the migrations run: the latest kill that found nothing applied and the
  # earliest that found everything bound it (with a millisecond of slack for timing noise).
  case "$applied" in
    none | "") [ "$delay" -ge "$low" ] && low=$((delay > 0 ? delay - 1 : 0)) ;;
    "$all_migrations") [ "$delay" -le "$high" ] && high=$((delay + 1)) ;;
    *) partial=$((partial + 1)) ;;
  esac
  [ "$high" -gt "$low" ] || { low=$((high - 2 > 0 ? high - 2 : 0)); high=$((high + 2)); }
  "$BIN" migrate --db "$db" >/dev/null || fail "migrate round $round: the next migrate failed"
  [ "$(q "$db" ".schema")" = "$schema" ] || fail "migrate round $round: the schema differs after the next migrate"
  check_integrity "$db"
  echo "fault-kill: migrate round $round: killed=$KILLED after ${delay} ms; applied before: ${applied:-none}; next migrate ok"
done

echo "fault-kill: ok: $GENERATE_ROUNDS generate rounds ($counts_old old, $counts_new new state), $MIGRATE_ROUNDS migrate rounds ($killed_migrations killed mid-run, $partial between two migrations)"
