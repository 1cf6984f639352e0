#!/usr/bin/env python3
"""The longest functions of the Rust sources: file:line, lines, name.

    python3 scripts/longest-fns.py [N] [PATH…]     (default: 10, src/)

A function's length counts every line from its `fn` to its closing brace,
blank lines and comments included. Test modules (`mod tests`) are skipped.
"""

import re
import sys
from pathlib import Path


def blank_comments_and_strings(text: str) -> str:
    """The text with comments, strings and char literals blanked out, same length and lines."""
    out = list(text)
    i, n = 0, len(text)

    def blank(a, b):
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            depth, j = 0, i
            while j < n:
                if text.startswith("/*", j):
                    depth += 1
                    j += 2
                elif text.startswith("*/", j):
                    depth -= 1
                    j += 2
                    if depth == 0:
                        break
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            close = '"' + m.group(1)
            j = text.find(close, i + len(m.group(0)))
            j = n if j < 0 else j + len(close)
            blank(i, j)
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            blank(i, j + 1)
            i = j + 1
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:])
            if m:
                blank(i, i + len(m.group(0)))
                i += len(m.group(0))
            else:
                i += 1
        else:
            i += 1
    return "".join(out)


FN = re.compile(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)")
TESTS = re.compile(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{")


def matching(code: str, open_at: int) -> int:
    depth = 0
    for k in range(open_at, len(code)):
        if code[k] == "{":
            depth += 1
        elif code[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(code) - 1


def functions(path: Path):
    code = blank_comments_and_strings(path.read_text(encoding="utf-8"))
    skipped = []
    for m in TESTS.finditer(code):
        skipped.append((m.start(), matching(code, m.end() - 1)))
    for m in FN.finditer(code):
        if any(a <= m.start() <= b for a, b in skipped):
            continue
        # The body: the first `{` after the signature, unless a `;` comes first (a declaration).
        k = m.end()
        depth = 0
        while k < len(code):
            ch = code[k]
            if ch in "(<[":
                depth += 1
            elif ch in ")>]":
                depth -= 1
            elif ch == ";" and depth <= 0:
                k = -1
                break
            elif ch == "{" and depth <= 0:
                break
            k += 1
        if k < 0 or k >= len(code):
            continue
        end = matching(code, k)
        first = code.count("\n", 0, m.start()) + 1
        last = code.count("\n", 0, end) + 1
        yield first, last - first + 1, m.group(1)


def main():
    args = sys.argv[1:]
    count = int(args.pop(0)) if args and args[0].isdigit() else 10
    roots = [Path(a) for a in args] or [Path("src")]
    rows = []
    for root in roots:
        files = [root] if root.is_file() else sorted(root.rglob("*.rs"))
        for f in files:
            for line, length, name in functions(f):
                rows.append((length, f"{f}:{line}", name))
    rows.sort(key=lambda r: (-r[0], r[1]))
    for length, where, name in rows[:count]:
        print(f"{length:5}  {where:40}  {name}")


if __name__ == "__main__":
    main()
