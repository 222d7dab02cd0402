#!/usr/bin/env python3
"""Fetch the third-party browser assets the book serves itself, so the built site
asks the network for nothing outside the site.

Run from anywhere (idempotent; re-running skips what is already in place):

    python scripts/fetch_assets.py            # fetch whatever is missing
    python scripts/fetch_assets.py --force    # refetch everything
    python scripts/fetch_assets.py --check    # only report; exit 1 if something is missing
    python scripts/fetch_assets.py --log F    # details in F; here one line if something is fetched

No Node.js is needed: packages come straight from the npm registry (``$npm_config_registry``,
else registry.npmjs.org) as tarballs of the exact versions of scripts/npm/package-lock.json,
the one lockfile of every npm package vendored here, their integrity checked against it (no
lifecycle scripts run); the bundles are built by esbuild's own program (the
``@esbuild/<os>-<cpu>`` package of that lockfile). Node.js, when there, only precompiles
the static site's Python modules.
Everything lands in ``vendor/`` (git-ignored):

    vendor/npm/                       downloaded tarballs (a cache)
    vendor/site/                      published into the site root by Sphinx
                                      (``html_extra_path`` in _config.yml)
      _static/vendor/widgets/require.js
      _static/vendor/widgets/setup.js          (copied from scripts/assets/widgets-setup.js)
      _static/vendor/widgets/live.js           scripts/assets/live/*.js bundled by esbuild
                                               into one file (build_live_js)
      _static/vendor/widgets/nav.js            (copied from scripts/assets/nav.js; every page)
      _static/vendor/widgets/lazy/embed-amd.js (scripts/assets/embed-loader.js)
      _static/vendor/widgets/bundle/           the widget manager the pages load: widgets.js,
                                               widgets.css and their fonts, built with esbuild
                                               from scripts/npm/ (build_widget_bundle)
      _static/vendor/sw-vendor.json            for the service worker tt-sw.js, which
                                               scripts/sphinx_offline_site.py writes
      _static/vendor/widgets/html-manager/     embed-amd.js + its Font Awesome fonts
      _static/vendor/mathjax/                  MathJax 3 "es5" tree (tex-mml-chtml.js, fonts...)

Nothing here goes into an ``html_static_path`` folder on purpose: Jupyter Book 1 adds every
``*.js``/``*.css`` of those folders to every page, which made widgets render twice.
myst-nb adds the widget scripts only to pages that hold widget state (``nb_ipywidgets_js``),
and Sphinx adds MathJax only to pages with math (``mathjax_path``).

      _static/vendor/lite/                     Pyodide core (npm), the Pyodide kernel's worker
                                               and wheels (PyPI), see fetch_jupyterlite()
      _static/vendor/live/session.json         where live.js finds its kernel (static: lite)
    vendor/test/axe/axe.min.js        axe-core, for the accessibility browser tests only
                                      (tests/axe_check.py); never published in the site
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "vendor"
NPM_CACHE = VENDOR / "npm"
SITE = VENDOR / "site"  # mirrors the built site's root
SITE_VENDOR = SITE / "_static" / "vendor"
WIDGETS_DIR = SITE_VENDOR / "widgets"
MATHJAX_DIR = SITE_VENDOR / "mathjax"
ASSETS_SRC = ROOT / "scripts" / "assets"
STAMP = ".fetched.json"


@dataclass(frozen=True)
class NpmPackage:
    name: str
    version: str
    integrity: str  # the registry's dist.integrity (sha512, base64)

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"


class FetchError(RuntimeError):
    pass


NPM_SRC = ROOT / "scripts" / "npm"  # package.json, package-lock.json, entry.js
LOCKFILE = NPM_SRC / "package-lock.json"
BUNDLE_BUILD = VENDOR / "widgets-build"  # npm's node_modules for the bundle (a cache)


def locked(name: str, lockfile: "Path | None" = None) -> NpmPackage:
    """The version and integrity the lockfile pins for ``name``, a package the project
    depends on itself (package.json).

    >>> locked("mathjax").integrity.startswith("sha512-")
    True
    """
    lockfile = lockfile or LOCKFILE
    try:
        entry = json.loads(lockfile.read_text(encoding="utf-8"))["packages"][f"node_modules/{name}"]
        return NpmPackage(name, entry["version"], entry["integrity"])
    except (OSError, ValueError, KeyError) as exc:
        raise FetchError(f"{lockfile} pins no version and integrity for {name} ({exc!r}); add it "
                         "to package.json there and run `npm install --package-lock-only "
                         "--ignore-scripts`") from exc


DETAIL = None
"""Where the progress lines and the output of the commands run go (``--log``): None is this
terminal."""


def log(msg: str) -> None:
    stream = DETAIL or sys.stdout
    stream.write(f"[fetch_assets] {msg}\n")  # (one write: the groups run two at a time)
    stream.flush()


def run_checked(command: "list[str]", **kwargs) -> None:
    """``subprocess.run(command, check=True)``, its output where :func:`log` writes."""
    subprocess.run(command, check=True, stdout=DETAIL,
                   stderr=subprocess.STDOUT if DETAIL else None, **kwargs)


# --------------------------------------------------------------------------- npm helpers


REGISTRY = os.environ.get("npm_config_registry") or "https://registry.npmjs.org/"
"""The npm registry the tarballs come from (npm's own setting, when given)."""


def _sri(data: bytes, integrity: str) -> str:
    """``data``'s Subresource Integrity string in the algorithm of ``integrity``."""
    algorithm = integrity.split("-", 1)[0]
    if algorithm not in ("sha512", "sha384", "sha256", "sha1"):
        raise FetchError(f"unknown integrity algorithm {algorithm!r}")
    return f"{algorithm}-" + base64.b64encode(hashlib.new(algorithm, data).digest()).decode()


def tarball_url(name: str, version: str) -> str:
    """Where the npm registry keeps ``name@version``'s tarball.

    >>> tarball_url("@esbuild/linux-x64", "0.28.2").endswith("/@esbuild/linux-x64/-/linux-x64-0.28.2.tgz")
    True
    """
    return f"{REGISTRY.rstrip('/')}/{name}/-/{name.rsplit('/', 1)[-1]}-{version}.tgz"


def npm_pack(pkg: NpmPackage) -> Path:
    """Download the tarball of exactly ``pkg`` from the npm registry into vendor/npm/
    (cached), check its integrity, and return it."""
    NPM_CACHE.mkdir(parents=True, exist_ok=True)
    tarball = NPM_CACHE / f"{pkg.name.lstrip('@').replace('/', '-')}-{pkg.version}.tgz"
    if tarball.is_file() and _sri(tarball.read_bytes(), pkg.integrity) == pkg.integrity:
        log(f"{pkg.spec}: using cached {tarball.relative_to(ROOT)}")
        return tarball
    url = tarball_url(pkg.name, pkg.version)
    log(f"{pkg.spec}: downloading {url} ...")
    try:
        with urllib.request.urlopen(url, timeout=300) as response:
            data = response.read()
    except OSError as exc:  # (URLError, HTTPError and timeouts are OSErrors)
        raise FetchError(f"{pkg.spec} could not be downloaded from {url}: {exc}") from exc
    got = _sri(data, pkg.integrity)
    if got != pkg.integrity:
        raise FetchError(
            f"{pkg.spec}: integrity mismatch\n  expected {pkg.integrity}\n  got      {got}")
    partial = tarball.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(tarball)
    log(f"{pkg.spec}: downloaded to {tarball.relative_to(ROOT)} (integrity ok)")
    return tarball


NODE_OS = {"linux": "linux", "darwin": "darwin", "win32": "win32", "cygwin": "win32"}
NODE_CPU = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64",
            "i386": "ia32", "i686": "ia32", "x86": "ia32", "armv7l": "arm"}


def _for_this_machine(entry: dict) -> bool:
    """Whether a package-lock entry installs here (its ``os`` and ``cpu`` lists, "!x" a
    refusal), as npm decides for optional platform packages such as esbuild's."""
    here = {"os": NODE_OS.get(sys.platform, sys.platform),
            "cpu": NODE_CPU.get(platform.machine().lower(), platform.machine().lower())}
    for field, value in here.items():
        wanted = entry.get(field) or []
        if f"!{value}" in wanted:
            return False
        if any(not w.startswith("!") for w in wanted) and value not in wanted:
            return False
    return True


def bundle_entries(lockfile: Path) -> dict:
    """The entries of an npm ``package-lock.json`` (version 2 or 3) that ``npm ci
    --omit=dev`` installs: all but those only the devDependencies need (here the packages
    vendored as they are, :func:`locked`, and their own dependencies, never fetched)."""
    packages = json.loads(lockfile.read_text(encoding="utf-8"))["packages"]
    return {key: entry for key, entry in packages.items() if key and not entry.get("dev")}


def install_lockfile(lockfile: Path, folder: Path) -> None:
    """Put the packages of :func:`bundle_entries` into ``folder/node_modules`` as ``npm ci
    --omit=dev --ignore-scripts`` does: exact versions from the registry, integrity checked,
    platform packages only for this machine, no scripts run."""
    shutil.rmtree(folder / "node_modules", ignore_errors=True)
    for key, entry in bundle_entries(lockfile).items():
        if entry.get("link") or not _for_this_machine(entry):
            continue
        name = entry.get("name") or key.rsplit("node_modules/", 1)[-1]
        if "integrity" not in entry:
            raise FetchError(f"{lockfile}: {key} has no integrity to check")
        tarball = npm_pack(NpmPackage(name, entry["version"], entry["integrity"]))
        with tempfile.TemporaryDirectory(prefix="npm-unpack-") as tmp:
            extract(tarball, Path(tmp))
            tops = [path for path in Path(tmp).iterdir() if path.is_dir()]
            if len(tops) != 1:  # ("package/" for nearly every package)
                raise FetchError(f"{tarball.name}: not one folder at the top of the tarball")
            top = tops[0]
            destination = folder / key
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(top), destination)


def esbuild_program() -> Path:
    """esbuild's own program (no Node.js needed), from the bundle's packages."""
    found = sorted((BUNDLE_BUILD / "node_modules" / "@esbuild").glob("*/bin/esbuild")) + \
        sorted((BUNDLE_BUILD / "node_modules" / "@esbuild").glob("*/esbuild.exe"))
    if not found:
        raise FetchError("scripts/npm/package-lock.json has no esbuild program for this "
                         f"machine ({sys.platform}, {platform.machine()})")
    found[0].chmod(found[0].stat().st_mode | 0o111)
    return found[0]


def extract(tarball: Path, dest: Path) -> Path:
    """Extract an npm tarball into ``dest`` and return its ``package/`` folder."""
    with tarfile.open(tarball) as tf:
        if hasattr(tarfile, "data_filter"):
            tf.extractall(dest, filter="data")
        else:  # Python < 3.11.4: refuse absolute paths and parent references ourselves
            for member in tf.getmembers():
                if member.name.startswith("/") or ".." in Path(member.name).parts:
                    raise FetchError(f"{tarball.name}: unsafe path {member.name!r}")
            tf.extractall(dest)
    return dest / "package"


def _copy(src: Path, dst: Path) -> None:
    if src.is_dir():
        shutil.copytree(src, dst, dirs_exist_ok=True)
    else:
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)


def _stamp_ok(folder: Path, wanted: dict, required: list[str]) -> bool:
    stamp = folder / STAMP
    if not stamp.is_file():
        return False
    try:
        if json.loads(stamp.read_text()) != wanted:
            return False
    except ValueError:
        return False
    return all((folder / rel).is_file() for rel in required)


def _write_stamp(folder: Path, wanted: dict) -> None:
    (folder / STAMP).write_text(json.dumps(wanted, indent=2, sort_keys=True) + "\n")


# --------------------------------------------------------------------------- asset groups


def fetch_widget_js(force: bool = False, check: bool = False, quiet: bool = False) -> bool:
    """require.js + html-manager's embed-amd.js (with the fonts its CSS refers to).

    With ``check=True`` only report whether the folder is complete and current.
    Returns True if the folder is complete afterwards.
    """
    setup_src = ASSETS_SRC / "widgets-setup.js"
    nav_src = ASSETS_SRC / "nav.js"
    loader_src = ASSETS_SRC / "embed-loader.js"
    requirejs, html_manager = locked("requirejs"), locked("@jupyter-widgets/html-manager")
    wanted = {
        "packages": [requirejs.spec, html_manager.spec],
        "bundle sha256": {"entry.js": hashlib.sha256((NPM_SRC / "entry.js").read_bytes()
                                                     ).hexdigest(), "lock": _bundle_lock_hash()},
        "builder sha256": hashlib.sha256(Path(__file__).read_bytes()).hexdigest(),
        "setup.js sha256": hashlib.sha256(setup_src.read_bytes()).hexdigest(),
        "live.js sha256": {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
                           for path in sorted(LIVE_SRC.glob("*.js"))},
        "nav.js sha256": hashlib.sha256(nav_src.read_bytes()).hexdigest(),
        "embed-loader.js sha256": hashlib.sha256(loader_src.read_bytes()).hexdigest(),
    }
    required = ["require.js", "setup.js", "live.js", "nav.js", "html-manager/embed-amd.js",
                "html-manager/embed-amd.js.gz", "lazy/embed-amd.js", "bundle/widgets.js",
                "bundle/widgets.js.gz", "bundle/widgets.css"]
    if not force and _stamp_ok(WIDGETS_DIR, wanted, required):
        if not quiet:
            log(f"widgets: up to date in {WIDGETS_DIR.relative_to(ROOT)}")
        return True
    if check:
        if not quiet:
            log(f"widgets: MISSING or outdated in {WIDGETS_DIR.relative_to(ROOT)}")
        return False

    req_tgz = npm_pack(requirejs)
    hm_tgz = npm_pack(html_manager)
    if WIDGETS_DIR.exists():
        shutil.rmtree(WIDGETS_DIR)
    WIDGETS_DIR.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="widgets-") as tmp:
        req = extract(req_tgz, Path(tmp) / "requirejs")
        _copy(req / "require.js", WIDGETS_DIR / "require.js")  # licence in its header

        hm = extract(hm_tgz, Path(tmp) / "html-manager")
        dist = hm / "dist"
        out = WIDGETS_DIR / "html-manager"
        out.mkdir()
        # embed-amd.js is self-contained (it bundles libembed-amd, @jupyter-widgets/base,
        # controls and output). Its CSS refers to the hashed Font Awesome files next to it,
        # loaded from the webpack public path (set by setup.js). embed.js / libembed-amd.js
        # / source maps are not needed.
        n_fonts = 0
        for f in sorted(dist.iterdir()):
            if f.name == "embed-amd.js" or f.suffix in {".woff2", ".woff", ".ttf", ".eot", ".svg"}:
                _copy(f, out / f.name)
                n_fonts += f.name != "embed-amd.js"
        for lic in hm.glob("LICEN[SC]E*"):
            _copy(lic, out / lic.name)
        log(f"widgets: copied embed-amd.js and {n_fonts} font files")

    _copy(setup_src, WIDGETS_DIR / "setup.js")
    _copy(nav_src, WIDGETS_DIR / "nav.js")
    _copy(loader_src, WIDGETS_DIR / "lazy" / "embed-amd.js")
    _gzip_copy(WIDGETS_DIR / "html-manager" / "embed-amd.js")
    build_widget_bundle(WIDGETS_DIR / "bundle")
    build_live_js(WIDGETS_DIR / "live.js")
    _gzip_copy(WIDGETS_DIR / "bundle" / "widgets.js")
    (WIDGETS_DIR / "modules").mkdir()
    (WIDGETS_DIR / "modules" / "README.txt").write_text(
        "Local stand-in for the widget CDN (see setup.js). Third-party widget modules\n"
        "would go here as <package>@<version>/dist/<file>.js.\n"
    )
    _write_stamp(WIDGETS_DIR, wanted)
    log(f"widgets: ready in {WIDGETS_DIR.relative_to(ROOT)}")
    return True


BUNDLE_SOURCES = ("package.json", "package-lock.json", "entry.js")


def _bundle_lock_hash() -> str:
    """A hash of the lockfile's entries the bundle is built with (a new pin of a package
    vendored as it is neither reinstalls nor rebuilds the bundle)."""
    return hashlib.sha256(json.dumps(bundle_entries(LOCKFILE), sort_keys=True).encode()).hexdigest()


def build_widget_bundle(out: Path) -> None:
    """``widgets.js`` + ``widgets.css`` (+ the Font Awesome fonts the CSS names) in ``out``:
    scripts/npm/entry.js bundled by esbuild with the npm packages of its package-lock.json
    (:func:`install_lockfile`: exact versions, integrity checked, no scripts). It defines the AMD
    modules of html-manager's embed-amd.js that the pages use, at a fifth of its size (see
    entry.js); the real embed-amd.js stays published beside it."""
    BUNDLE_BUILD.mkdir(parents=True, exist_ok=True)
    for name in BUNDLE_SOURCES:
        _copy(NPM_SRC / name, BUNDLE_BUILD / name)
    lock_hash = _bundle_lock_hash()
    marker = BUNDLE_BUILD / "node_modules" / ".installed-lock.sha256"
    if not (marker.is_file() and marker.read_text() == lock_hash):
        log("widgets: the bundle's packages (scripts/npm/package-lock.json) ...")
        install_lockfile(BUNDLE_BUILD / "package-lock.json", BUNDLE_BUILD)
        marker.write_text(lock_hash)
    if out.exists():
        shutil.rmtree(out)
    command = [str(esbuild_program()), "entry.js", "--bundle", "--minify", "--format=iife",
               "--target=es2019", f"--outdir={out}", "--entry-names=widgets",
               "--asset-names=[name]-[hash]", "--legal-comments=external", "--log-level=error",
               # The bundled UMD modules (jQuery, Backbone...) must not see require.js's
               # define(): entry.js defines the page's modules with window.define itself.
               "--banner:js=(function (define) {", "--footer:js=})(undefined);",
               *(f"--loader:.{ext}=file" for ext in ("woff2", "woff", "ttf", "eot", "svg"))]
    proc = subprocess.run(command, cwd=BUNDLE_BUILD, capture_output=True, text=True)
    if proc.returncode != 0:
        raise FetchError(f"esbuild could not bundle the widget manager:\n{proc.stderr.strip()}")
    size = (out / "widgets.js").stat().st_size
    log(f"widgets: bundle/widgets.js built ({size / 1e6:.2f} MB)")


LIVE_SRC = ASSETS_SRC / "live"  # the live page's modules; main.js is the entry


def build_live_js(out: Path) -> None:
    """``live.js``: scripts/assets/live/main.js and the modules it imports, bundled by the
    widget bundle's esbuild (:func:`esbuild_program`) into one classic
    script (IIFE, not minified, strict as the modules are) that the pages load."""
    command = [str(esbuild_program()), str(LIVE_SRC / "main.js"), "--bundle", "--format=iife",
               "--target=es2019", f"--outfile={out}", "--log-level=error",
               '--banner:js="use strict";']
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if proc.returncode != 0:
        raise FetchError(f"esbuild could not bundle live.js:\n{proc.stderr.strip()}")


def fetch_mathjax(force: bool = False, check: bool = False, quiet: bool = False) -> bool:
    """MathJax 3: the whole es5/ tree (components load their fonts/extensions lazily)."""
    mathjax = locked("mathjax")
    wanted = {"packages": [mathjax.spec]}
    required = ["tex-mml-chtml.js", "tex-mml-chtml.js.gz",
                "output/chtml/fonts/woff-v2/MathJax_Main-Regular.woff"]
    if not force and _stamp_ok(MATHJAX_DIR, wanted, required):
        if not quiet:
            log(f"mathjax: up to date in {MATHJAX_DIR.relative_to(ROOT)}")
        return True
    if check:
        if not quiet:
            log(f"mathjax: MISSING or outdated in {MATHJAX_DIR.relative_to(ROOT)}")
        return False

    tgz = npm_pack(mathjax)
    if MATHJAX_DIR.exists():
        shutil.rmtree(MATHJAX_DIR)
    with tempfile.TemporaryDirectory(prefix="mathjax-") as tmp:
        pkg = extract(tgz, Path(tmp))
        _copy(pkg / "es5", MATHJAX_DIR)
        for lic in pkg.glob("LICEN[SC]E*"):
            _copy(lic, MATHJAX_DIR / lic.name)
    _gzip_copy(MATHJAX_DIR / "tex-mml-chtml.js")
    _write_stamp(MATHJAX_DIR, wanted)
    n = sum(1 for p in MATHJAX_DIR.rglob("*") if p.is_file())
    log(f"mathjax: ready in {MATHJAX_DIR.relative_to(ROOT)} ({n} files)")
    return True


LITE_DIR = SITE_VENDOR / "lite"
LIVE_DIR = SITE_VENDOR / "live"
# Pure-Python wheels for the browser's Python (from PyPI, pinned where it matters).
BROWSER_WHEELS = ["ipywidgets==8.1.9", "micropip==0.11.1"]
# The kernel ships shims for these (its ipykernel 6.9.2 and widgetsnbextension 4.0.999).
SHIMMED = ("widgetsnbextension", "ipykernel")
# Dependencies never imported in the browser, left out of the first download:
# jupyterlab-widgets (JupyterLab's front-end files only), pexpect and ptyprocess (the
# kernel puts a stand-in pexpect module in sys.modules). jedi (5 MB, code completion,
# which the exercises never ask for) is replaced by an empty "jedi" package: the kernel
# installs jedi unless a package of that name is preloaded, and IPython works without it.
# prompt_toolkit and wcwidth (1 MB) serve IPython's terminal only: IPython imports its terminal
# at start for ``IPython.embed`` alone, which _without_terminal() makes a lazy import.
NOT_IN_BROWSER = ("jupyterlab-widgets", "pexpect", "ptyprocess", "jedi", "parso",
                  "prompt-toolkit", "wcwidth")
# Vendored files also published gzipped (<file>.gz); tt-sw.js fetches those and unpacks them.
GZIPPED = ("lite/pyodide/pyodide.asm.wasm", "lite/pyodide/pyodide.asm.mjs",
           "lite/comlink.worker.js", "widgets/html-manager/embed-amd.js",
           "widgets/bundle/widgets.js",
           "mathjax/tex-mml-chtml.js")


def _gzip_copy(path: Path) -> None:
    """Write ``path``.gz next to ``path`` (reproducible: no name, no time stamp)."""
    import gzip

    with open(path, "rb") as src, open(f"{path}.gz", "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as gz:
            shutil.copyfileobj(src, gz)


def _stub_wheel(folder: Path, name: str, why: str, files: "dict[str, str] | None" = None) -> Path:
    """A wheel called ``name`` (version 0) holding only ``files`` (path -> text): with none,
    an empty one, so that nothing installs the real package of that name."""
    import zipfile

    dist = f"{name}-0.dist-info"
    files = dict(files or {})
    files.update({
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0\nSummary: {why}\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: fetch_assets\nRoot-Is-Purelib: true\n"
                         "Tag: py3-none-any\n",
    })
    files[f"{dist}/RECORD"] = "".join(f"{n},,\n" for n in files) + f"{dist}/RECORD,,\n"
    path = folder / f"{name}-0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as whl:
        for member, text in files.items():
            info = zipfile.ZipInfo(member, date_time=(1980, 1, 1, 0, 0, 0))
            whl.writestr(info, text, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return path


def _canonical(name: str) -> str:
    import re

    return re.sub(r"[-_.]+", "-", name).lower()


def _wheel_meta(path: Path) -> dict:
    """Name, version and top-level import names of a wheel (for pyodide-lock.json)."""
    import zipfile

    name, version = path.name.split("-")[:2]
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        tops = sorted({n.split("/")[0].removesuffix(".py") for n in names
                       if "/" in n or n.endswith(".py")}
                      - {n.split("/")[0] for n in names if ".dist-info/" in n or ".data/" in n})
    return {"name": _canonical(name), "version": version, "imports": tops}



def _write_lock(pyodide_dir: Path, pypi: Path, wheels: dict, npm_lock: dict) -> dict:
    """pyodide-lock.json: the npm one's "info", and only our wheels, so that Pyodide itself
    loads them all at start (in parallel) and never asks its CDN for anything."""
    packages = {}
    for name, whl in sorted(wheels.items()):
        meta = _wheel_meta(pypi / whl.name)
        packages[name] = {
            "name": name, "version": meta["version"], "file_name": f"../pypi/{whl.name}",
            "install_dir": "site",
            "sha256": hashlib.sha256((pypi / whl.name).read_bytes()).hexdigest(),
            "package_type": "package", "imports": meta["imports"], "depends": [],
            "unvendored_tests": False, "shared_library": False,
        }
    (pyodide_dir / "pyodide-lock.json").write_text(
        json.dumps({"info": npm_lock["info"], "packages": packages}, indent=1))
    return packages


def _precompile(lite: Path) -> None:
    """Run scripts/pyodide_compile.mjs (Node.js): the modules a page imports become bytecode
    in python_stdlib.zip and the wheels, which Python in the browser then skips compiling."""
    node = shutil.which("node")
    if node is None:
        log("jupyterlite: node not found, the browser's Python will compile its modules itself")
        return
    log("jupyterlite: precompiling the modules a page imports (Pyodide in Node.js) ...")
    run_checked([node, str(ROOT / "scripts" / "pyodide_compile.mjs"), str(lite)])


EAGER_EMBED = "from .terminal.embed import embed\n"
LAZY_EMBED = (
    "def embed(*args, **kwargs):  # (tarot_teach: IPython's terminal is not in the browser)\n"
    "    from .terminal.embed import embed as _embed\n"
    "    return _embed(*args, **kwargs)\n"
)


def _without_terminal(wheel: Path, folder: Path) -> Path:
    """A copy of IPython's wheel in ``folder`` whose ``import IPython`` leaves out IPython's
    terminal (``IPython.embed`` imports it when called): prompt_toolkit is not needed."""
    import zipfile

    out = folder / wheel.name
    with zipfile.ZipFile(wheel) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "IPython/__init__.py":
                text = data.decode("utf-8")
                if EAGER_EMBED not in text:
                    raise FetchError(f"{wheel.name}: IPython/__init__.py no longer imports "
                                     "embed as expected; update _without_terminal()")
                data = text.replace(EAGER_EMBED, LAZY_EMBED).encode("utf-8")
            zout.writestr(info, data)
    return out


def _kernel_extension() -> Path:
    """The jupyterlite-pyodide-kernel labextension folder of this environment (from PyPI)."""
    import sysconfig

    for base in {sys.prefix, sysconfig.get_path("data")}:
        ext = Path(base) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
        if (ext / "package.json").is_file():
            return ext
    raise FetchError("jupyterlite-pyodide-kernel is not installed: pip install -e '.[book]'")


def fetch_jupyterlite(force: bool = False, check: bool = False, quiet: bool = False) -> bool:
    """Everything the static book needs to run its exercises in the browser, offline.

    * Pyodide's core from npm ``pyodide`` (same version as jupyterlite-pyodide-kernel wants),
      with a ``pyodide-lock.json`` that lists only the wheels below (all pure Python);
    * the Pyodide kernel's worker and its wheels (piplite, pyodide_kernel, ipykernel and
      widgetsnbextension shims) from the installed ``jupyterlite-pyodide-kernel`` (PyPI);
    * ipywidgets, micropip and their dependencies from PyPI (``pip download``, Python 3.14,
      pure Python only) but those never used in the browser (NOT_IN_BROWSER; IPython's
      wheel is changed so that ``import IPython`` leaves its terminal out), this project's
      wheel (``pip wheel --no-deps``) and a wheel of the exercises' data (exercises/);
    * what a page imports (the kernel, IPython, ipywidgets, tarot_teach, the standard library
      modules they use) replaced by bytecode in those wheels and in Pyodide's
      ``python_stdlib.zip``, by Pyodide itself in Node.js (scripts/pyodide_compile.mjs):
      the browser's Python starts about three times faster; what no exercise can use is
      left out of those zips;
    * a piplite index (``all.json``, written by jupyterlite-pyodide-kernel's own code);
    * ``_static/vendor/live/session.json`` telling live.js where all this is.

    The project wheel changes with the code, so it is rebuilt whenever tarot_teach/ changed.
    """
    ext = _kernel_extension()
    ext_version = json.loads((ext / "package.json").read_text())["version"]
    pyodide = locked("pyodide")
    src_hash = hashlib.sha256()
    for path in sorted((ROOT / "tarot_teach").rglob("*.py")) + sorted(
            (ROOT / "exercises").rglob("*.json")):
        src_hash.update(path.relative_to(ROOT).as_posix().encode() + path.read_bytes())
    wanted = {
        "packages": [pyodide.spec, f"@jupyterlite/pyodide-kernel-extension@{ext_version}"],
        "wheels": BROWSER_WHEELS,
        "left out": list(NOT_IN_BROWSER),
        "gzipped": [rel for rel in GZIPPED if rel.startswith("lite/")],
        "project sha256": src_hash.hexdigest(),
        "compiler sha256": hashlib.sha256(
            (ROOT / "scripts" / "pyodide_compile.mjs").read_bytes()).hexdigest(),
        "builder sha256": hashlib.sha256(Path(__file__).read_bytes()).hexdigest(),
    }
    required = ["pyodide/pyodide.mjs", "pyodide/pyodide-lock.json", "comlink.worker.js",
                "pypi/all.json", "pyodide/pyodide.asm.wasm.gz"]
    if not force and _stamp_ok(LITE_DIR, wanted, required) and (LIVE_DIR / "session.json").is_file():
        if not quiet:
            log(f"jupyterlite: up to date in {LITE_DIR.relative_to(ROOT)}")
        return True
    if check:
        if not quiet:
            log(f"jupyterlite: MISSING or outdated in {LITE_DIR.relative_to(ROOT)}")
        return False

    tgz = npm_pack(pyodide)
    if LITE_DIR.exists():
        shutil.rmtree(LITE_DIR)
    pyodide_dir = LITE_DIR / "pyodide"
    pypi = LITE_DIR / "pypi"
    pypi.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="lite-") as tmp:
        pkg = extract(tgz, Path(tmp))
        for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                     "pyodide-lock.json", "LICENSE", "package.json"):
            if (pkg / name).is_file():
                _copy(pkg / name, pyodide_dir / name)
        npm_lock = json.loads((pkg / "pyodide-lock.json").read_text())

        # Wheels: PyPI (pip), the kernel's own, and the project's.
        cache = NPM_CACHE.parent / "wheels"
        cache.mkdir(parents=True, exist_ok=True)
        pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
        log("jupyterlite: pip download " + " ".join(BROWSER_WHEELS))
        run_checked(pip + ["download", "--quiet", "--only-binary=:all:", "--python-version",
                           "3.14", "--implementation", "py", "--platform", "any",
                           "-d", str(cache), *BROWSER_WHEELS])
        build = Path(tmp) / "project"
        run_checked(pip + ["wheel", "--quiet", "--no-deps", "-w", str(build), str(ROOT)],
                    env={**os.environ, "TAROT_TEACH_PURE": "1"})  # py3-none-any (setup.py)
        wheels = {}
        for whl in sorted(cache.glob("*.whl")):
            if _canonical(whl.name.split("-")[0]) not in SHIMMED + NOT_IN_BROWSER:
                wheels[_canonical(whl.name.split("-")[0])] = whl
        wheels["ipython"] = _without_terminal(wheels["ipython"], Path(tmp))
        wheels["jedi"] = _stub_wheel(Path(tmp), "jedi", "not used in the browser (no completion)")
        for whl in sorted((ext / "static" / "pypi").glob("*.whl")):
            name = _canonical(whl.name.split("-")[0])
            if name != "widgetsnbextension" or whl.name.startswith("widgetsnbextension-4"):
                wheels[name] = whl
        for whl in build.glob("*.whl"):
            wheels[_canonical(whl.name.split("-")[0])] = whl
        # Chapters read exercises/**/*.json next to the package (Path(tarot_teach.__file__)
        # .parent.parent / "exercises", i.e. site-packages/exercises in the browser): a
        # wheel of those files puts them there, kept and compressed like the others.
        data = {f"exercises/{p.relative_to(ROOT / 'exercises').as_posix()}":
                p.read_text(encoding="utf-8") for p in sorted((ROOT / "exercises").rglob("*.json"))}
        wheels["tarot-teach-exercises"] = _stub_wheel(
            Path(tmp), "tarot_teach_exercises", "the exercises of the book (data)", data)
        for whl in wheels.values():
            _copy(whl, pypi / whl.name)

    packages = _write_lock(pyodide_dir, pypi, wheels, npm_lock)
    # Bytecode instead of source for what a page imports (scripts/pyodide_compile.mjs).
    _precompile(LITE_DIR)
    packages = _write_lock(pyodide_dir, pypi, wheels, npm_lock)  # the new files' hashes
    from jupyterlite_pyodide_kernel.addons.piplite import write_wheel_index

    write_wheel_index(pypi)
    workers = sorted((ext / "static").glob("comlink.worker.*.js"))
    if not workers:
        raise FetchError(f"no comlink.worker.*.js in {ext}")
    _copy(workers[0], LITE_DIR / "comlink.worker.js")
    for rel in GZIPPED:
        if rel.startswith("lite/"):
            _gzip_copy(SITE_VENDOR / rel)
    for lic in ext.glob("static/third-party-licenses.json"):
        _copy(lic, LITE_DIR / "kernel-third-party-licenses.json")
    setup = "import ipywidgets, tarot_teach.widgets\n"
    LIVE_DIR.mkdir(parents=True, exist_ok=True)
    (LIVE_DIR / "session.json").write_text(json.dumps({
        "mode": "lite",
        "base": "_static/vendor/lite/",
        "worker": "comlink.worker.js",
        "pyodide": "pyodide/pyodide.mjs",
        "piplite": "pypi/" + wheels["piplite"].name,
        "indexes": ["pypi/all.json"],
        "preload": sorted(packages),
        "setup": setup,
    }, indent=1) + "\n")
    _write_stamp(LITE_DIR, wanted)
    log(f"jupyterlite: ready in {LITE_DIR.relative_to(ROOT)} ({len(wheels)} wheels)")
    return True


SW_VENDOR = SITE_VENDOR / "sw-vendor.json"


def write_service_worker(check: bool = False) -> bool:
    """``_static/vendor/sw-vendor.json``: what the service worker needs to know about the
    vendored files, a version (a hash of every group's stamp: a new fetch means a new cache
    in the browser) and the files that also exist gzipped. scripts/sphinx_offline_site.py
    adds the built pages' own and writes tt-sw.js from scripts/assets/sw.js."""
    version = hashlib.sha256()
    for folder in (WIDGETS_DIR, MATHJAX_DIR, LITE_DIR):
        stamp = folder / STAMP
        version.update(stamp.read_bytes() if stamp.is_file() else b"-")
    compressed = [f"_static/vendor/{rel}" for rel in GZIPPED
                  if (SITE_VENDOR / f"{rel}.gz").is_file()]
    text = json.dumps({"version": version.hexdigest()[:16], "compressed": compressed},
                      indent=1) + "\n"
    if SW_VENDOR.is_file() and SW_VENDOR.read_text(encoding="utf-8") == text:
        return True
    if check:
        log("service worker data: MISSING or outdated")
        return False
    SW_VENDOR.write_text(text, encoding="utf-8")
    log(f"service worker data: {SW_VENDOR.relative_to(ROOT)} ({len(compressed)} gzipped files)")
    return True


AXE_DIR = VENDOR / "test" / "axe"  # outside vendor/site: the tests inject it, the site never serves it


def fetch_axe(force: bool = False, check: bool = False, quiet: bool = False) -> bool:
    """axe-core's axe.min.js for the accessibility tests (tests/axe_check.py injects it)."""
    axe_core = locked("axe-core")
    wanted = {"packages": [axe_core.spec]}
    required = ["axe.min.js"]
    if not force and _stamp_ok(AXE_DIR, wanted, required):
        if not quiet:
            log(f"axe: up to date in {AXE_DIR.relative_to(ROOT)}")
        return True
    if check:
        if not quiet:
            log(f"axe: MISSING or outdated in {AXE_DIR.relative_to(ROOT)}")
        return False
    tgz = npm_pack(axe_core)
    if AXE_DIR.exists():
        shutil.rmtree(AXE_DIR)
    AXE_DIR.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="axe-") as tmp:
        pkg = extract(tgz, Path(tmp))
        for name in ["axe.min.js", *(p.name for p in pkg.glob("LICEN[SC]E*"))]:
            _copy(pkg / name, AXE_DIR / name)
    _write_stamp(AXE_DIR, wanted)
    log(f"axe: ready in {AXE_DIR.relative_to(ROOT)}")
    return True


GROUPS = {
    "widgets": fetch_widget_js,
    "mathjax": fetch_mathjax,
    "jupyterlite": fetch_jupyterlite,
    "axe": fetch_axe,
}


def _each_group(groups: "list[str]", **options) -> "list[bool]":
    """Run each group's fetch (:data:`GROUPS`) with ``options``; their results. Two at a
    time, the longest (``jupyterlite``: Pyodide in Node.js for a while) first: the others,
    mostly unpacking and esbuild, run beside it (a first fetch 22 s -> about 15 s on two
    cores). The first failure is raised."""
    from concurrent.futures import ThreadPoolExecutor

    order = sorted(groups, key=lambda group: group != "jupyterlite")
    with ThreadPoolExecutor(max_workers=2) as workers:
        return list(workers.map(lambda group: GROUPS[group](**options), order))


def main(argv: list[str] | None = None) -> int:
    global DETAIL
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="refetch even if up to date")
    parser.add_argument("--check", action="store_true", help="only report what is missing")
    parser.add_argument("--log", metavar="FILE", type=Path,
                        help="write the progress lines and the commands' output to FILE; say "
                        "here only what is fetched (one line) or left out")
    parser.add_argument(
        "groups", nargs="*", metavar="GROUP",
        help=f"asset groups to fetch (default: all of {', '.join(GROUPS)})",
    )
    args = parser.parse_args(argv)
    groups = args.groups or list(GROUPS)
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        parser.error(f"unknown group(s) {', '.join(unknown)}; choose from {', '.join(GROUPS)}")
    started = time.monotonic()
    try:
        stale = [g for g in groups if args.force or not GROUPS[g](check=True, quiet=True)]
        if args.log is not None:
            args.log.parent.mkdir(parents=True, exist_ok=True)
            DETAIL = open(args.log, "w", encoding="utf-8")
            if stale and not args.check:
                print("Fetching the pages' JavaScript and Python from npm and PyPI (first "
                      "time: a few minutes)…", end=" ", flush=True)
        if not args.check and stale:
            log(f"npm registry: {REGISTRY}")
        ok = all(_each_group(groups, force=args.force, check=args.check))
        if ok:
            ok = write_service_worker(check=args.check)
    except (FetchError, subprocess.CalledProcessError) as exc:
        if DETAIL is not None and stale and not args.check:
            print("failed.", flush=True)
        why = exc if isinstance(exc, FetchError) else (
            f"`{' '.join(map(str, exc.cmd[:3]))} ...` failed (exit status {exc.returncode})")
        print(f"fetch_assets.py: {why}" + (f"\nThe whole output is in {args.log}."
                                           if DETAIL is not None else ""), file=sys.stderr)
        return 2
    if not ok:
        print("fetch_assets.py: some assets are missing; run without --check", file=sys.stderr)
        return 1
    log("done")
    if DETAIL is not None and stale and not args.check:
        print(f"done in {time.monotonic() - started:.0f} s.", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
