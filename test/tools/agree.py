"""Checks that two runs printed the same results within a tolerance.

usage: agree.py [--tol T] FILE_A FILE_B

Each file holds the JSON lines `cot run` prints; numbers (also inside nested
lists) must agree within T (absolute, default 1e-10), everything else must be
equal. Used to check two gradient methods against each other.
"""
import json
import sys


def agree(a, b, tol, where):
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            agree(x, y, tol, f"{where}[{i}]")
    elif isinstance(a, (int, float)) and isinstance(b, (int, float)) \
            and not isinstance(a, bool) and not isinstance(b, bool):
        if not abs(a - b) <= tol:
            raise AssertionError(f"{where}: {a!r} and {b!r} differ by more than {tol}")
    elif a != b:
        raise AssertionError(f"{where}: {a!r} and {b!r} differ")


def main():
    args = sys.argv[1:]
    tol = 1e-10
    if args[:1] == ["--tol"]:
        tol, args = float(args[1]), args[2:]
    first, second = ([json.loads(line) for line in open(path) if line.strip()]
                     for path in args)
    if len(first) != len(second):
        sys.exit(f"{args[0]} has {len(first)} results but {args[1]} has {len(second)}")
    try:
        for i, (a, b) in enumerate(zip(first, second)):
            agree(a, b, tol, f"result {i}")
    except AssertionError as error:
        sys.exit(str(error))
    print(f"ok: {len(first)} result(s) agree within {tol}")


if __name__ == "__main__":
    main()
