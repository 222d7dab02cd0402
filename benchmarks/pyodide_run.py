"""Run a piece of Python in Pyodide (the static site's Python) under Node.js, for benchmarks.

The project's wheel is installed from ``vendor/site/.../lite/pypi`` (a fresh one is built in
a temporary folder when ``tarot_teach/`` changed since). ``setup`` runs first, then ``timed``,
whose last expression must be a JSON text (an object); its CPU seconds (the Node.js
process's) are added as ``cpu``, and how long loading Pyodide and the wheel took as
``loaded``. ``ARGS`` holds the JSON text of ``args``.
"""

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LITE = ROOT / "vendor" / "site" / "_static" / "vendor" / "lite"

NODE_CODE = """
import { loadPyodide } from "%(mjs)s";
import { readFileSync } from "node:fs";
const started = Date.now();
const py = await loadPyodide({ indexURL: "%(index)s" });
py.FS.writeFile("/tmp/project.whl", readFileSync("%(wheel)s"));
py.runPython(`import site, zipfile
zipfile.ZipFile("/tmp/project.whl").extractall(site.getsitepackages()[0])`);
const loaded = (Date.now() - started) / 1000;
py.globals.set("ARGS", readFileSync(0, "utf8"));
const [setup, timed] = %(code)s;
py.runPython(setup);
const cpu = process.cpuUsage();
const result = JSON.parse(py.runPython(timed));
const used = process.cpuUsage(cpu);
result.cpu = (used.user + used.system) / 1e6;
result.loaded = loaded;
console.log(JSON.stringify(result));
"""


def project_wheel(folder: Path) -> Path:
    """The site's tarot_teach wheel, or a fresh one in ``folder`` if the sources are newer."""
    vendored = sorted((LITE / "pypi").glob("tarot_teach-*.whl"))
    newest = max(path.stat().st_mtime for path in (ROOT / "tarot_teach").rglob("*.py"))
    if vendored and vendored[-1].stat().st_mtime >= newest:
        return vendored[-1]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--disable-pip-version-check", "-w", str(folder), str(ROOT)], check=True,
                   stdout=subprocess.DEVNULL)
    return next(folder.glob("tarot_teach-*.whl"))


def run_in_pyodide(setup: str, timed: str, args: dict) -> dict:
    """The JSON object ``timed`` ends with, run in Pyodide after ``setup`` (RuntimeError in
    words when Node.js or the vendored Pyodide is missing, or the code failed)."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node.js is not installed")
    if not (LITE / "pyodide" / "pyodide.mjs").is_file():
        raise RuntimeError(f"no Pyodide in {LITE / 'pyodide'}: run scripts/setup")
    with tempfile.TemporaryDirectory(prefix="bench-pyodide-") as tmp:
        script = Path(tmp) / "run.mjs"
        script.write_text(NODE_CODE % {
            "mjs": (LITE / "pyodide" / "pyodide.mjs").as_posix(),
            "index": (LITE / "pyodide").as_posix() + "/",
            "wheel": project_wheel(Path(tmp)).as_posix(), "code": json.dumps([setup, timed])})
        done = subprocess.run([node, str(script)], input=json.dumps(args), text=True,
                              capture_output=True)
        if done.returncode:
            raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "node failed")
        return json.loads(done.stdout.strip().splitlines()[-1])
