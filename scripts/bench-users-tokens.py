#!/usr/bin/env python3
"""Write tokens for a benchmark (scripts/bench-users.sh): COUNT tokens of scope write, each for a random user of
the store DB (a SQLite file or a postgres:// URL), inserted as the store keeps them (FeedStore's TokenStore: the
SHA-256 of the `sft_` + 64 hex digits secret, as 64 lowercase hex digits). `stackfeed token create` would make the
same rows one process per token (~10,000 processes). Prints the secrets, one per line; writes the users' ids,
one per line, in the same order, to USERS_OUT.

    bench-users-tokens.py DB COUNT USERS_OUT > tokens.txt
"""
import hashlib
import secrets
import sqlite3
import subprocess
import sys
import time

db, count, users_out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
now = int(time.time() * 1000)


def rows(users):
    for n, user in enumerate(users):
        secret = "sft_" + secrets.token_hex(32)
        digest = hashlib.sha256(secret.encode()).hexdigest()
        yield secret, (f"tok_bench{n:07d}", user, "write", "bench", digest, now)


pick = f"SELECT id FROM users WHERE id <> 'default' ORDER BY random() LIMIT {count}"
insert = "INSERT INTO tokens (id, user_id, scope, name, secret_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)"
if db.startswith("postgres://") or db.startswith("postgresql://"):
    users = subprocess.run(["psql", db, "-Atc", pick], check=True, capture_output=True, text=True).stdout.split()
    made = list(rows(users))
    copy = "".join("\t".join(map(str, row)) + "\n" for _, row in made)
    subprocess.run(
        ["psql", db, "-qc", "COPY tokens (id, user_id, scope, name, secret_hash, created_at) FROM STDIN"],
        input=copy, check=True, text=True)
else:
    connection = sqlite3.connect(db)
    users = [row[0] for row in connection.execute(pick)]
    made = list(rows(users))
    with connection:
        connection.executemany(insert, [row for _, row in made])
if len(made) < count:
    sys.exit(f"bench-users-tokens: {db} has {len(made)} users besides default, {count} asked")
with open(users_out, "w") as out:
    out.writelines(row[1] + "\n" for _, row in made)
sys.stdout.writelines(secret + "\n" for secret, _ in made)
