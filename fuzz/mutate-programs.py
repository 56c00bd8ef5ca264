#!/usr/bin/env python3
"""Runs `cot run` on random mutations of the project's own programs.

Where the compiler fuzz target never runs what it compiles, this runs it:
each mutant is one `// -----` section of a program of test/ or examples/
with one to three random edits (a line deleted, repeated or moved; a number,
SSA value, type or op name replaced by another the programs use, or a word
by one of its family: an arithmetic op, a comparison, a gate, a gradient
method, a function name that library and runtime symbols also have; a few
characters deleted; a keyword inserted). It runs with its original's
arguments: those of a test's RUN line (`cot run %s -- ...`, `%gradcheck %s
--primal f -- ...`), or else values made for the types of its entry function
(@main, or the first public one); one time in five, one argument is replaced
by an odd value (NaN, a list, a huge integer). Four mutants in five start
from a section that runs (exit 0 unedited, tried when first drawn), the
rest from any section, so that both run-time and compile-time paths are
covered.

`cot` promises exit 0, 1 (a compile error with a located diagnostic), 2 (a
usage error) or 3 (a run-time error), with a message, for every input. A
failure is anything else: death by a signal, another exit code, an error
exit with nothing on standard error, a compile error without a
file:line:col location, or a crash report. Mutants still running after the
time limit are counted apart (an edit can make a loop endless) and kept, to
be looked at.

usage: mutate-programs.py [--count N] [--seed S] [--cot PATH]
                          [--timeout SECONDS] [--save DIR]
Prints a line per failure and a summary; exits 1 if there was a failure.
"""
import argparse
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile

from program_sources import program_sources

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAM_DIRS = ["test", "examples"]

NUMBER = re.compile(r"(?<![\w.%#@^$-])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])")
SSA_VALUE = re.compile(r"%[A-Za-z0-9_.$-]+(?:#\d+)?")
SCALAR_TYPE = re.compile(r"\b(?:f16|bf16|f32|f64|i1|i8|i32|i64|index)\b")
OP_NAME = re.compile(r"\b[a-z_]+(?:\.[a-z_]+)+\b")
NUMBERS = ["0", "1", "-1", "2", "3", "7", "64", "1000000", "4294967296",
           "9223372036854775807", "-9223372036854775808", "0.0", "-0.5",
           "1.0e308", "1.0e-320"]
SCALAR_TYPES = ["f16", "f32", "f64", "i1", "i8", "i32", "i64", "index"]
ARGUMENTS = ["-1", "0", "1e308", "NaN", "-Infinity", "[]", "[1.0, 2.0]", "true",
             "9223372036854775807", "-9223372036854775808", "[[1], [2, 3]]"]
# Words that can stand for each other: an edit within a family keeps the
# program well typed more often than a random one, and reaches run-time
# paths (division by zero, gates on more wires than allocated, a gradient
# method on what it cannot differentiate, a function named like a library
# or runtime symbol).
FAMILIES = [
    ["arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.remf",
     "arith.maximumf", "arith.minimumf", "math.powf", "math.atan2"],
    ["math.sin", "math.cos", "math.tan", "math.exp", "math.log", "math.sqrt",
     "math.tanh", "math.absf", "arith.negf", "math.log1p", "math.expm1",
     "math.atan", "math.erf"],
    ["arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.divui",
     "arith.remsi", "arith.remui", "arith.ceildivsi", "arith.floordivsi",
     "arith.maxsi", "arith.minsi", "arith.shli", "arith.shrsi", "arith.andi"],
    ["olt", "ogt", "oeq", "une", "ole", "oge", "uno"],
    ["slt", "sgt", "eq", "ne", "sle", "sge", "ult", "uge"],
    ['"RX"', '"RY"', '"RZ"', '"PhaseShift"', '"CRX"', '"IsingXX"',
     '"SingleExcitation"', '"DoubleExcitation"', '"Rot"', '"MultiRZ"'],
    ['"Hadamard"', '"PauliX"', '"S"', '"T"', '"CNOT"', '"CZ"', '"SWAP"',
     '"Toffoli"', '"CSWAP"'],
    ['"adjoint"', '"parameter-shift"', '"fd"', '"backprop"', '"auto"'],
    ["@main", "@cos", "@exp", "@sqrt", "@malloc", "@free", "@__cot_expval",
     "@f.fwd_0"],
    ["tensor<", "memref<"],
]
KEYWORDS = ["%", "(", ")", "{", "}", "[", "]", "<", ">", ":", ",", "->", "=",
            "?x", "tensor<", "memref<", "@main", "^bb1", "\"", "// -----"]

# Location of a compile error in MLIR's format: file:line:col: error.
LOCATED_ERROR = re.compile(r":\d+:\d+: error")
CRASH_MARKS = ["Stack dump", "Assertion", "LLVM ERROR", "PLEASE submit",
               "Segmentation fault", "terminate called", "AddressSanitizer",
               "runtime error:"]


def run_line_arguments(source):
    """{entry: arguments} from the RUN lines of a test that call an entry
    with arguments after `--`."""
    commands = re.sub(r"\\\n// RUN:", " ", source)
    found = {}
    for command in re.findall(r"^// RUN:(.*)$", commands, re.M):
        try:
            words = shlex.split(command.split("|")[0])
        except ValueError:
            continue
        if "%s" not in words or "--" not in words:
            continue
        entry = "main"
        for flag in ("--entry", "--primal"):
            if flag in words[:-1]:
                entry = words[words.index(flag) + 1]
        found.setdefault(entry, words[words.index("--") + 1:])
    return found


def sections():
    """Every `// -----` section of the programs that defines a function, as
    (path, text, arguments from RUN lines by entry)."""
    for path, source in program_sources(ROOT, PROGRAM_DIRS):
        known = run_line_arguments(source)
        for text in source.split("// -----"):
            if "func.func" in text:
                yield path, text, known


def split_top_level(text):
    """The comma-separated parts of `text` outside brackets."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def entry_of(text, known):
    """The entry `cot run` should call, and its argument types: one a RUN
    line calls, @main, or else the first public function."""
    functions = re.findall(r"func\.func\s+(private\s+)?@([\w$.]+)\s*\(", text)
    names = [name for private, name in functions if not private]
    if not names:
        return None, []
    called = [name for name in names if name in known]
    entry = called[0] if called else "main" if "main" in names else names[0]
    start = re.search(r"func\.func\s+@" + re.escape(entry) + r"\s*\(", text).end()
    depth, end = 1, start
    while end < len(text) and depth:
        depth += {"(": 1, ")": -1}.get(text[end], 0)
        end += 1
    types = []
    for argument in split_top_level(text[start:end - 1]):
        if ":" in argument:
            types.append(re.sub(r"\{.*\}", "", argument.split(":", 1)[1]).strip())
    return entry, types


def value_of(type_text, rng):
    """A JSON literal of `type_text` (scalars, and tensors and memrefs of
    them, with 3 for each dynamic dimension)."""
    shaped = re.match(r"(?:tensor|memref)<([^>]*)>", type_text)
    if shaped:
        *dims, element = shaped.group(1).split(",")[0].split("x")
        if element.strip() == "*":
            return "[1.0]"
        sizes = [3 if d.strip() in ("?", "*") else int(d) for d in dims
                 if d.strip().lstrip("-").isdigit() or d.strip() in ("?", "*")]
        def nested(level):
            if level == len(sizes):
                return value_of(element.strip(), rng)
            return "[" + ", ".join(nested(level + 1) for _ in range(min(sizes[level], 64))) + "]"
        return nested(0)
    if type_text == "i1":
        return rng.choice(["true", "false"])
    if re.fullmatch(r"i\d+|index", type_text):
        return rng.choice(["0", "1", "2", "3"])
    return rng.choice(["0.5", "-1.25", "0.0", "3.0"])


def replace_match(pattern, choices):
    """An edit that replaces one match of `pattern` by one of `choices`
    (a function of the text)."""
    def edit(text, pools, rng):
        matches = list(pattern.finditer(text))
        if not matches:
            return text
        m = rng.choice(matches)
        return text[:m.start()] + rng.choice(choices(text, pools)) + text[m.end():]
    return edit


def delete_line(text, pools, rng):
    lines = text.split("\n")
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def repeat_line(text, pools, rng):
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return "\n".join(lines)


def move_line(text, pools, rng):
    lines = text.split("\n")
    line = lines.pop(rng.randrange(len(lines)))
    lines.insert(rng.randrange(len(lines) + 1), line)
    return "\n".join(lines)


def delete_characters(text, pools, rng):
    i = rng.randrange(len(text) + 1)
    return text[:i] + text[i + rng.randint(1, 20):]


def insert_keyword(text, pools, rng):
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(KEYWORDS + pools["ops"]) + text[i:]


def swap_in_family(text, pools, rng):
    present = [(word, family) for family in FAMILIES for word in family
               if word in text]
    if not present:
        return text
    word, family = rng.choice(present)
    at = rng.choice([m.start() for m in re.finditer(re.escape(word), text)])
    return text[:at] + rng.choice(family) + text[at + len(word):]


EDITS = [
    delete_line, repeat_line, move_line, delete_characters, insert_keyword,
    swap_in_family,
    replace_match(NUMBER, lambda text, pools: NUMBERS),
    replace_match(SSA_VALUE, lambda text, pools: sorted(set(SSA_VALUE.findall(text)))),
    replace_match(SCALAR_TYPE, lambda text, pools: SCALAR_TYPES),
    replace_match(OP_NAME, lambda text, pools: pools["ops"]),
]


def verdict(returncode, stderr):
    """Why a run breaks cot's promise, or None."""
    if returncode < 0:
        return "killed by signal %d" % -returncode
    if returncode not in (0, 1, 2, 3):
        return "exit code %d" % returncode
    for mark in CRASH_MARKS:
        if mark in stderr:
            return "crash report (%s)" % mark
    if returncode and not stderr.strip():
        return "exit %d with no message" % returncode
    if returncode == 1 and not LOCATED_ERROR.search(stderr):
        return "compile error without a location"
    return None


def command(cot, path, origin, rng):
    """How to run the program at `path`, a mutant of `origin`."""
    _, text, known = origin
    entry, types = entry_of(text, known)
    words = [cot, "run", path]
    if entry and entry != "main":
        words += ["--entry", entry]
    if entry in known:
        return words + ["--"] + known[entry]
    return words + ["--"] + [value_of(t, rng) for t in types]


def run(words, timeout):
    """(exit code, standard error), or None past the time limit."""
    try:
        done = subprocess.run(words, capture_output=True, text=True,
                              errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    return done.returncode, done.stderr


def keep(directory, name, text, report):
    """Writes a mutant and what became of it to `directory`."""
    with open(os.path.join(directory, name + ".mlir"), "w", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(directory, name + ".txt"), "w", encoding="utf-8") as f:
        f.write(report)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cot", default=os.path.join(ROOT, "build", "bin", "cot"))
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--save", default=os.path.join(ROOT, "build", "mutants"))
    options = parser.parse_args()
    rng = random.Random(options.seed)
    originals = list(sections())
    pools = {"ops": sorted({op for _, text, _ in originals for op in OP_NAME.findall(text)})}
    os.makedirs(options.save, exist_ok=True)
    exits, slow, failures = {0: 0, 1: 0, 2: 0, 3: 0}, 0, 0
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "mutant.mlir")
        runs = {}  # index of an original -> whether it runs unedited

        def draw():
            """An original: one that runs, four times in five."""
            wanted = rng.random() < 0.8
            for _ in range(100):
                i = rng.randrange(len(originals))
                if not wanted:
                    break
                if i not in runs:
                    with open(path, "w", encoding="utf-8") as f:
                        f.write(originals[i][1])
                    result = run(command(options.cot, path, originals[i], rng),
                                 options.timeout)
                    runs[i] = bool(result) and result[0] == 0
                if runs[i]:
                    break
            return originals[i]

        for number in range(options.count):
            origin = draw()
            text = origin[1]
            for _ in range(rng.randint(1, 3)):
                text = rng.choice(EDITS)(text, pools, rng)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            words = command(options.cot, path, origin, rng)
            if rng.random() < 0.2 and words[-1] != "--":
                at = rng.randrange(words.index("--") + 1, len(words))
                words[at] = rng.choice(ARGUMENTS)
            result = run(words, options.timeout)
            source = os.path.relpath(origin[0], ROOT)
            arguments = " ".join(words[3:])
            if result is None:
                slow += 1
                keep(options.save, "slow-%d-%d" % (options.seed, number), text,
                     "from: %s\narguments: %s\nstill running after %g s\n" % (
                         source, arguments, options.timeout))
                continue
            problem = verdict(*result)
            if problem is None:
                exits[result[0]] += 1
                continue
            failures += 1
            name = "failure-%d-%d" % (options.seed, number)
            keep(options.save, name, text, "from: %s\narguments: %s\n%s\n%s" % (
                source, arguments, problem, result[1][-4000:]))
            print("%s: %s (from %s)" % (name, problem, source))
    print("%d mutants: exit 0: %d, 1: %d, 2: %d, 3: %d; over %g s: %d; failures: %d"
          % (options.count, exits[0], exits[1], exits[2], exits[3],
             options.timeout, slow, failures))
    if failures or slow:
        print("mutants kept in", options.save)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
