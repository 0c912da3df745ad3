#!/usr/bin/env python3
"""Writes a seed folder with N feed items for `stackfeed seed --from` benchmarks (docs/BENCHMARKS.md).

    scripts/make-seed-folder.py 100000 /tmp/seed100k     # feed_items.json, ~14 MB

Titles mix ASCII, umlauts, emoji, quotes and tabs (escapes and UTF-8 on the parser's path); optional fields
are sometimes null. Seeded with a fixed number: the same N gives the same file.
"""
import json
import os
import random
import sys

count, folder = int(sys.argv[1]), sys.argv[2]
random.seed(7)
os.makedirs(folder, exist_ok=True)
titles = ["The future is functional", "Press reset", "Grüße aus Köln 🙂", 'Say "hi"\tnow']
items = [
    {
        "id": f"item-{index:06d}",
        "title": random.choice(titles),
        "subtitle": random.choice([None, "Get after your goals in new Apex", "The newest collection is here"]),
        "tag": random.choice([None, "New releases"]),
        "image": random.choice(["functional-male", "reset", None]),
    }
    for index in range(count)
]
with open(os.path.join(folder, "feed_items.json"), "w", encoding="utf-8") as file:
    json.dump(items, file, ensure_ascii=False, indent=1)
