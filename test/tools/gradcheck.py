"""Checks the derivatives a Cotangent program computes against central finite
differences of its primal function, computed here independently.

usage:
  gradcheck.py PROGRAM --primal F MODE DF [options] -- ARG... [-- SEED...]

F is the primal entry point and DF the entry point that differentiates it
(with gradient.grad, value_and_grad, jvp or vjp); both are run with
`cot run PROGRAM --entry NAME -- ...`. ARG... are JSON literals, exactly as
`cot run` takes them. F's results are "the results"; the arguments listed in
--argnums are "the differentiated arguments".

The expected Jacobian J is built from central differences: every element x of
every differentiated argument (scalars and tensors of any shape) is moved to
x+s and x-s with s = H*max(1, |x|), F is run at both points, and

    dF/dx ~ (F(x+s) - F(x-s)) / ((x+s) - (x-s))

(the divisor is the step actually taken after rounding). For each result r
and each differentiated argument a, J[r][a] has the shape
shape(r) ++ shape(a), as DESIGN.md states for gradient.grad.

MODE is one of
  --grad DF            DF(ARG...) returns J[r][a] for each result r, for each
                       differentiated argument a (result-major), i.e. exactly
                       what gradient.grad returns.
  --value-and-grad DF  DF(ARG...) returns F's results, then what --grad returns.
  --jvp DF             DF(ARG..., T...) takes one tangent T per differentiated
                       argument (the SEEDs after the second `--`) and returns
                       F's results, then for each result r the tangent
                       sum_a J[r][a] . T_a (shape of r).
  --vjp DF             DF(ARG..., C...) takes one cotangent C per result of F
                       (the SEEDs) and returns F's results, then for each
                       differentiated argument a the cotangent
                       sum_r C_r^T . J[r][a] (shape of a).
Values returned by --value-and-grad/--jvp/--vjp are compared with F's own
results at ARG (--value-rtol/--value-atol).

options:
  --argnums I,J,...    differentiated arguments, in the order DF returns them
                       (default 0)
  --h H                relative step (default 1e-6)
  --rtol R, --atol A   an element passes when |got - fd| <= A + R*|fd|
                       (defaults 1e-6 and 1e-8); choose them per test from
                       the finite-difference error: truncation ~ s^2 |F'''|/6
                       plus rounding ~ eps |F| / s
  --value-rtol R, --value-atol A
                       the same for returned values (defaults 1e-12, 1e-12)
  --f32                the differentiated arguments are f32: perturbed points
                       are rounded to f32 before they are passed, so the
                       divisor is the step the program really sees
  --cot PATH           the cot binary (default: $COT, else `cot` on PATH)
  --whole-program      run F from PROGRAM itself (see below)
  --jobs N             run up to N copies of cot at once (default: the
                       number of CPUs, at most 4)
  -v, --verbose        print the FD Jacobian and DF's results even on success

`cot run` compiles the whole module on every run, and F is run 2N+1 times
for N perturbed elements, so F is run from a copy of PROGRAM reduced to what
F reaches: the functions it references, transitively, attribute and type
aliases, and top-level ops whose first symbol it reaches (a custom_grad, a
callback.declare). The copy keeps those texts verbatim, so F computes the
same thing; if the copy does not compile, PROGRAM itself is used. DF is
always run from PROGRAM itself.

Exit status: 0 when every element agrees, 1 on a mismatch (each offending
element is listed with its index, the value DF returned, the FD value, the
difference and the allowed difference) or when cot fails, 2 on bad usage.
Only Python's standard library is used.
"""
import concurrent.futures
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile


class Failure(Exception):
    pass


# ---------------------------------------------------------------------------
# Nested lists as arrays.

def shape_of(value):
    shape = []
    while isinstance(value, list):
        shape.append(len(value))
        value = value[0] if value else None
    return shape


def flatten(value):
    if isinstance(value, list):
        return [x for item in value for x in flatten(item)]
    return [value]


def unflatten(flat, shape):
    if not shape:
        return flat[0]
    step = len(flat) // shape[0] if shape[0] else 0
    return [unflatten(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def size_of(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def index_of(flat_index, shape):
    idx = []
    for d in reversed(shape):
        idx.append(flat_index % d)
        flat_index //= d
    return list(reversed(idx))


def is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


# ---------------------------------------------------------------------------
# Running cot.

def literal(value):
    """A JSON literal `cot run` accepts; floats keep every bit (repr)."""
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        text = repr(value)
        return text if any(c in text for c in ".eEn") else text + ".0"
    return str(value)


class Runner:
    def __init__(self, cot, program):
        self.cot, self.program, self.count = cot, program, 0

    def run(self, entry, args, program=None):
        cmd = [self.cot, "run", program or self.program, "--entry", entry, "--"] + list(args)
        self.count += 1
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise Failure("command failed with exit code %d: %s\n%s%s" % (
                proc.returncode, " ".join(_quote(c) for c in cmd), proc.stdout, proc.stderr))
        try:
            return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
        except ValueError as error:
            raise Failure("cannot parse the output of %s: %s\n%s" % (
                " ".join(_quote(c) for c in cmd), error, proc.stdout))


def _quote(word):
    return word if word and all(c.isalnum() or c in "-_./=%:,@" for c in word) else "'" + word + "'"


def to_f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


# ---------------------------------------------------------------------------
# A smaller program for the many runs of F.
#
# `cot run` compiles the whole module, derivative code included, on every
# run; F is run 2N+1 times. So the runs of F use a copy of the program that
# keeps only what F can reach: the functions it references (transitively),
# top-level ops whose first symbol is reachable (e.g. a callback.declare), and
# attribute/type aliases. The copy is used only after it reproduced F's
# results at ARG exactly; otherwise the whole program is used.

_SYMBOL = re.compile(r'@([A-Za-z_$.][\w$.]*|"[^"]*")')
_FUNC = re.compile(r'func\.func\s+(?:(?:private|public|nested)\s+)?@([A-Za-z_$.][\w$.]*|"[^"]*")')


def top_level_items(text):
    """Splits MLIR text into top-level items (strings); None if the text has
    an explicit `module` or cannot be split."""
    items, start, depth, i, n = [], None, 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            continue
        if start is None and not c.isspace():
            start = i
        if c in "{([<":
            depth += 1
        elif c in "})]>":
            if c == ">" and i > 0 and text[i - 1] == "-":  # the arrow of a function type
                i += 1
                continue
            depth -= 1
            if depth < 0:
                return None
        elif c == "\n" and depth == 0 and start is not None:
            # An item ends at a newline at depth 0 unless the next
            # non-blank text continues it (e.g. a signature split in lines).
            rest = text[i + 1:].lstrip()
            if not rest.startswith(("{", "->", ":", "attributes", ",", ")", "}")):
                items.append(text[start:i + 1])
                start = None
        i += 1
    if depth != 0:
        return None
    if start is not None:
        items.append(text[start:])
    if any(item.lstrip().startswith(("module", "builtin.module")) for item in items):
        return None
    return items


def reduced_program(text, entry):
    items = top_level_items(text)
    if items is None:
        return None
    defs = []
    for item in items:
        stripped = item.lstrip()
        func = _FUNC.match(stripped)
        if func:
            defs.append((func.group(1), item, True))
        elif stripped.startswith(("#", "!")):
            defs.append((None, item, False))
        else:
            first = _SYMBOL.search(stripped)
            defs.append((first.group(1) if first else "", item, False))
    reachable, work = {entry}, [entry]
    while work:
        name = work.pop()
        for sym, item, _ in defs:
            if sym == name:
                for ref in _SYMBOL.findall(item):
                    if ref not in reachable:
                        reachable.add(ref)
                        work.append(ref)
    if not any(sym == entry and is_func for sym, _, is_func in defs):
        return None
    return "".join(item if item.endswith("\n") else item + "\n"
                   for sym, item, _ in defs if sym is None or sym in reachable)

# ---------------------------------------------------------------------------
# The finite-difference Jacobian.

def reduced_copy(runner, primal, workdir):
    """The path of PROGRAM reduced to what F reaches, or None."""
    try:
        with open(runner.program) as f:
            text = reduced_program(f.read(), primal)
    except OSError:
        return None
    if text is None:
        return None
    path = os.path.join(workdir, "primal-" + os.path.basename(runner.program))
    with open(path, "w") as f:
        f.write(text)
    return path


def fd_jacobian(runner, primal, args, argnums, h, f32, strip, workdir, jobs=1):
    """F's results at `args`, their shapes, and J[r][a] as a flat list
    (row-major over shape(r) ++ shape(a)), from central differences."""
    parsed = [json.loads(a) for a in args]
    program = reduced_copy(runner, primal, workdir) if strip else None
    base = None
    if program is not None:
        try:
            base = runner.run(primal, args, program)
        except Failure:
            program = None
    if program is None:
        program = runner.program
        base = runner.run(primal, args)
    result_shapes = [shape_of(r) for r in base]
    for r, value in enumerate(base):
        for x in flatten(value):
            if not is_number(x):
                raise Failure("result %d of @%s is not numeric: %r" % (r, primal, value))

    # Every perturbed point: (argnum index, element, x+s, x-s, args at x+s, args at x-s).
    points = []
    for ai, a in enumerate(argnums):
        arg_shape = shape_of(parsed[a])
        flat_arg = flatten(parsed[a])
        if not all(is_number(x) for x in flat_arg):
            raise Failure("argument %d (%s) is not numeric" % (a, args[a]))
        for k, x in enumerate(flat_arg):
            x = float(x)
            if f32:
                x = to_f32(x)
            step = h * max(1.0, abs(x))
            plus, minus = x + step, x - step
            if f32:
                plus, minus = to_f32(plus), to_f32(minus)
            moved_args = []
            for moved in (plus, minus):
                flat = list(flat_arg)
                flat[k] = moved
                new_args = list(args)
                new_args[a] = literal(unflatten(flat, arg_shape) if arg_shape else moved)
                moved_args.append(new_args)
            points.append((ai, k, plus, minus, moved_args[0], moved_args[1]))

    calls = [p[4] for p in points] + [p[5] for p in points]
    if jobs > 1 and len(calls) > 1:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            outputs = list(pool.map(lambda a: runner.run(primal, a, program), calls))
    else:
        outputs = [runner.run(primal, a, program) for a in calls]
    for out in outputs:
        if len(out) != len(base):
            raise Failure("@%s returned a different number of results at a perturbed point" % primal)

    jac = [[None] * len(argnums) for _ in base]
    for ai, a in enumerate(argnums):
        mine = [(i, p) for i, p in enumerate(points) if p[0] == ai]
        columns = []
        for i, (_, _, plus, minus, _, _) in mine:
            up, down = outputs[i], outputs[len(points) + i]
            columns.append([[(u - d) / (plus - minus) for u, d in zip(flatten(ru), flatten(rd))]
                            for ru, rd in zip(up, down)])
        flat_arg = flatten(parsed[a])
        n = len(flat_arg)
        for r in range(len(base)):
            m = size_of(result_shapes[r])
            # Element (i, k) of the block: d result_r[i] / d arg_a[k].
            jac[r][ai] = [columns[k][r][i] for i in range(m) for k in range(n)]
    return base, result_shapes, jac


# ---------------------------------------------------------------------------
# Comparison.

class Report:
    def __init__(self, rtol, atol):
        self.rtol, self.atol = rtol, atol
        self.problems, self.checked = [], 0
        self.max_abs, self.max_ratio = 0.0, 0.0

    def compare(self, label, got, expected, shape, rtol=None, atol=None):
        rtol = self.rtol if rtol is None else rtol
        atol = self.atol if atol is None else atol
        if shape_of(got) != shape:
            self.problems.append("%s: expected shape %s, got shape %s: %s" % (
                label, shape, shape_of(got), json.dumps(got)))
            return
        flat_got = flatten(got)
        for k, (g, e) in enumerate(zip(flat_got, expected)):
            self.checked += 1
            where = label + (str(index_of(k, shape)) if shape else "")
            if not is_number(g):
                self.problems.append("%s: got %r, expected a number near %r" % (where, g, e))
                continue
            allowed = atol + rtol * abs(e)
            diff = abs(g - e)
            if math.isnan(diff) and math.isnan(g) and math.isnan(e):
                continue
            if not diff <= allowed:
                self.problems.append("%s: got %.17g, expected %.17g: |diff| %.3g > allowed %.3g" % (
                    where, g, e, diff, allowed))
            else:
                self.max_abs = max(self.max_abs, diff)
                if allowed > 0:
                    self.max_ratio = max(self.max_ratio, diff / allowed)


def main(argv):
    opts = {"argnums": [0], "h": 1e-6, "rtol": 1e-6, "atol": 1e-8,
            "value_rtol": 1e-12, "value_atol": 1e-12, "f32": False,
            "cot": os.environ.get("COT", "cot"), "verbose": False, "strip": True,
            "jobs": min(4, os.cpu_count() or 1)}
    program = primal = mode = deriv = None
    rest = []
    i = 0
    floats = {"--h": "h", "--rtol": "rtol", "--atol": "atol",
              "--value-rtol": "value_rtol", "--value-atol": "value_atol"}
    modes = {"--grad": "grad", "--value-and-grad": "value_and_grad",
             "--jvp": "jvp", "--vjp": "vjp"}
    try:
        while i < len(argv):
            word = argv[i]
            if word == "--":
                rest = argv[i + 1:]
                break
            if "=" in word and word.startswith("--"):
                word, value = word.split("=", 1)
                argv = argv[:i] + [word, value] + argv[i + 1:]
            if word in ("-h", "--help"):
                print(__doc__)
                return 0
            if word == "--primal":
                primal = argv[i + 1]
                i += 2
            elif word in modes:
                if mode is not None:
                    raise ValueError("give exactly one of --grad, --value-and-grad, --jvp, --vjp")
                mode, deriv = modes[word], argv[i + 1]
                i += 2
            elif word == "--argnums":
                opts["argnums"] = [int(x) for x in argv[i + 1].split(",")]
                i += 2
            elif word in floats:
                opts[floats[word]] = float(argv[i + 1])
                i += 2
            elif word == "--cot":
                opts["cot"] = argv[i + 1]
                i += 2
            elif word == "--f32":
                opts["f32"] = True
                i += 1
            elif word == "--jobs":
                opts["jobs"] = max(1, int(argv[i + 1]))
                i += 2
            elif word == "--whole-program":
                opts["strip"] = False
                i += 1
            elif word in ("-v", "--verbose"):
                opts["verbose"] = True
                i += 1
            elif word.startswith("-"):
                raise ValueError("unknown option " + word)
            elif program is None:
                program = word
                i += 1
            else:
                raise ValueError("unexpected argument " + word + " (put program arguments after --)")
        if program is None or primal is None or mode is None:
            raise ValueError("PROGRAM, --primal and one of --grad/--value-and-grad/--jvp/--vjp are required")
    except (IndexError, ValueError) as error:
        sys.stderr.write("gradcheck.py: %s\nusage: gradcheck.py PROGRAM --primal F "
                         "(--grad|--value-and-grad|--jvp|--vjp) DF [options] -- ARG... [-- SEED...]\n"
                         % error)
        return 2

    if "--" in rest:
        split = rest.index("--")
        args, seeds = rest[:split], rest[split + 1:]
    else:
        args, seeds = rest, []
    argnums = opts["argnums"]
    try:
        for a in argnums:
            if not 0 <= a < len(args):
                raise ValueError("--argnums %d: only %d argument(s) given" % (a, len(args)))
        if len(set(argnums)) != len(argnums):
            raise ValueError("--argnums repeats an argument")
        if mode in ("jvp", "vjp") and not seeds:
            raise ValueError("--%s needs seeds after a second --" % mode)
        if mode in ("grad", "value_and_grad") and seeds:
            raise ValueError("--%s takes no seeds" % mode.replace("_", "-"))
        parsed_seeds = [json.loads(s) for s in seeds]
    except ValueError as error:
        sys.stderr.write("gradcheck.py: %s\n" % error)
        return 2

    runner = Runner(opts["cot"], program)
    workdir = tempfile.mkdtemp(prefix="gradcheck-")
    try:
        return check(runner, opts, mode, primal, deriv, args, seeds, parsed_seeds, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def check(runner, opts, mode, primal, deriv, args, seeds, parsed_seeds, workdir):
    argnums = opts["argnums"]
    try:
        base, result_shapes, jac = fd_jacobian(runner, primal, args, argnums, opts["h"],
                                               opts["f32"], opts["strip"], workdir, opts["jobs"])
        arg_shapes = [shape_of(json.loads(args[a])) for a in argnums]
        nres = len(base)

        # What DF must return, as (label, flat expected, shape, is_value).
        expected = []
        if mode in ("value_and_grad", "jvp", "vjp"):
            for r in range(nres):
                expected.append(("value %d" % r, flatten(base[r]), result_shapes[r], True))
        if mode in ("grad", "value_and_grad"):
            for r in range(nres):
                for ai, a in enumerate(argnums):
                    expected.append(("d result %d / d arg %d" % (r, a), jac[r][ai],
                                     result_shapes[r] + arg_shapes[ai], False))
        elif mode == "jvp":
            if len(parsed_seeds) != len(argnums):
                raise Failure("--jvp needs one tangent per differentiated argument (%d), got %d"
                              % (len(argnums), len(parsed_seeds)))
            for ai, t in enumerate(parsed_seeds):
                if shape_of(t) != arg_shapes[ai]:
                    raise Failure("tangent %d has shape %s, argument %d has shape %s"
                                  % (ai, shape_of(t), argnums[ai], arg_shapes[ai]))
            for r in range(nres):
                m = size_of(result_shapes[r])
                out = [0.0] * m
                for ai, t in enumerate(parsed_seeds):
                    ft = flatten(t)
                    n = len(ft)
                    for i in range(m):
                        out[i] += sum(jac[r][ai][i * n + k] * ft[k] for k in range(n))
                expected.append(("tangent of result %d" % r, out, result_shapes[r], False))
        else:  # vjp
            if len(parsed_seeds) != nres:
                raise Failure("--vjp needs one cotangent per result of @%s (%d), got %d"
                              % (primal, nres, len(parsed_seeds)))
            for r, c in enumerate(parsed_seeds):
                if shape_of(c) != result_shapes[r]:
                    raise Failure("cotangent %d has shape %s, result %d has shape %s"
                                  % (r, shape_of(c), r, result_shapes[r]))
            for ai, a in enumerate(argnums):
                n = size_of(arg_shapes[ai])
                out = [0.0] * n
                for r, c in enumerate(parsed_seeds):
                    fc = flatten(c)
                    for i, ci in enumerate(fc):
                        for k in range(n):
                            out[k] += ci * jac[r][ai][i * n + k]
                expected.append(("cotangent of arg %d" % a, out, arg_shapes[ai], False))

        got = runner.run(deriv, args + seeds)
        report = Report(opts["rtol"], opts["atol"])
        if len(got) != len(expected):
            report.problems.append("@%s returned %d result(s), expected %d: %s" % (
                deriv, len(got), len(expected),
                ", ".join("%s %s" % (label, shape) for label, _, shape, _ in expected)))
        else:
            for (label, flat, shape, is_value), value in zip(expected, got):
                if is_value:
                    report.compare(label, value, flat, shape, opts["value_rtol"], opts["value_atol"])
                else:
                    report.compare(label, value, flat, shape)
    except Failure as error:
        sys.stderr.write("gradcheck.py: %s\n" % error)
        return 1

    header = "gradcheck %s @%s vs finite differences of @%s at %s%s" % (
        mode, deriv, primal, " ".join(args), (" seeds " + " ".join(seeds)) if seeds else "")
    if opts["verbose"] or report.problems:
        print(header)
        for (label, flat, shape, _), i in zip(expected, range(len(expected))):
            print("  expected %s: %s" % (label, json.dumps(unflatten(flat, shape) if shape else flat[0])))
            if i < len(got):
                print("  got      %s: %s" % (label, json.dumps(got[i])))
    if report.problems:
        print("FAILED: %d problem(s) (rtol %g, atol %g, h %g):" % (
            len(report.problems), opts["rtol"], opts["atol"], opts["h"]))
        for p in report.problems:
            print("  " + p)
        sys.stdout.flush()
        return 1
    print("ok: %d element(s) agree (max |diff| %.3g, max |diff|/allowed %.3g; %d runs of cot)" % (
        report.checked, report.max_abs, report.max_ratio, runner.count))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
