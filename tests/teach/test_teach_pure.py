"""The judges live in ``tarot_teach.teach``, importable without ipywidgets; widgets only wrap them."""

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import tarot_teach.teach as teach

ROOT = Path(__file__).resolve().parents[2]
TEACH_MODULES = sorted(m.name for m in pkgutil.iter_modules(teach.__path__))


def test_teach_imports_with_ipywidgets_blocked():
    code = ("import sys; sys.modules['ipywidgets'] = None; sys.modules['IPython'] = None\n"
            "import importlib, tarot_teach.teach\n"
            f"for name in {TEACH_MODULES!r}:\n"
            "    importlib.import_module('tarot_teach.teach.' + name)\n"
            "assert not any(m.startswith('tarot_teach.widgets') for m in sys.modules), "
            "sorted(m for m in sys.modules if m.startswith('tarot_teach.widgets'))\n"
            "print('ok')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_blocking_really_blocks():
    """The test above would fail if a teach module imported ipywidgets."""
    code = "import sys; sys.modules['ipywidgets'] = None\nimport tarot_teach.widgets"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode != 0 and "ipywidgets" in done.stderr


def _defined_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_judges_are_defined_once_in_teach():
    """A ``check_*`` judge defined in a widget module would be a second copy: it belongs in teach."""
    widget_dir = ROOT / "tarot_teach" / "widgets"
    for name in TEACH_MODULES:
        shell = widget_dir / f"{name}.py"
        if not shell.exists():
            continue
        in_shell = {f for f in _defined_functions(shell) if f.startswith("check_")}
        assert not in_shell, f"widgets/{name}.py defines {sorted(in_shell)}; move them to teach/{name}.py"
        pure = _defined_functions(ROOT / "tarot_teach" / "teach" / f"{name}.py")
        module = __import__(f"tarot_teach.widgets.{name}", fromlist=["_"])
        for function in pure:
            if function.startswith("check_"):
                assert getattr(module, function) is getattr(getattr(teach, name), function)
