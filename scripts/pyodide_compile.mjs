// Precompiles the browser's Python: called by scripts/fetch_assets.py (node, from npm's
// Node.js) on the vendored Pyodide folder, _static/vendor/lite/.
//
//     node scripts/pyodide_compile.mjs <lite folder>
//
// Pyodide's python_stdlib.zip and the pure-Python wheels hold source files only: the
// browser compiled every module it imported (IPython, prompt_toolkit, traitlets, logging,
// email...) each time a page started Python, most of the start-up time. Here Pyodide itself
// (the same Python 3.14 as in the browser) starts with those files, imports what a page
// imports (the kernel, ipywidgets, tarot_teach), and every module it imported is replaced in
// its zip by its bytecode (a sourceless .pyc, unchecked hash: no source to compare with).
// Modules it did not import stay as source, and still work. Left out, unless imported: Pygments'
// lexers other than Python's (nothing in the browser highlights other code), IPython's
// terminal, test and Sphinx helpers, tests folders, and the standard library's modules no
// exercise can use in a browser tab (multiprocessing, mail and FTP clients, the REPL,
// legacy text encodings...), see DROPPED below.
//
// The bytecode carries no column positions (-X no_debug_ranges: a traceback then shows no
// ^^^ markers under the failing expression): 20 % fewer bytes to download.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const lite = path.resolve(process.argv[2] || "");
if (!fs.existsSync(path.join(lite, "pyodide", "pyodide.mjs"))) {
  console.error("usage: node pyodide_compile.mjs <folder holding pyodide/ and pypi/>");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(lite, "pyodide", "pyodide.mjs")));
const lock = JSON.parse(fs.readFileSync(path.join(lite, "pyodide", "pyodide-lock.json"), "utf8"));
const py = await loadPyodide({
  indexURL: path.join(lite, "pyodide") + "/",
  packages: Object.keys(lock.packages),
  args: ["-X", "no_debug_ranges"],
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
py.mountNodeFS("/lite", lite);
py.runPython(String.raw`
import importlib, importlib.util, importlib._bootstrap_external as _be, os, pkgutil, sys
import zipfile

# What a page imports: the kernel's package manager and the kernel (as the worker of
# jupyterlite-pyodide-kernel does), the widgets, and every module of tarot_teach.
for _name in ("micropip", "piplite.piplite", "pyodide_kernel", "ipywidgets", "tarot_teach",
              "tarot_teach.widgets"):
    importlib.import_module(_name)
import tarot_teach
for _info in pkgutil.walk_packages(tarot_teach.__path__, "tarot_teach."):
    try:
        importlib.import_module(_info.name)
    except Exception as error:  # e.g. a module that needs matplotlib: stays source
        print(f"pyodide_compile: {_info.name} not imported ({type(error).__name__})")
imported = {m.__file__ for m in list(sys.modules.values()) if getattr(m, "__file__", None)}
if "prompt_toolkit" in sys.modules:
    raise SystemExit("pyodide_compile: IPython imported prompt_toolkit, which the site does not "
                     "ship (see _without_terminal in scripts/fetch_assets.py)")

def rewrite(path, prefix, keep):
    """Imported .py members of the zip at path become sourceless .pyc; keep(name) False drops."""
    temporary = path + ".tmp"
    compiled = dropped = 0
    with zipfile.ZipFile(path) as zin, zipfile.ZipFile(temporary, "w") as zout:
        for info in zin.infolist():
            name, data = info.filename, zin.read(info)
            full = prefix + name
            if not keep(name, full):
                dropped += 1
                continue
            if name.endswith(".py") and full in imported:
                code = compile(data, full, "exec", dont_inherit=True)
                data = bytes(_be._code_to_hash_pyc(code, importlib.util.source_hash(data),
                                                   checked=False))
                name += "c"
                compiled += 1
            new = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            new.external_attr = info.external_attr
            zout.writestr(new, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    os.replace(temporary, path)
    return compiled, dropped

# Members left out of the zips when no module imported them (folders end with "/").
DROPPED = (
    "pygments/lexers/", "IPython/terminal/", "IPython/testing/", "IPython/sphinxext/",
    # the standard library: what a browser tab cannot or need not do
    "multiprocessing/", "_pyrepl/", "xmlrpc/", "wsgiref/", "imaplib.py", "mailbox.py",
    "smtplib.py", "ftplib.py", "poplib.py", "pickletools.py", "trace.py", "modulefinder.py",
    "wave.py", "compileall.py", "tabnanny.py", "pyclbr.py", "zipapp.py", "doctest.py",
    "antigravity.py", "this.py", "__hello__.py", "__phello__/", "encodings/",
)
# Text encodings kept even when not imported at start (Unicode, Latin-1, and the codecs
# Python itself may ask for).
ENCODINGS = {
    "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "utf_32",
    "utf_32_le", "utf_32_be", "idna", "punycode", "unicode_escape", "raw_unicode_escape",
    "charmap", "cp1252", "base64_codec", "hex_codec", "undefined", "aliases",
}

def keep(name, full):
    if full in imported:
        return True
    if name.startswith("encodings/"):
        return name.removeprefix("encodings/").removesuffix(".py") in ENCODINGS
    return not (name.startswith(DROPPED) or "/tests/" in name)

total = [0, 0]
site = "/lib/python3.%d/site-packages/" % sys.version_info.minor
for _file in sorted(os.listdir("/lite/pypi")):
    if _file.endswith(".whl"):
        for i, n in enumerate(rewrite("/lite/pypi/" + _file, site, keep)):
            total[i] += n
stdlib = "/lib/python3%d.zip/" % sys.version_info.minor
for i, n in enumerate(rewrite("/lite/pyodide/python_stdlib.zip", stdlib, keep)):
    total[i] += n
print(f"pyodide_compile: {total[0]} modules precompiled, {total[1]} files left out", flush=True)
`);
