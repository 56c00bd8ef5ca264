"""Compares the results `cot run` printed on stdin with expected values.

usage: expect.py [--tol T] EXPR...

Each EXPR is a Python expression (with `math` and `cmath` in scope, and `ref`
for test/tools/reference.py) giving the expected value of one printed line:
a number, a bool, or a nested list. Numbers match when they are within T
(absolute, default 1e-12) of each other, or are the same infinity, or are
both NaN; everything else must be equal.
"""
import cmath
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import reference as ref  # noqa: E402


def close(actual, expected, tol, where):
    if isinstance(expected, bool) or isinstance(actual, bool):
        if actual is not expected:
            raise AssertionError(f"{where}: got {actual!r}, expected {expected!r}")
    elif isinstance(expected, (int, float)):
        if not isinstance(actual, (int, float)) or not (
                actual == expected or abs(actual - expected) <= tol
                or (math.isnan(actual) and math.isnan(expected))):
            raise AssertionError(f"{where}: got {actual!r}, expected {expected!r} (tol {tol})")
    elif isinstance(expected, complex):
        close(actual, [expected.real, expected.imag], tol, where)
    else:
        expected = list(expected)
        if not isinstance(actual, list) or len(actual) != len(expected):
            raise AssertionError(f"{where}: got {actual!r}, expected {expected!r}")
        for i, (a, e) in enumerate(zip(actual, expected)):
            close(a, e, tol, f"{where}[{i}]")


def main():
    args = sys.argv[1:]
    tol = 1e-12
    if args[:1] == ["--tol"]:
        tol, args = float(args[1]), args[2:]
    lines = [line for line in sys.stdin.read().splitlines() if line.strip()]
    if len(lines) != len(args):
        sys.exit(f"expected {len(args)} result line(s), got {len(lines)}: {lines!r}")
    scope = {"math": math, "cmath": cmath, "ref": ref}
    try:
        for i, (line, expr) in enumerate(zip(lines, args)):
            close(json.loads(line), eval(expr, scope), tol, f"result {i}")
    except AssertionError as error:
        sys.exit(str(error))


if __name__ == "__main__":
    main()
