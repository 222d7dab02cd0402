"""A quiet, short start (issue 28 item 9): `tarot-teach` prints one line per step, the
build's and the server's output go to log files, a failed build is a few lines and the
log's path, and a machine without npm still gets through ``scripts/setup`` when what is
missing is only for the static site or the tests."""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tarot_teach.app import build as app_build
from tarot_teach.app import server as app_server

ROOT = Path(__file__).resolve().parents[2]
NOT_FOR_A_LEARNER = re.compile(r"\x1b\[|Traceback|without encryption|file://|Sphinx|ServerApp")


def _script(name: str):
    """The module of ``scripts/<name>.py``."""
    import importlib

    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.pop(0)


# ------------------------------------------------------------------ the build, in words


def test_the_build_log_has_no_colours_nor_the_kernels_tcp_warning(tmp_path):
    script = ("import sys\n"
              "print('\\x1b[01mreading sources... \\x1b[39;49;00m[ 4%] book/01-welcome')\n"
              "print('[IPKernelApp] WARNING | Kernel is running over TCP without encryption. "
              "All communication ...', file=sys.stderr)\n"
              "print('Executed notebook in 1.7 seconds')\n"
              "sys.exit(3)\n")
    log = tmp_path / "build.log"
    with open(log, "w", encoding="utf-8") as stream:
        code = app_build._run_logged([sys.executable, "-c", script], tmp_path, stream, False)
    assert code == 3
    assert log.read_text() == ("reading sources... [ 4%] book/01-welcome\n"
                               "Executed notebook in 1.7 seconds\n")


def _serve_in_process(monkeypatch, tmp_path, build):
    """main_serve with a stale book and ``build`` as the build; what it printed and its code."""
    monkeypatch.setattr(app_server, "book_is_stale", lambda root: True)
    monkeypatch.setattr(app_server, "build_book", build)
    monkeypatch.setattr(app_server, "html_dir", lambda root: tmp_path / "no-book")
    return app_server.main_serve(port=None, open_browser=False)


def test_a_build_is_one_line_with_its_time(monkeypatch, tmp_path, capsys):
    code = _serve_in_process(monkeypatch, tmp_path, lambda root, verbose: None)
    err = capsys.readouterr().err
    assert re.fullmatch(r"Building the book \(first time: a minute or two; log in \S+build\.log"
                        r"\)… done in \d+ s\.\n"
                        r"tarot-teach: there is no built book to serve \(run it without "
                        r"--no-build\)\.\n", err), err
    assert code == 1


def test_a_failed_build_says_why_in_a_few_lines_and_where_the_log_is(monkeypatch, tmp_path,
                                                                     capsys):
    log = tmp_path / "build.log"
    log.write_text("reading...\nTraceback (most recent call last):\n  File \"x.py\", line 1\n"
                   "    raise ExtensionError\nsphinx.errors.ExtensionError: vendored browser "
                   "assets are missing\nThere was an error in building your book. Look above "
                   "for the cause.\n")

    def fails(root, verbose):
        raise app_build.BuildFailed(app_build.failure_lines(log.read_text()), log)

    code = _serve_in_process(monkeypatch, tmp_path, fails)
    err = capsys.readouterr().err
    assert code == 1
    assert err.splitlines()[1:] == [
        "  sphinx.errors.ExtensionError: vendored browser assets are missing",
        f"The whole output is in {app_server.shown(log)}."]
    assert err.splitlines()[0].endswith("… failed:")


# ------------------------------------------------------------------ a real start


def _start(port: int, progress: Path, *extra: str) -> "tuple[list[str], int]":
    """`tarot-teach --no-build --no-browser` as a learner runs it, stopped with Ctrl+C once
    ready: the lines it printed and its exit code."""
    env = dict(os.environ, TAROT_TEACH_PROGRESS=str(progress / "progress.json"))
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    process = subprocess.Popen(
        [sys.executable, "-m", "tarot_teach.cli", "--no-build", "--no-browser",
         "--port", str(port), *extra],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    deadline = time.time() + 120
    try:
        while time.time() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
            if "#key=" in line:
                time.sleep(2)  # the pool's kernels start meanwhile: their output goes to the log
                process.send_signal(signal.SIGINT)
        rest, _ = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return lines + rest.splitlines(), process.returncode


@pytest.mark.slow
def test_a_start_prints_three_lines_and_logs_the_server_to_a_private_file(built_book,
                                                                           tmp_path):
    from test_live_local import free_port

    port = free_port()
    lines, code = _start(port, tmp_path)
    assert code == 0, lines
    assert len(lines) == 3, lines
    assert lines[0] == (f"Tutorial ready at http://127.0.0.1:{port}/ (Ctrl+C to stop; server "
                        f"log: {app_server.shown(tmp_path / f'server-{port}.log')}).")
    assert re.fullmatch(rf"Another browser needs this address once \(keep it to yourself\): "
                        rf"http://127\.0\.0\.1:{port}/\S+#key=\S+", lines[1])
    assert lines[2] == "Tutorial stopped."
    assert not NOT_FOR_A_LEARNER.search("\n".join(lines))
    log = tmp_path / f"server-{port}.log"
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    assert "without encryption" not in log.read_text()  # the kernels listen on Unix sockets


@pytest.mark.slow
def test_verbose_shows_the_server_log_here(built_book, tmp_path):
    from test_live_local import free_port

    port = free_port()
    lines, code = _start(port, tmp_path, "--verbose")
    assert code == 0, lines
    assert f"Tutorial ready at http://127.0.0.1:{port}/ (Ctrl+C to stop)." in lines
    assert lines[-1] == "Tutorial stopped."
    assert not (tmp_path / f"server-{port}.log").exists()


# ------------------------------------------------------------------ without Node.js


def test_platform_packages_install_only_on_their_machine(monkeypatch):
    fetch_assets = _script("fetch_assets")
    monkeypatch.setattr(fetch_assets.sys, "platform", "linux")
    monkeypatch.setattr(fetch_assets.platform, "machine", lambda: "x86_64")
    fits = fetch_assets._for_this_machine
    assert fits({}) and fits({"os": ["linux"], "cpu": ["x64"]}) and fits({"os": ["!win32"]})
    assert not fits({"os": ["darwin"], "cpu": ["x64"]}) and not fits({"cpu": ["arm64"]})
    assert not fits({"os": ["!linux"]})


@pytest.mark.slow  # (the bundle's 110 packages, from the registry on a first run)
def test_the_pages_javascript_is_built_without_node(tmp_path, monkeypatch):
    """The widget bundle and live.js come from the lockfile's packages and esbuild's own
    program, with node and npm hidden: the very bytes the site serves."""
    fetch_assets = _script("fetch_assets")
    monkeypatch.setenv("PATH", _path_without_npm(tmp_path))
    monkeypatch.setattr(fetch_assets, "BUNDLE_BUILD", tmp_path / "build")
    fetch_assets.build_widget_bundle(tmp_path / "bundle")
    fetch_assets.build_live_js(tmp_path / "live.js")
    served = ROOT / "vendor" / "site" / "_static" / "vendor" / "widgets"
    assert (tmp_path / "bundle" / "widgets.js").read_bytes() == \
        (served / "bundle" / "widgets.js").read_bytes()
    assert (tmp_path / "live.js").read_bytes() == (served / "live.js").read_bytes()
    assert not list((tmp_path / "build" / "node_modules").glob(".bin"))  # (no npm ran)


def test_a_tarball_that_is_not_the_pinned_one_is_refused(tmp_path, monkeypatch):
    """The registry (or a mirror) answers other bytes than the pinned integrity: refused in
    words, nothing kept; an unreachable registry is a sentence too."""
    import io

    fetch_assets = _script("fetch_assets")
    monkeypatch.setattr(fetch_assets, "NPM_CACHE", tmp_path)
    asked = []

    def registry(url, timeout):
        asked.append(url)
        return io.BytesIO(b"not the tarball")

    requirejs = fetch_assets.locked("requirejs")
    monkeypatch.setattr(fetch_assets.urllib.request, "urlopen", registry)
    with pytest.raises(fetch_assets.FetchError, match="integrity mismatch"):
        fetch_assets.npm_pack(requirejs)
    assert asked == [fetch_assets.tarball_url("requirejs", requirejs.version)]
    assert list(tmp_path.iterdir()) == []  # nothing kept

    def unreachable(url, timeout):
        raise OSError("Name or service not known")

    monkeypatch.setattr(fetch_assets.urllib.request, "urlopen", unreachable)
    with pytest.raises(fetch_assets.FetchError, match="could not be downloaded from https://"):
        fetch_assets.npm_pack(requirejs)


def test_one_lockfile_pins_every_package_fetched_from_npm(monkeypatch):
    """scripts/npm/package-lock.json pins with an integrity the packages the asset groups
    vendor as they are (package.json's devDependencies, at their versions) and every package
    the widget bundle is built from; the bundle installs none of the former."""
    fetch_assets = _script("fetch_assets")
    real, asked = fetch_assets.locked, []
    monkeypatch.setattr(fetch_assets, "locked", lambda name: asked.append(name) or real(name))
    for group in fetch_assets.GROUPS.values():
        group(check=True, quiet=True)
    package = json.loads((ROOT / "scripts" / "npm" / "package.json").read_text())
    assert sorted(asked) == sorted(package["devDependencies"])
    for name, version in package["devDependencies"].items():
        pinned = real(name)
        assert pinned.version == version and pinned.integrity.startswith("sha512-")
    bundle = fetch_assets.bundle_entries(fetch_assets.LOCKFILE)
    assert all(entry["integrity"].startswith("sha512-") for entry in bundle.values())
    assert {f"node_modules/{name}" for name in package["dependencies"]} <= set(bundle)
    assert not {f"node_modules/{name}" for name in package["devDependencies"]} & set(bundle)


def test_a_package_missing_from_the_lockfile_is_a_sentence(tmp_path, monkeypatch, capsys):
    fetch_assets = _script("fetch_assets")
    lock = json.loads(fetch_assets.LOCKFILE.read_text())
    del lock["packages"]["node_modules/axe-core"]
    del lock["packages"]["node_modules/mathjax"]["integrity"]
    (tmp_path / "package-lock.json").write_text(json.dumps(lock))
    monkeypatch.setattr(fetch_assets, "LOCKFILE", tmp_path / "package-lock.json")
    for name in ("axe-core", "mathjax"):
        with pytest.raises(fetch_assets.FetchError, match=f"pins no version and integrity for {name}"):
            fetch_assets.locked(name)
    assert fetch_assets.main(["--check", "axe"]) == 2
    assert "pins no version and integrity for axe-core" in capsys.readouterr().err


def test_fetch_assets_doctests():
    import doctest

    assert doctest.testmod(_script("fetch_assets")).failed == 0


def _path_without_npm(tmp_path: Path) -> str:
    """A PATH with every program of this one but node, npm and npx."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for directory in [str(Path(sys.executable).parent)] + os.environ["PATH"].split(os.pathsep):
        if not os.path.isdir(directory):
            continue
        for entry in os.scandir(directory):
            target = folder / entry.name
            if entry.name not in {"node", "nodejs", "npm", "npx", "corepack"} \
                    and not target.exists():
                target.symlink_to(entry.path)
    return str(folder)


@pytest.mark.slow
def test_setup_without_npm_does_not_fail(book, tmp_path):
    """scripts/setup on this checkout (installed, its assets fetched by the book's build)
    with node and npm hidden: nothing said, status 0."""
    installed = _script("installed")
    assert installed.missing() == []  # (else scripts/setup would install: not this test's job)
    env = dict(os.environ, PATH=_path_without_npm(tmp_path))
    done = subprocess.run(["scripts/setup"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    said = (done.stdout + done.stderr).splitlines()
    assert done.returncode == 0, said
    assert said == [], said


def test_nothing_to_install_when_everything_is_there(monkeypatch):
    installed = _script("installed")
    assert installed.missing() == []  # (scripts/setup installs nothing on each start)
    from packaging.requirements import Requirement

    monkeypatch.setattr(installed, "wanted",
                        lambda: [Requirement("pytest>=1"), Requirement("not-a-package-tt>=1"),
                                 Requirement("pytest<1")])
    assert installed.missing() == ["not-a-package-tt>=1 (not installed)",
                                   f"pytest<1 ({installed.metadata.version('pytest')} is "
                                   "installed)"]
