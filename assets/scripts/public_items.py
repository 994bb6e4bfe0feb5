#!/usr/bin/env python3
"""Counts the library's public face: the items a crate user can reach from `bg_tui`, and
those without a doc comment, from rustdoc's JSON output (a nightly toolchain's):

    cargo +nightly rustdoc --lib -- -Z unstable-options --output-format json
    python3 assets/scripts/public_items.py target/doc/bg_tui.json

Add `--no-default-features` to the first command for the face without the program's `tui`
feature. An item is a module, function (a method included), type, trait, constant or
static reachable through public modules and re-exports; an enum's variants and a
struct's fields are counted apart. Trait implementations (Debug, Clone...) are not
counted. Prints the totals by kind, then every undocumented item.
"""

import collections
import json
import sys


def kind(item):
    return next(iter(item["inner"]))


def main(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    index = doc["index"]
    counts = collections.Counter()
    undocumented = []
    seen = set()

    def walk(i):
        if i in seen or str(i) not in index:
            return
        seen.add(i)
        item = index[str(i)]
        if item["crate_id"] != 0:
            return
        k = kind(item)
        inner = item["inner"][k]
        if k == "use":
            if inner.get("id") is not None:
                walk(inner["id"])
            return
        if k == "impl":
            if inner.get("trait") is None:
                for c in inner["items"]:
                    child = index.get(str(c))
                    if child and child["visibility"] == "public":
                        walk(c)
            return
        if item["visibility"] not in ("public", "default") and k not in ("variant", "struct_field"):
            return
        counts[k] += 1
        if not item.get("docs"):
            span = item.get("span") or {}
            undocumented.append(f"{k} {item.get('name')} ({span.get('filename', '?')})")
        if k == "module":
            for c in inner["items"]:
                walk(c)
        elif k == "struct":
            shape = inner["kind"]
            fields = shape.get("plain", {}).get("fields", []) if isinstance(shape, dict) else []
            if isinstance(shape, dict) and "tuple" in shape:
                fields = [f for f in shape["tuple"] if f is not None]
            for f in fields:
                walk(f)
        elif k == "enum":
            for v in inner["variants"]:
                walk(v)
        elif k == "trait":
            for c in inner["items"]:
                walk(c)
        for im in inner.get("impls", []) if isinstance(inner, dict) else []:
            walk(im)

    walk(doc["root"])
    parts = ("variant", "struct_field")
    items = sum(n for k, n in counts.items() if k not in parts)
    print(f"{items} public items ({', '.join(f'{n} {k}' for k, n in sorted(counts.items()) if k not in parts)})")
    print(f"and {counts['variant']} enum variants, {counts['struct_field']} struct fields")
    print(f"{len(undocumented)} without a doc comment")
    for u in undocumented:
        print("  " + u)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: public_items.py target/doc/bg_tui.json")
    main(sys.argv[1])
