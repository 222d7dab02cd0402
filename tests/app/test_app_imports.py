"""What starting the server imports: tarot_teach.app keeps rfc3987_syntax out of its process
(jsonschema's "iri" format checks, whose import builds some forty grammars: a second of
every start), which is safe only while no schema the server validates uses "iri"."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import util
from pathlib import Path

import yaml


def _schemas(package: str):
    """(the file's path from the package's parent folder, the schema) of each JSON or YAML
    file of ``package``."""
    folder = Path(util.find_spec(package).origin).parent
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder.parent).as_posix()
        if path.suffix == ".json":
            yield name, json.loads(path.read_text(encoding="utf-8"))
        elif path.suffix in (".yaml", ".yml"):
            yield name, yaml.safe_load(path.read_text(encoding="utf-8"))


def _formats(schema) -> set:
    if isinstance(schema, dict):
        found = {schema["format"]} if isinstance(schema.get("format"), str) else set()
        return found.union(*(_formats(value) for value in schema.values()))
    if isinstance(schema, list):
        return set().union(*(_formats(value) for value in schema))
    return set()


def test_no_schema_of_the_servers_packages_uses_the_iri_format():
    used = {}  # schema file -> the formats it uses
    for package in ("jupyter_server", "jupyter_events", "nbformat"):
        for name, schema in _schemas(package):
            formats = _formats(schema)
            if formats:
                used[name] = sorted(formats)
    assert used, "no schema with a format found: the search is broken"
    assert not [name for name, formats in used.items()
                if {"iri", "iri-reference"} & set(formats)], used


def test_the_server_imports_without_rfc3987_syntax():
    code = ("import sys, tarot_teach.app.server, jupyter_server.serverapp, jsonschema\n"
            "print(sys.modules.get('rfc3987_syntax', 'absent'))\n"
            "print(jsonschema.Draft7Validator.FORMAT_CHECKER.conforms('x', 'iri'))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["None", "True"], out  # (not imported; "iri" no longer checked)
