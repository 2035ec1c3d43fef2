#!/usr/bin/env python3
"""Checks the CI scripts themselves (the `layering` stage runs it): what a stage says it sets must
reach the command it runs.

1. A line ending in a backslash must be continued by a command line, not by a comment or a blank
   line: `VAR=1 \\` followed by `# ...` ends the command there, so `VAR=1` becomes a plain shell
   assignment and the next line runs without it (the Miri stage once ran without MIRIFLAGS so).
2. Every upper-case variable a CI shell file assigns is read somewhere in .ci/ or exported
   (a variable set and never read is a setting that does nothing).

Before checking the files, it checks itself on two known-bad snippets (each must be flagged), so a
check that stopped finding anything fails.
"""
import re
import shlex
import sys
from pathlib import Path

CI = Path(__file__).resolve().parent
ASSIGN = re.compile(r"^\s*(?:export\s+|readonly\s+)?([A-Z][A-Z0-9_]*)=")


def continuation_errors(name, text):
    errors = []
    lines = text.split("\n")
    for i, line in enumerate(lines[:-1]):
        if line.rstrip().endswith("\\") and not line.lstrip().startswith("#"):
            nxt = lines[i + 1].strip()
            if nxt == "" or nxt.startswith("#"):
                errors.append(f"{name}:{i + 1}: a `\\` continuation runs into a "
                              f"{'blank' if nxt == '' else 'comment'} line: the command ends here")
    return errors


SPECIAL = {"IFS", "PATH", "HOME", "PWD", "OLDPWD"}
OPERATORS = {";", "&&", "||", "|", "&", "\\"}


def is_prefix_env(line):
    """Whether the line's leading assignments are the environment of a command on the same line
    (`VAR=1 cargo test`, or with the command on the continued next line): the command reads them."""
    line = line.split(" #")[0].rstrip()
    if line.endswith("\\"):
        # Continued: the command is on the next line (rule 1 checks that it is a command).
        line = line[:-1] + " command"
    try:
        words = shlex.split(line, comments=True, posix=True)
    except ValueError:
        return False
    rest = [w for w in words if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", w)]
    return bool(rest) and rest[0] not in OPERATORS and len(rest) < len(words)


def unread_errors(files):
    """`files`: {name: text}. Upper-case variables assigned in one of them and read in none (a read
    is any other mention of the name on a line that does not assign it)."""
    all_lines = [line for text in files.values() for line in text.split("\n")]
    errors = []
    for name, text in files.items():
        for i, line in enumerate(text.split("\n")):
            m = ASSIGN.match(line)
            if not m or line.lstrip().startswith("export") or m.group(1) in SPECIAL:
                continue
            if is_prefix_env(line):
                continue
            var = m.group(1)
            assigns = re.compile(r"\b" + var + r"\+?=")
            mention = re.compile(r"\b" + var + r"\b")
            if not any(mention.search(l) and not assigns.search(l) for l in all_lines):
                errors.append(f"{name}:{i + 1}: {var} is set but never read")
    return errors


def selftest():
    bad_continuation = 'miri() {\n  A=1 B=2 \\\n    # a comment\n    cargo miri test\n}\n'
    bad_unread = 'LIMITS=0\nstage() {\n  [ 1 ] || LIMITS=$((LIMITS + 1))\n}\n'
    assert continuation_errors("selftest", bad_continuation), "continuation check found nothing"
    assert unread_errors({"selftest": bad_unread}), "unread-variable check found nothing"
    good = 'X=1 \\\n  cargo test\necho "$X"\n'
    assert not continuation_errors("selftest", good) and not unread_errors({"selftest": good})


def main():
    selftest()
    files = {p.relative_to(CI.parent).as_posix(): p.read_text()
             for p in sorted([CI / "run", *CI.glob("*.sh")])}
    errors = []
    for name, text in files.items():
        errors += continuation_errors(name, text)
    errors += unread_errors(files)
    for e in errors:
        print(e)
    print(f"lint_ci: {len(files)} CI scripts, {len(errors)} problem(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
