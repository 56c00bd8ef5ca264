#!/usr/bin/env python3
"""Writes the compiler fuzz target's seed corpus and dictionary.

Seeds: every program of the tests, examples and benchmarks, one file per
`// -----` section. Dictionary: every op, type and attribute keyword those
programs use (so it follows the dialects as they grow), and the punctuation
of MLIR's syntax.

usage: make-corpus.py SOURCE_ROOT OUTPUT_DIR
  writes OUTPUT_DIR/seeds/compiler/* and OUTPUT_DIR/compiler.dict
"""
import hashlib
import os
import re
import sys

from program_sources import program_sources

PROGRAM_DIRS = ["test", "examples", "bench/programs"]
# Dotted names (ops, dialect types and attributes), builtin type keywords,
# gate and observable names, and #attribute / !type prefixes.
KEYWORD = re.compile(
    r"[!#]?[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+"
    r"|\b(?:tensor|memref|vector|complex|index|[fi](?:1|8|16|32|64)|array|dense|affine_map)<"
    r"|\"[A-Z][A-Za-z0-9]*\""
    r"|\b[a-z_]+ = ")
PUNCTUATION = ["%", "^bb0", "(", ")", "{", "}", "[", "]", "<", ">", ":", ",",
               "->", "=", "?x", "x", "// -----", "@main", "\"", "0x", "1.0e308",
               "-9223372036854775808", "9223372036854775807", "-1", "0"]


def programs(root):
    for _, source in program_sources(root, PROGRAM_DIRS):
        yield from source.split("// -----")


def dictionary_entry(token):
    escaped = token.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped + '"'


def main():
    root, output = sys.argv[1], sys.argv[2]
    seeds = os.path.join(output, "seeds", "compiler")
    os.makedirs(seeds, exist_ok=True)
    keywords = set(PUNCTUATION)
    for text in programs(root):
        text = text.strip() + "\n"
        keywords.update(KEYWORD.findall(text))
        name = hashlib.sha1(text.encode()).hexdigest()
        with open(os.path.join(seeds, name), "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(output, "compiler.dict"), "w", encoding="utf-8") as f:
        for token in sorted(keywords):
            f.write(dictionary_entry(token) + "\n")
    print(f"{len(os.listdir(seeds))} seeds, {len(keywords)} dictionary entries")


if __name__ == "__main__":
    main()
