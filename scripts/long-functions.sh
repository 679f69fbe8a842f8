#!/usr/bin/env bash
# Lists the functions longer than N lines: the project splits a function past ~80 lines.
#
#   bash scripts/long-functions.sh [-n N] [--all] [--clang [--build-dir DIR]] [PATH...]
#
#   -n N         the line limit (default 80)
#   --all        scan core/, ui/ and app/ (default: core/ only); PATH... scans those files or folders
#   --clang      ask clang-tidy (readability-function-size) instead of the built-in scanner:
#                exact, but it parses every .cpp with its compile command (about 6 minutes for
#                core/ on a busy two-core machine) and skips headers. Needs clang-tidy and
#                DIR/compile_commands.json (default DIR build/); when that is missing the build
#                directory is reconfigured with CMAKE_EXPORT_COMPILE_COMMANDS=ON, which
#                rebuilds nothing.
#
# A function's length is the line of its closing brace minus the line of its opening brace,
# the count clang-tidy's readability-function-size reports, so both ways give the same
# numbers. Lambdas count towards the function they are written in. Output, longest first:
#   LINES  FILE:LINE  NAME
# Exit status 0 when nothing is over the limit, 1 when something is, 2 on a usage error.
#
# The built-in scanner (Python, a second for the whole tree) blanks comments, string and
# character literals (raw strings and digit separators too) and preprocessor lines, then
# matches braces: a brace at namespace or class scope whose header ends in a parameter list
# (with const / noexcept / override / -> T / a constructor's initialiser list after it) opens
# a function; everything inside it is the function's.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=80
clang=0
build_dir=build
paths=()
while [ $# -gt 0 ]; do
  case "$1" in
    -n) limit="$2"; shift 2 ;;
    --all) paths+=(core ui app); shift ;;
    --clang) clang=1; shift ;;
    --build-dir) build_dir="$2"; shift 2 ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    -*) echo "long-functions.sh: unknown option $1" >&2; exit 2 ;;
    *) paths+=("$1"); shift ;;
  esac
done
case "$limit" in
  ''|*[!0-9]*) echo "long-functions.sh: -n needs a whole number" >&2; exit 2 ;;
esac
[ ${#paths[@]} -gt 0 ] || paths=(core)

if [ "$clang" = 1 ]; then
  command -v clang-tidy >/dev/null || { echo "long-functions.sh: --clang needs clang-tidy (apt-get install clang-tidy)" >&2; exit 2; }
  if [ ! -f "$build_dir/compile_commands.json" ]; then
    echo "== $build_dir/compile_commands.json missing: configuring with CMAKE_EXPORT_COMPILE_COMMANDS=ON" >&2
    if [ -f "$build_dir/CMakeCache.txt" ]; then cmake -S . -B "$build_dir" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
    elif [ "$build_dir" = build ]; then cmake --preset release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
    else cmake -S . -B "$build_dir" -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null; fi
  fi
fi

exec python3 - "$limit" "$clang" "$build_dir" "${paths[@]}" <<'PY'
import json, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

limit, use_clang, build_dir, roots = int(sys.argv[1]), sys.argv[2] == "1", sys.argv[3], sys.argv[4:]
SOURCE = (".cpp", ".h", ".hpp", ".cc")


def files_under(roots):
    out = []
    for root in roots:
        if os.path.isfile(root):
            out.append(os.path.normpath(root))
            continue
        if not os.path.isdir(root):
            print(f"long-functions.sh: no such file or folder: {root}", file=sys.stderr)
            sys.exit(2)
        for d, dirs, names in os.walk(root):
            dirs[:] = sorted(x for x in dirs if not x.startswith((".", "build")))
            out += [os.path.normpath(os.path.join(d, n)) for n in sorted(names) if n.endswith(SOURCE)]
    return out


# ---- the built-in scanner -------------------------------------------------------------

def blank(text):
    """The text with comments, literals and preprocessor lines replaced by spaces (newlines
    kept, so offsets and line numbers stay)."""
    out = list(text)
    n, i = len(text), 0

    def wipe(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#":  # a directive, with its continuation lines
            j = i
            while j < n and text[j] != "\n":
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "\n":
                    j += 1
                elif text.startswith("/*", j):  # a block comment may run on
                    e = text.find("*/", j + 2)
                    j = n - 1 if e < 0 else e + 1
                j += 1
            wipe(i, j)
            i = j
            continue
        if c == "\n":
            line_start = True
            i += 1
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            wipe(i, j)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            wipe(i, j)
            i = j
        elif c == '"':
            m = re.compile(r'(?:u8|[uUL])?R$').search(text, max(0, i - 3), i)
            if m and (m.start() == 0 or not (text[m.start() - 1].isalnum() or text[m.start() - 1] == "_")):
                close = text.index("(", i)
                end = text.find(")" + text[i + 1:close] + '"', close)
                j = n if end < 0 else end + len(text[i + 1:close]) + 2  # past the closing quote
            else:
                j = i + 1
                while j < n and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                j += 1
            wipe(i + 1, min(j, n) - 1)
            i = j
        elif c == "'":
            k = i - 1  # a digit separator (1'000'000) sits inside a number
            while k >= 0 and (text[k].isalnum() or text[k] in "_.'"):
                k -= 1
            if i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_") and text[k + 1].isdigit():
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != "'" and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            wipe(i + 1, min(j, n))
            i = j + 1
        else:
            i += 1
    return "".join(out)


ACCESS = re.compile(r"^.*\b(?:public|private|protected|signals|Q_SIGNALS|slots|Q_SLOTS)\s*:(?!:)", re.S)
TEMPLATE = re.compile(r"^\s*template\s*<")
CLASS = re.compile(r"\b(?:class|struct|union)(?:\s+(?:alignas\s*\([^)]*\)|\[\[[^\]]*\]\]|[A-Z_]+))*"
                   r"(?:\s+[\w:<>, ]+?)?(?:\s+final)?\s*(?::[^{;()]*)?$")
TAIL = re.compile(r"^(?:\s|const\b|volatile\b|noexcept\b|override\b|final\b|mutable\b|try\b|&&|&|->[^;{}]*)*$")


def strip_template(h):
    """The header without a leading template <...> (nested angles allowed)."""
    while TEMPLATE.match(h):
        i, depth = h.index("<"), 0
        for j in range(i, len(h)):
            depth += {"<": 1, ">": -1}.get(h[j], 0)
            if depth == 0:
                h = h[j + 1:]
                break
        else:
            return h
    return h


def top_level_groups(h):
    """(open, close) of each top-level parenthesised group of a header."""
    groups, depth, start = [], 0, 0
    for i, c in enumerate(h):
        if c == "(":
            if depth == 0:
                start = i
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                groups.append((start, i))
    return groups


INIT = re.compile(r"^\s*(?:(?:const|noexcept|override|final)\s*)*:(?!:)")
NAME = re.compile(r"((?:[A-Za-z_]\w*(?:<[^;{}()]*>)?\s*::\s*)*~?\s*"
                  r"(?:operator\s*(?:\(\)|[^\w\s(]+|\w[\w:<> ]*)|[A-Za-z_]\w*))\s*$")
KEYWORDS = re.compile(r"(?:if|for|while|switch|catch|return|sizeof|decltype|alignas|static_assert)")


def function_name(h):
    """The function a header declares, or None when it does not end in a parameter list."""
    groups = top_level_groups(h)
    if not groups:
        return None
    # The parameter list: the group a constructor's initialiser list follows, else the last
    # group, followed by nothing but qualifiers.
    pick = next(((o, c) for o, c in groups if INIT.match(h[c + 1:])), None)
    if pick is None:
        pick = groups[-1]
        if not TAIL.match(h[pick[1] + 1:]):
            return None
    before = h[:pick[0]].rstrip()
    if before.endswith("]"):
        return None  # a lambda
    m = NAME.search(before)
    if not m or KEYWORDS.fullmatch(m.group(1)):
        return None
    return re.sub(r"\s+", "", m.group(1))


def scan(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    clean = blank(text)
    line_of = [0] * (len(clean) + 1)
    line = 1
    for i, c in enumerate(clean):
        line_of[i] = line
        if c == "\n":
            line += 1
    line_of[len(clean)] = line

    found = []
    stack = []  # (kind, name, open offset, header start offset)
    head = 0
    scopes = ("ns", "class")
    i, n = 0, len(clean)

    def match_brace(k):
        depth = 0
        for j in range(k, n):
            if clean[j] == "{":
                depth += 1
            elif clean[j] == "}":
                depth -= 1
                if depth == 0:
                    return j
        return n - 1

    while i < n:
        c = clean[i]
        top = stack[-1][0] if stack else "ns"
        if c == "{":
            if top not in scopes:
                stack.append(("block", None, i, i))
                i += 1
                continue
            raw = clean[head:i]
            header = ACCESS.sub("", raw) if top == "class" else raw
            if header.count("(") > header.count(")"):
                i = match_brace(i) + 1  # a brace inside a default argument: part of the header
                continue
            h = strip_template(header).strip()
            in_init = bool(re.search(r"\)\s*(?:(?:const|noexcept)\s*)*:(?!:)", h)) and not re.match(r"^(?:class|struct|union|enum)\b", h)
            if in_init and re.search(r"[\w>]\s*$", h):
                i = match_brace(i) + 1  # a member initialiser's braces: m_x{…}
                continue
            # At the end of the header: a macro such as Q_LOGGING_CATEGORY(…) without a ';'
            # may come before.
            if re.search(r"(?:^|[\s)])(?:inline\s+)?namespace(?:\s+[\w:]+)?$", h) or re.search(r'(?:^|[\s)])extern\s*""$', h):
                stack.append(("ns", None, i, head))
            elif re.search(r"\benum\b", h) and "(" not in h:
                stack.append(("block", None, i, head))
            elif CLASS.search(h):
                stack.append(("class", None, i, head))
            else:
                name = function_name(h)
                if name:
                    start = head + len(raw) - len(header.lstrip())  # past an access specifier
                    stack.append(("func", name, i, start))
                else:
                    stack.append(("block", None, i, head))  # an initialiser, a lambda at namespace scope
            head = i + 1
            i += 1
            continue
        if c == "}":
            if stack:
                kind, name, opened, start = stack.pop()
                if kind == "func":
                    found.append((line_of[i] - line_of[opened], path, line_of[start], name))
            head = i + 1
        elif c == ";" and top in scopes:
            head = i + 1
        i += 1
    return found


# ---- clang-tidy ----------------------------------------------------------------------

def tidy(path, database):
    config = json.dumps({"Checks": "-*,readability-function-size",
                         "CheckOptions": [{"key": "readability-function-size.LineThreshold", "value": str(limit)}]})
    run = subprocess.run(["clang-tidy", "-p", database, f"--config={config}", "--quiet", path],
                         capture_output=True, text=True)
    found, last = [], None
    for ln in run.stdout.splitlines():
        m = re.match(r"^(.*?):(\d+):\d+: warning: function '(.*)' exceeds recommended size", ln)
        if m:
            last = (os.path.relpath(m.group(1)), int(m.group(2)), m.group(3))
            continue
        m = re.match(r"^.*note: (\d+) lines including whitespace and comments", ln)
        if m and last:
            found.append((int(m.group(1)), last[0], last[1], last[2]))
            last = None
    return found


files = files_under(roots)
if use_clang:
    database = os.path.join(build_dir, "compile_commands.json")
    compiled = {os.path.relpath(e["file"]) for e in json.load(open(database))}
    units = [f for f in files if f in compiled]
    skipped = [f for f in files if f.endswith((".cpp", ".cc")) and f not in compiled]
    for f in skipped:
        print(f"long-functions.sh: {f} is not in {database}: not checked", file=sys.stderr)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = [r for part in pool.map(lambda f: tidy(f, build_dir), units) for r in part]
    results = [r for r in results if r[0] > limit]
else:
    results = [r for f in files for r in scan(f) if r[0] > limit]

results = sorted(set(results), key=lambda r: (-r[0], r[1], r[2]))
for lines, path, line, name in results:
    print(f"{lines:5d}  {path}:{line}  {name}")
print(f"{len(results)} function(s) over {limit} lines in {' '.join(roots)}", file=sys.stderr)
sys.exit(1 if results else 0)
PY
