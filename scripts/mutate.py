#!/usr/bin/env python3
"""The mutation catalogue of scripts/mutate.sh (issue #59): our own, stdlib only.

PyPI is not reachable from the project's machines, so universalmutator (or any
other mutation tool from PyPI) cannot be installed; this file is the whole
engine instead. It finds every place in the given source folders (.cpp and .h)
where one operator of a fixed catalogue makes a one-line change, draws N of
them at random but reproducibly (every candidate site enumerated in sorted file
order, then shuffled with the seed), and writes or describes one mutant at a
time. mutate.sh builds, tests and restores.

The catalogue (operator names as they appear in site ids):
  cmp_flip      <  <=  >  >=  ==  !=   ->  <= < >= > != ==
  arith_swap    +  -  *  /  (and += -= *= /=)   ->  -  +  /  *
  off_by_one    an integer constant N -> N + 1 and N - 1; an index a[i] -> a[i + 1], a[i - 1]
  swap_args     a call with two arguments f(a, b) -> f(b, a)
  delete_stmt   a whole single-line statement ending in ';': a return (early or not,
                with its `if` when on one line), an assignment, a call, ++/--
  negate_cond   if (x) -> if (!(x))
  minmax_swap   std::min <-> std::max (glm::min <-> glm::max as well)

Never mutated: comments, string and character literals, preprocessor lines
(#include, #define and the rest, with their continuation lines), template
angle brackets (`std::vector<int>`, `static_cast<float>(x)`, `template <...>`)
and `<<`, `>>`, `->`, `++`, `--`, `<=>`. The tree is clang-formatted, so a
binary operator has a space on each side: only such operators are mutated,
which leaves templates, pointers, unary minus and the like alone.

A site id is `file:line:operator:k`, the k-th mutant that operator makes on
that line; `apply` recomputes the mutant from the file, so an id names the same
mutant as long as that line is unchanged.

Commands:
  mutate.py plan [--seed S] [--count N] PATHS...   the drawn sites, one a line:
                                                  id<TAB>file<TAB>description
  mutate.py count PATHS...                        how many sites per operator
  mutate.py describe ID                           file:line: original -> mutated
  mutate.py apply ID                              writes the mutant into the file
  mutate.py tests FILE [--build-dir DIR]          the test executables for FILE,
                                                  most likely to kill first: target<TAB>path
"""

import argparse
import os
import random
import re
import sys

OPERATORS = ["cmp_flip", "arith_swap", "off_by_one", "swap_args", "delete_stmt", "negate_cond",
             "minmax_swap"]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------
# Lexing: which characters of a file are code.


def code_masks(text):
    """For each line of `text` (split on '\\n', newline excluded): the line with
    every character that is not code (comments, the contents of string and
    character literals, raw strings) replaced by a space, or None for a line
    that is never mutated (a preprocessor line or its continuation). String
    and character literals keep their quotes, their contents become '_' so
    that they stay one opaque token."""
    lines = text.split("\n")
    out = []
    in_block = False  # inside /* */
    raw_end = None  # inside a raw string: its closing sequence
    in_pp = False  # a preprocessor line continued with a backslash
    for line in lines:
        chars = list(line)
        n = len(line)
        if in_pp:
            in_pp = line.endswith("\\")
            out.append(None)
            continue
        if not in_block and raw_end is None and line.lstrip().startswith("#"):
            in_pp = line.endswith("\\")
            out.append(None)
            continue
        i = 0
        while i < n:
            if in_block:
                end = line.find("*/", i)
                stop = n if end < 0 else end + 2
                for j in range(i, stop):
                    chars[j] = " "
                i = stop
                if end >= 0:
                    in_block = False
                continue
            if raw_end is not None:
                end = line.find(raw_end, i)
                stop = n if end < 0 else end + len(raw_end) - 1
                for j in range(i, stop):
                    chars[j] = "_"
                if end < 0:
                    i = n
                else:
                    i = stop + 1  # the closing quote stays
                    raw_end = None
                continue
            c = line[i]
            if line.startswith("//", i):
                for j in range(i, n):
                    chars[j] = " "
                break
            if line.startswith("/*", i):
                in_block = True
                continue
            m = re.match(r'(?:u8|[uUL])?R"([^()\\ ]{0,16})\(', line[i:])
            if m and (i == 0 or not (line[i - 1].isalnum() or line[i - 1] == "_")):
                start = i + m.end()
                for j in range(line.index('"', i) + 1, start):
                    chars[j] = "_"  # the delimiter and '(' are part of the opaque string
                raw_end = ")" + m.group(1) + '"'
                i = start
                continue
            if c == '"' or (c == "'" and not _digit_separator(line, i)):
                j = i + 1
                while j < n and line[j] != c:
                    j += 2 if line[j] == "\\" else 1
                for k in range(i + 1, min(j, n)):
                    chars[k] = "_"
                i = j + 1
                continue
            i += 1
        out.append("".join(chars))
    return out


def _digit_separator(line, i):
    """A ' between two digits of a number (1'000) is not a character literal."""
    return 0 < i < len(line) - 1 and line[i - 1].isalnum() and line[i + 1].isdigit() and \
        re.search(r"\b\d[\w']*$", line[:i]) is not None


def mask_templates(code):
    """Blanks template argument lists: `name<...>` with no space before '<' and
    a matching '>' on the line (nested ones included), and `template <...>`."""
    chars = list(code)
    for m in re.finditer(r"(\w<)|(\btemplate <)", code):
        start = m.end() - 1
        depth = 0
        j = start
        while j < len(code):
            ch = code[j]
            if ch == "<":
                depth += 1
            elif ch == ">":
                depth -= 1
                if depth == 0:
                    break
            elif ch in ";{}":
                j = -1
                break
            j += 1
        if 0 <= j < len(code) and depth == 0:
            for k in range(start, j + 1):
                chars[k] = "#"
    return "".join(chars)


# ---------------------------------------------------------------------------
# The operators. Each takes (line, code, tcode) -- the original line, its code
# mask, and the code mask with template arguments blanked -- and returns the
# mutated lines, in the order of their position.

SPACED_OP = re.compile(r"(?<= )([<>=!+\-*/]+)(?= )")

CMP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
ARITH = {"+": "-", "-": "+", "*": "/", "/": "*", "+=": "-=", "-=": "+=", "*=": "/=", "/=": "*="}


def _spaced_tokens(tcode, table):
    out = []
    for m in SPACED_OP.finditer(tcode):
        tok = m.group(1)
        if tok not in table:
            continue
        before = tcode[:m.start(1) - 1].rstrip()
        after = tcode[m.end(1) + 1:].lstrip()
        if tok in ("+", "+=") and (before.endswith(('"', "'")) or after.startswith(('"', "'", "std::to_string", "std::string"))):
            continue  # text joined with +: its other mutants do not compile
        out.append((m.start(1), m.end(1), table[tok]))
    return out


def op_cmp_flip(line, code, tcode):
    return [line[:s] + r + line[e:] for s, e, r in _spaced_tokens(tcode, CMP)]


def op_arith_swap(line, code, tcode):
    return [line[:s] + r + line[e:] for s, e, r in _spaced_tokens(tcode, ARITH)]


INT_LITERAL = re.compile(r"(?<![\w.'])(?<![eEpP][+-])(\d+)([uUlL]*)(?![\w.'])")


def op_off_by_one(line, code, tcode):
    found = []
    for m in INT_LITERAL.finditer(tcode):
        text = m.group(1)
        if len(text) > 1 and text.startswith("0"):
            continue  # octal
        value = int(text)
        found.append((m.start(1), m.end(1), str(value + 1)))
        if value > 0:
            found.append((m.start(1), m.end(1), str(value - 1)))
    # Index expressions: a[i] -> a[i + 1], a[i - 1], where the brackets follow a
    # name, ')' or ']' (not a lambda's captures or an attribute) and hold an
    # expression that is not a lone integer (those are constants, above).
    for m in re.finditer(r"(?<=[\w)\]])\[([^\[\]]+)\]", tcode):
        inner = m.group(1)
        if not re.search(r"[A-Za-z_]", inner) or inner.strip() != inner or "," in inner:
            continue
        s, e = m.start(1), m.end(1)
        if tcode[s:e] != code[s:e] or code[s:e] != line[s:e]:
            continue  # template arguments, a literal or a comment inside
        found.append((e, e, " + 1"))
        found.append((e, e, " - 1"))
    found.sort(key=lambda f: (f[0], f[1]))
    return [line[:s] + r + line[e:] for s, e, r in found]


CALL_NOT = {"if", "while", "for", "switch", "return", "sizeof", "alignof", "decltype",
            "static_assert", "catch", "noexcept", "alignas", "defined", "operator", "assert"}
# Calls whose two arguments commute: swapping them changes nothing.
SYMMETRIC = {"min", "max", "dot", "distance", "swap", "hypot", "Near", "equal"}
COMMUTING_INTRINSIC = re.compile(r"_mm\d*_(?:add|mul|min|max|and|or|xor)_(?:ps|pd|epi32|si\d+)$")
DECLARATION = re.compile(
    r"^(?:(?:const|constexpr|static|volatile|struct|class|typename|unsigned|signed|long)\s+)*"
    r"[A-Za-z_][\w:]*(?:#+)?[&*]*\s+[&*]*[A-Za-z_]\w*(?:\s*=.*)?$")


def _matching(code, open_at, open_ch="(", close_ch=")"):
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == open_ch:
            depth += 1
        elif code[j] == close_ch:
            depth -= 1
            if depth == 0:
                return j
    return -1


def _split_top(code, start, end):
    """Top-level comma positions of code[start:end] (parens, brackets and braces
    nest; template arguments are blanked already)."""
    depth = 0
    parts = []
    last = start
    for j in range(start, end):
        ch = code[j]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append((last, j))
            last = j + 1
    parts.append((last, end))
    return parts


def op_swap_args(line, code, tcode):
    out = []
    for m in re.finditer(r"([A-Za-z_]\w*)#*\(", tcode):
        name = m.group(1)
        if name in CALL_NOT or name in SYMMETRIC or COMMUTING_INTRINSIC.match(name):
            continue
        open_at = m.end() - 1
        close = _matching(tcode, open_at)
        if close < 0:
            continue
        parts = _split_top(tcode, open_at + 1, close)
        if len(parts) != 2:
            continue
        (s1, e1), (s2, e2) = parts
        a = line[s1:e1].strip()
        b = line[s2:e2].strip()
        ta = tcode[s1:e1].strip()
        tb = tcode[s2:e2].strip()
        if not a or not b or a == b:
            continue
        if DECLARATION.match(ta) or DECLARATION.match(tb):
            continue  # a function's parameters, not a call's arguments
        # Keep the original spacing: "f(a, b)" -> "f(b, a)".
        lead_a = line[s1:e1][:len(line[s1:e1]) - len(line[s1:e1].lstrip())]
        lead_b = line[s2:e2][:len(line[s2:e2]) - len(line[s2:e2].lstrip())]
        out.append(line[:s1] + lead_a + b + "," + lead_b + a + line[e2:])
    return out


STATEMENT_START_ENDS = (";", "{", "}", ":")
ASSIGNMENT = re.compile(r"^[A-Za-z_(*][\w.\->\[\]()*:#]*\s(?:=|\+=|-=|\*=|/=|\|=|&=|\^=|<<=|>>=)\s(.*);$")
CALL_STMT = re.compile(r"^[A-Za-z_][\w.\->:\[\]#]*\(.*\);$")
INCREMENT = re.compile(r"^(?:\+\+|--)?[A-Za-z_][\w.\->\[\]]*(?:\+\+|--)?;$")


def _balanced(code):
    return code.count("(") == code.count(")") and code.count("[") == code.count("]") and \
        code.count("{") == code.count("}")


def op_delete_stmt(line, code, tcode, prev_code_end):
    stmt = tcode.strip()
    if not stmt.endswith(";") or prev_code_end not in STATEMENT_START_ENDS:
        return []
    if not _balanced(tcode) or "{" in stmt or stmt.startswith(("case ", "default:")):
        return []
    if re.match(r"^(?:if \(.*\) )?return\b", stmt):
        pass
    elif INCREMENT.match(stmt):
        pass
    elif ASSIGNMENT.match(stmt):
        rhs = ASSIGNMENT.match(stmt).group(1)
        if rhs in ("default", "delete", "0") and stmt.endswith(") = " + rhs + ";"):
            return []
        lhs = stmt.split(" ", 1)[0]
        if lhs in ("using", "typedef", "return", "const", "auto", "static", "constexpr"):
            return []
    elif CALL_STMT.match(stmt):
        head = stmt.split("(", 1)[0]
        if head.split("::")[-1] in CALL_NOT or head in ("static_assert",):
            return []
    else:
        return []
    return [""]  # the line stays, empty, so that line numbers do not move


def op_negate_cond(line, code, tcode):
    out = []
    for m in re.finditer(r"\bif \(", tcode):
        open_at = m.end() - 1
        close = _matching(tcode, open_at)
        if close < 0:
            continue
        inner = line[open_at + 1:close]
        if not inner.strip() or ";" in tcode[open_at + 1:close]:
            continue  # if (init; cond): leave alone
        out.append(line[:open_at + 1] + "!(" + inner + ")" + line[close:])
    return out


def op_minmax_swap(line, code, tcode):
    out = []
    for m in re.finditer(r"\b(std|glm)::(min|max)\b", code):
        swapped = "max" if m.group(2) == "min" else "min"
        out.append(line[:m.start(2)] + swapped + line[m.end(2):])
    return out


def mutants_of_line(line, code, prev_code_end):
    """Every (operator, mutated line) for one line, in catalogue order, then by
    position; a mutant equal to the line or to an earlier one is dropped."""
    tcode = mask_templates(code)
    results = []
    seen = {line}
    for name in OPERATORS:
        if name == "delete_stmt":
            made = op_delete_stmt(line, code, tcode, prev_code_end)
        else:
            made = globals()["op_" + name](line, code, tcode)
        k = 0
        for mutated in made:
            if mutated in seen:
                continue
            seen.add(mutated)
            results.append((name, k, mutated))
            k += 1
    return results


def sites_of_text(text):
    """(line number, operator, k, original, mutated) for every site of a file's text."""
    lines = text.split("\n")
    masks = code_masks(text)
    prev_end = "{"  # the start of the file counts as the start of a statement
    out = []
    for number, (line, code) in enumerate(zip(lines, masks), start=1):
        if code is None:
            continue
        stripped = code.strip()
        if stripped:
            for name, k, mutated in mutants_of_line(line, code, prev_end):
                out.append((number, name, k, line, mutated))
            prev_end = stripped[-1]
    return out


# ---------------------------------------------------------------------------
# Files and sites.


def source_files(paths):
    files = []
    for p in paths:
        full = os.path.join(ROOT, p)
        if os.path.isfile(full):
            files.append(os.path.relpath(full, ROOT))
            continue
        for dirpath, dirnames, filenames in os.walk(full):
            dirnames.sort()
            for f in filenames:
                if f.endswith((".cpp", ".h")):
                    files.append(os.path.relpath(os.path.join(dirpath, f), ROOT))
    return sorted(set(files))


def read(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        return f.read().decode("utf-8")


def all_sites(paths):
    sites = []
    for path in source_files(paths):
        for number, name, k, original, mutated in sites_of_text(read(path)):
            sites.append((f"{path}:{number}:{name}:{k}", path, number, original, mutated))
    return sites


def draw(paths, seed, count):
    sites = all_sites(paths)
    random.Random(seed).shuffle(sites)
    return sites[:count]


def describe(path, number, original, mutated):
    return f"{path}:{number}: {original.strip()} -> {mutated.strip() or '(deleted)'}"


def parse_id(site_id):
    path, number, name, k = site_id.rsplit(":", 3)
    return path, int(number), name, int(k)


def find_site(site_id):
    path, number, name, k = parse_id(site_id)
    text = read(path)
    for n, op, kk, original, mutated in sites_of_text(text):
        if n == number and op == name and kk == k:
            return path, text, original, mutated
    raise SystemExit(f"mutate.py: no site {site_id} (has that line changed?)")


def apply(site_id):
    path, text, original, mutated = find_site(site_id)
    lines = text.split("\n")
    number = parse_id(site_id)[1]
    assert lines[number - 1] == original
    lines[number - 1] = mutated
    with open(os.path.join(ROOT, path), "wb") as f:
        f.write("\n".join(lines).encode("utf-8"))
    return describe(path, number, original, mutated)


# ---------------------------------------------------------------------------
# Which test executables to run for a changed file.

TEST_FOLDERS = ["anim", "import", "assets", "scene", "soak", "bench", "regress"]
LAYER_WORDS = {
    "core": ["soa_"], "clips": ["clip", "events", "root_motion"], "compression": ["compress"],
    "blending": ["mirror", "soa_"], "control": ["control", "blend_space"], "ik": ["ik"],
    "retarget": ["retarget"], "graph": ["graph"], "crowd": ["crowd"],
    "offline": ["compress", "retarget"],
}


def test_executables():
    """(name, folder, explicit link libraries) of every non-GL gtest executable,
    in the order of the CMakeLists files."""
    exes = []
    for folder in TEST_FOLDERS:
        cm = os.path.join(ROOT, "tests", folder, "CMakeLists.txt")
        if not os.path.exists(cm):
            continue
        with open(cm) as f:
            text = re.sub(r"#[^\n]*", "", f.read())
        links = {}
        for m in re.finditer(r"target_link_libraries\(\s*(\w+)([^)]*)\)", text):
            links.setdefault(m.group(1), set()).update(m.group(2).split())
        for m in re.finditer(r"anim_add_gtest\(\s*(\w+)", text):
            exes.append((m.group(1), folder, links.get(m.group(1), set())))
    return exes


def tests_for(path):
    parts = path.split("/")
    exes = test_executables()
    top = parts[0]
    stem_words = [w for w in re.split(r"[_./]", "/".join(parts[1:])) if len(w) >= 4 and
                  w not in ("cpp", "gltf")]
    if top == "anim":
        layer = parts[1] if len(parts) > 2 else ""
        words = LAYER_WORDS.get(layer, []) + stem_words
        first = ["anim_tests"]
        chosen = [e for e in exes if e[2] & {"anim", "anim_offline", "anim_import"}]
    elif top == "import":
        words = stem_words
        first = ["graph_description_tests"] if parts[-1].startswith("graph_description") else \
            ["retarget_mapping_file_tests"] if parts[-1].startswith("retarget_mapping") else \
            ["import_tests"]
        chosen = [e for e in exes if "anim_import" in e[2]]
    elif top == "regress":
        words = []
        first = ["regress_tests"]
        chosen = [e for e in exes if "anim_regress" in e[2]]
    else:
        return []
    names = [e[0] for e in chosen]

    def rank(item):
        index, (name, folder, _) = item
        if name in first:
            return (0, first.index(name), index)
        matches = any(w in name for w in words)
        home = folder == top or (top == "import" and folder == "import")
        allocation = "allocation" in name
        return (1, 0 if matches else 1, 0 if home else 1, 1 if allocation else 0, index)

    ordered = [e for _, e in sorted(enumerate(chosen), key=rank)]
    return [(name, f"tests/{folder}/{name}") for name, folder, _ in ordered if name in names]


# ---------------------------------------------------------------------------


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("plan")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, default=20)
    p.add_argument("paths", nargs="*")
    c = sub.add_parser("count")
    c.add_argument("paths", nargs="*")
    d = sub.add_parser("describe")
    d.add_argument("site")
    a = sub.add_parser("apply")
    a.add_argument("site")
    t = sub.add_parser("tests")
    t.add_argument("file")
    args = ap.parse_args(argv)
    if args.command in ("plan", "count") and not args.paths:
        args.paths = ["anim/", "import/", "regress/"]
    if args.command == "plan":
        for site_id, path, number, original, mutated in draw(args.paths, args.seed, args.count):
            print(f"{site_id}\t{path}\t{describe(path, number, original, mutated)}")
    elif args.command == "count":
        sites = all_sites(args.paths)
        for name in OPERATORS:
            print(f"{name}\t{sum(1 for s in sites if s[0].split(':')[2] == name)}")
        print(f"total\t{len(sites)}")
    elif args.command == "describe":
        path, _, original, mutated = find_site(args.site)
        print(describe(path, parse_id(args.site)[1], original, mutated))
    elif args.command == "apply":
        print(apply(args.site))
    elif args.command == "tests":
        for name, rel in tests_for(args.file):
            print(f"{name}\t{rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
