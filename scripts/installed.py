#!/usr/bin/env python3
"""Is there nothing for ``scripts/setup`` to install? Exit 0 when the running Python has
this checkout's ``tarot_teach`` (its ``tarot-teach`` command too) and every package of
``.[dev]`` at a version pyproject.toml allows; else exit 1, printing what is missing.

    .venv/bin/python scripts/installed.py
"""

from __future__ import annotations

import importlib.util
import sys
import tomllib
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wanted(extra: str = "dev") -> list:
    """The requirements of ``.[extra]`` (its own extras followed), as
    ``packaging.requirements.Requirement``."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project.get("optional-dependencies", {})
    found = [Requirement(text) for text in project.get("dependencies", [])]
    todo, seen = [extra], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for requirement in map(Requirement, extras.get(name, [])):
            if canonicalize_name(requirement.name) == canonicalize_name(project["name"]):
                todo.extend(requirement.extras)
            else:
                found.append(requirement)
    return found


def missing() -> "list[str]":
    """What is not installed as pyproject.toml wants it, in words (empty: nothing)."""
    try:
        requirements = wanted()
    except ImportError:
        return ["packaging (to read the requirements)"]
    problems = []
    for requirement in requirements:
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue
        try:
            version = metadata.version(requirement.name)
        except metadata.PackageNotFoundError:
            problems.append(f"{requirement} (not installed)")
            continue
        if not requirement.specifier.contains(version, prereleases=True):
            problems.append(f"{requirement} ({version} is installed)")
    spec = importlib.util.find_spec("tarot_teach")
    if spec is None or spec.origin is None or ROOT not in Path(spec.origin).resolve().parents:
        problems.append(f"tarot_teach from {ROOT} (editable)")
    if not (Path(sys.prefix) / "bin" / "tarot-teach").is_file():
        problems.append("the tarot-teach command")
    return problems


def main() -> int:
    problems = missing()
    for problem in problems:
        print(f"to install: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
