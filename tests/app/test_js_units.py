"""The live page's JavaScript modules (scripts/assets/live/) under their unit tests:
``node --test`` on tests/js/*.test.mjs (a fake WebSocket, a fake worker, a small fake
document). Fails on any failing JavaScript test; skipped only when Node.js is absent."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

JS_TESTS = Path(__file__).resolve().parents[1] / "js"


def test_the_live_modules_pass_their_node_tests():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js (`node`) is not installed: the JavaScript unit tests cannot run")
    files = sorted(JS_TESTS.glob("*.test.mjs"))
    assert files, f"no *.test.mjs in {JS_TESTS}"
    proc = subprocess.run([node, "--test", *map(str, files)], capture_output=True, text=True,
                          timeout=300, cwd=JS_TESTS)
    failed = [line for line in proc.stdout.splitlines() if line.lstrip().startswith("not ok")]
    assert proc.returncode == 0 and not failed, (
        f"node --test failed ({proc.returncode}):\n" + "\n".join(failed) + "\n\n"
        + proc.stdout[-6000:] + proc.stderr[-2000:])
    assert "# fail 0" in proc.stdout and "# pass 0" not in proc.stdout
