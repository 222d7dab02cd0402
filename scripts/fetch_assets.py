#!/usr/bin/env python3
"""Fetch the third-party browser assets the book serves itself, so the built site
asks the network for nothing outside the site.

Run from anywhere (idempotent; re-running skips what is already in place):

    python scripts/fetch_assets.py            # fetch whatever is missing
    python scripts/fetch_assets.py --force    # refetch everything
    python scripts/fetch_assets.py --check    # only report; exit 1 if something is missing

Packages come from the npm registry through ``npm pack`` (exact pinned versions, tarball
integrity checked against the sha512 below; no dependency install, no lifecycle scripts).
Everything lands in ``vendor/`` (git-ignored):

    vendor/npm/                       downloaded tarballs (a cache)
    vendor/site/                      published into the site root by Sphinx
                                      (``html_extra_path`` in _config.yml)
      _static/vendor/widgets/require.js
      _static/vendor/widgets/setup.js          (copied from scripts/assets/widgets-setup.js)
      _static/vendor/widgets/live.js           (copied from scripts/assets/live.js)
      _static/vendor/widgets/html-manager/     embed-amd.js + its Font Awesome fonts
      _static/vendor/mathjax/                  MathJax 3 "es5" tree (tex-mml-chtml.js, fonts...)

Nothing here goes into an ``html_static_path`` folder on purpose: Jupyter Book 1 adds every
``*.js``/``*.css`` of those folders to every page, which made widgets render twice.
myst-nb adds the widget scripts only to pages that hold widget state (``nb_ipywidgets_js``),
and Sphinx adds MathJax only to pages with math (``mathjax_path``).

Later: Pyodide / JupyterLite assets will be fetched by :func:`fetch_jupyterlite`
(a stub for now, not run by default).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
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


REQUIREJS = NpmPackage(
    "requirejs",
    "2.3.8",
    "sha512-7/cTSLOdYkNBNJcDMWf+luFvMriVm7eYxp4BcFCsAX0wF421Vyce5SXP17c+Jd5otXKGNehIonFlyQXSowL6Mw==",
)
HTML_MANAGER = NpmPackage(
    "@jupyter-widgets/html-manager",
    "1.0.15",
    "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
)
MATHJAX = NpmPackage(
    "mathjax",
    "3.2.2",
    "sha512-Bt+SSVU8eBG27zChVewOicYs7Xsdt40qm4+UpHyX7k0/O9NliPc+x77k1/FEsPsjKPZGJvtRZM1vO+geW0OhGw==",
)


class FetchError(RuntimeError):
    pass


def log(msg: str) -> None:
    print(f"[fetch_assets] {msg}", flush=True)


# --------------------------------------------------------------------------- npm helpers


def find_npm() -> str:
    npm = shutil.which("npm")
    if npm is None:
        raise FetchError(
            "npm was not found on PATH. Install Node.js (>= 18) with npm, then rerun "
            "`python scripts/fetch_assets.py`."
        )
    return npm


def _sri_sha512(path: Path) -> str:
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode("ascii")


def npm_pack(pkg: NpmPackage) -> Path:
    """Download the tarball of exactly ``pkg`` into vendor/npm/ (cached) and return it."""
    NPM_CACHE.mkdir(parents=True, exist_ok=True)
    tarball = NPM_CACHE / f"{pkg.name.lstrip('@').replace('/', '-')}-{pkg.version}.tgz"
    if tarball.is_file() and _sri_sha512(tarball) == pkg.integrity:
        log(f"{pkg.spec}: using cached {tarball.relative_to(ROOT)}")
        return tarball
    npm = find_npm()
    with tempfile.TemporaryDirectory(prefix="npm-pack-") as tmp:
        cmd = [npm, "pack", pkg.spec, "--json", "--ignore-scripts", "--pack-destination", tmp]
        log(f"{pkg.spec}: running {' '.join(cmd[1:4])} ...")
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp)
        if proc.returncode != 0:
            raise FetchError(f"`npm pack {pkg.spec}` failed:\n{proc.stderr.strip()}")
        try:
            info = json.loads(proc.stdout)[0]
            downloaded = Path(tmp) / info["filename"]
        except (ValueError, LookupError) as exc:
            raise FetchError(f"unexpected `npm pack --json` output: {proc.stdout!r}") from exc
        got = _sri_sha512(downloaded)
        if got != pkg.integrity:
            raise FetchError(
                f"{pkg.spec}: integrity mismatch\n  expected {pkg.integrity}\n  got      {got}"
            )
        shutil.move(downloaded, tarball)
    log(f"{pkg.spec}: downloaded to {tarball.relative_to(ROOT)} (integrity ok)")
    return tarball


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
    live_src = ASSETS_SRC / "live.js"
    wanted = {
        "packages": [REQUIREJS.spec, HTML_MANAGER.spec],
        "setup.js sha256": hashlib.sha256(setup_src.read_bytes()).hexdigest(),
        "live.js sha256": hashlib.sha256(live_src.read_bytes()).hexdigest(),
    }
    required = ["require.js", "setup.js", "live.js", "html-manager/embed-amd.js"]
    if not force and _stamp_ok(WIDGETS_DIR, wanted, required):
        if not quiet:
            log(f"widgets: up to date in {WIDGETS_DIR.relative_to(ROOT)}")
        return True
    if check:
        if not quiet:
            log(f"widgets: MISSING or outdated in {WIDGETS_DIR.relative_to(ROOT)}")
        return False

    req_tgz = npm_pack(REQUIREJS)
    hm_tgz = npm_pack(HTML_MANAGER)
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
    _copy(live_src, WIDGETS_DIR / "live.js")
    (WIDGETS_DIR / "modules").mkdir()
    (WIDGETS_DIR / "modules" / "README.txt").write_text(
        "Local stand-in for the widget CDN (see setup.js). Third-party widget modules\n"
        "would go here as <package>@<version>/dist/<file>.js.\n"
    )
    _write_stamp(WIDGETS_DIR, wanted)
    log(f"widgets: ready in {WIDGETS_DIR.relative_to(ROOT)}")
    return True


def fetch_mathjax(force: bool = False, check: bool = False, quiet: bool = False) -> bool:
    """MathJax 3: the whole es5/ tree (components load their fonts/extensions lazily)."""
    wanted = {"packages": [MATHJAX.spec]}
    required = ["tex-mml-chtml.js", "output/chtml/fonts/woff-v2/MathJax_Main-Regular.woff"]
    if not force and _stamp_ok(MATHJAX_DIR, wanted, required):
        if not quiet:
            log(f"mathjax: up to date in {MATHJAX_DIR.relative_to(ROOT)}")
        return True
    if check:
        if not quiet:
            log(f"mathjax: MISSING or outdated in {MATHJAX_DIR.relative_to(ROOT)}")
        return False

    tgz = npm_pack(MATHJAX)
    if MATHJAX_DIR.exists():
        shutil.rmtree(MATHJAX_DIR)
    with tempfile.TemporaryDirectory(prefix="mathjax-") as tmp:
        pkg = extract(tgz, Path(tmp))
        _copy(pkg / "es5", MATHJAX_DIR)
        for lic in pkg.glob("LICEN[SC]E*"):
            _copy(lic, MATHJAX_DIR / lic.name)
    _write_stamp(MATHJAX_DIR, wanted)
    n = sum(1 for p in MATHJAX_DIR.rglob("*") if p.is_file())
    log(f"mathjax: ready in {MATHJAX_DIR.relative_to(ROOT)} ({n} files)")
    return True


def fetch_jupyterlite(force: bool = False, check: bool = False, quiet: bool = False) -> bool:
    """Placeholder: Pyodide core (npm ``pyodide``) and the browser wheels for JupyterLite.

    Not implemented yet and not part of the default run. When it is, it should follow the
    same pattern: pinned versions, integrity check, output under vendor/, stamp file.
    """
    raise NotImplementedError("JupyterLite/Pyodide assets are not fetched yet")


GROUPS = {
    "widgets": fetch_widget_js,
    "mathjax": fetch_mathjax,
    # "jupyterlite": fetch_jupyterlite,  # enable once implemented
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="refetch even if up to date")
    parser.add_argument("--check", action="store_true", help="only report what is missing")
    parser.add_argument(
        "groups", nargs="*", metavar="GROUP",
        help=f"asset groups to fetch (default: all of {', '.join(GROUPS)})",
    )
    args = parser.parse_args(argv)
    groups = args.groups or list(GROUPS)
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        parser.error(f"unknown group(s) {', '.join(unknown)}; choose from {', '.join(GROUPS)}")
    try:
        stale = [g for g in groups if not GROUPS[g](check=True, quiet=True)]
        if not args.check and (args.force or stale):
            log(f"using {find_npm()}")  # fail early and clearly when npm is missing
        ok = all([GROUPS[g](force=args.force, check=args.check) for g in groups])
    except FetchError as exc:
        print(f"fetch_assets.py: error: {exc}", file=sys.stderr)
        return 2
    if not ok:
        print("fetch_assets.py: some assets are missing; run without --check", file=sys.stderr)
        return 1
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
