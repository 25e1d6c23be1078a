"""The course as a static website: every lesson runs in the pupil's own browser (Pyodide).

Built with Voici (Voilà's pages for JupyterLite): the pages show text and widgets, no code, and
Python runs in the browser, so any web server serves the site, or none once the browser has it.
Everything the site needs is copied into it at build time (nothing is fetched from another host
when a pupil opens a page): Pyodide's runtime from the npm registry, at the version the
JupyterLite kernel pins, the pure-Python wheels of Pyodide's package list from PyPI, the widget
libraries, and our own wheel.
"""
from __future__ import annotations

import argparse
import base64
import contextlib
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: a teacher builds one site at a time anyway
    fcntl = None

import nbformat

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "site-cache"
TEACHER_TAG = "teacher"
NPM_REGISTRY = "https://registry.npmjs.org"
KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"  # its settings' name
KERNEL_EXTENSION = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
# What Pyodide's package list names but cannot be had from the npm registry's core (it is built
# for Pyodide's own CDN only): IPython runs without sqlite3 (its history stays in memory) and
# without matplotlib (the lessons' pictures are SVG).
LEFT_OUT = {"sqlite3", "matplotlib", "jedi"}
# Loaded when the kernel starts, from the site: the kernel's own packages (KERNEL_PACKAGES),
# IPython and the widgets, then our lessons. The kernel asks its package manager (piplite, over
# micropip) for each of sqlite3, ipykernel, comm, pyodide_kernel, jedi and ipython that is not
# named here; named here, each comes with the others, from the package list, in one step.
# sqlite3 and jedi are named so that the kernel does not ask for them, and are not in the site
# (NAMED_NOT_SHIPPED): their entries stay in the package list without their files, Pyodide fails
# to load them with a line in the browser's console and goes on; IPython keeps its history in
# memory, and completes code without jedi (no pupil types code: the pages show none).
START = ["micropip", "sqlite3", "ipython", "jedi", "comm", "ipywidgets", "anywidget", "piplite", "ipykernel",
         "pyodide_kernel", "minibridge-lessons"]
NAMED_NOT_SHIPPED = ["sqlite3", "jedi"]
# Added to Pyodide's package list from PyPI, at the versions this environment runs (their
# browser halves, the JupyterLab extensions, come from this environment too), with what they need.
ADDED = {"comm": ["traitlets"], "psygnal": ["typing-extensions"],
         "ipywidgets": ["comm", "ipython", "traitlets"], "anywidget": ["ipywidgets", "psygnal", "typing-extensions"]}


def run(*command: str, cwd: Path | None = None, env: dict | None = None) -> None:
    print("$", " ".join(command), flush=True)
    subprocess.run(command, cwd=cwd, check=True, env={**os.environ, **(env or {})})


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pyodide_version() -> str:
    """The Pyodide the JupyterLite kernel was made for (it names its CDN address in its scripts)."""
    for script in sorted((KERNEL_EXTENSION / "static").glob("*.js")):
        found = re.search(r"v(\d+\.\d+\.\d+)/full", script.read_text(errors="ignore"))
        if found:
            return found.group(1)
    raise SystemExit("The JupyterLite Pyodide kernel is not installed: python3 tasks.py site installs it.")


def pyodide_runtime(version: str) -> Path:
    """Pyodide's runtime: the npm registry's ``pyodide`` package, checked against the registry's
    digest and cached between builds (read over HTTP: no npm needed)."""
    folder = CACHE / f"pyodide-{version}"
    if not (folder / "pyodide.js").exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        with urllib.request.urlopen(f"{NPM_REGISTRY}/pyodide/{version}", timeout=60) as answer:
            dist = json.load(answer)["dist"]
        print(f"Downloading {dist['tarball']} ...", flush=True)
        with urllib.request.urlopen(dist["tarball"], timeout=600) as answer:
            data = answer.read()
        kind, _, digest = dist["integrity"].partition("-")
        if base64.b64encode(hashlib.new(kind, data).digest()).decode() != digest:
            raise SystemExit(f"The download of pyodide {version} does not match the registry's digest: try again.")
        unpack = CACHE / "unpack"
        shutil.rmtree(unpack, ignore_errors=True)
        with tarfile.open(fileobj=io.BytesIO(data)) as archive:
            archive.extractall(unpack, filter="data")
        shutil.rmtree(folder, ignore_errors=True)
        (unpack / "package").rename(folder)
        shutil.rmtree(unpack)
    return folder


def wheel(name: str, version: str) -> Path:
    """A pure-Python wheel from PyPI (cached between builds)."""
    wheels = CACHE / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    pattern = re.sub(r"[-_.]+", "[-_.]", name) + f"-{re.escape(version)}-"
    found = [p for p in wheels.glob("*.whl") if re.match(pattern, p.name, re.IGNORECASE)]
    if not found:
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
            "--platform", "any", "--python-version", "3.13", "--implementation", "py", "--abi", "none",
            "--dest", str(wheels), f"{name}=={version}")
        found = [p for p in wheels.glob("*.whl") if re.match(pattern, p.name, re.IGNORECASE)]
    return found[0]


def our_wheel() -> Path:
    """Our wheel, the same bytes for the same sources (its files dated by SOURCE_DATE_EPOCH), so
    an unchanged course keeps its folder in the site (content_folder)."""
    out = CACHE / "ours"
    shutil.rmtree(out, ignore_errors=True)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(ROOT),
        env={"SOURCE_DATE_EPOCH": "315532800"})
    return next(out.glob("minibridge_lessons-*.whl"))


def installed_version(name: str) -> str:
    from importlib.metadata import version
    return version(name)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def needed(packages: dict, names: list[str]) -> list[str]:
    """The names and everything they depend on in Pyodide's package list, less LEFT_OUT."""
    seen: list[str] = []
    todo = list(names)
    while todo:
        name = canonical(todo.pop())
        if name in seen or name in LEFT_OUT or name not in packages:
            continue
        seen.append(name)
        todo += packages[name]["depends"]
    return sorted(seen)


def content_folder(target: Path, *files: Path) -> str:
    """Copy ``files`` into ``target/<their content's hash>/`` and return that folder's name. A
    file there never changes: a new build gives a changed file a new folder (see KEEP_RULE)."""
    digest = hashlib.sha256()
    for path in sorted(files, key=lambda p: p.name):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    name = digest.hexdigest()[:16]
    (target / name).mkdir(parents=True, exist_ok=True)
    for path in files:
        shutil.copy(path, target / name / path.name)
    return name


def lock_entry(name: str, path: Path, depends: list[str]) -> dict:
    imports = [name.replace("-", "_")] if name != "minibridge-lessons" else ["cardlib", "card_tables", "exercises", "shared_tables", "classroom", "teacher"]
    return {"name": name, "version": path.name.split("-")[1], "file_name": path.name, "install_dir": "site",
            "sha256": "", "package_type": "package", "imports": imports, "depends": depends,
            "unvendored_tests": False, "shared_library": False}


# The kernel's own packages, which its extension carries (it installs them with micropip at each
# start, resolving them against its own index, unless the package list has them: START).
KERNEL_PACKAGES = {"piplite": ["micropip"], "ipykernel": [], "pyodide-kernel": ["ipykernel", "piplite", "ipython", "comm"]}


def kernel_packages() -> dict[str, Path]:
    """The kernel's own packages, from its extension (KERNEL_PACKAGES)."""
    found = {}
    for name in KERNEL_PACKAGES:
        wheels = sorted((KERNEL_EXTENSION / "static" / "pypi").glob(f"{name.replace('-', '_')}-*-py3-none-any.whl"))
        if len(wheels) != 1:
            raise SystemExit(f"The JupyterLite Pyodide kernel's {name} package is missing: website/build.py needs a look.")
        found[name] = wheels[0]
    return found


# The runtime files the kernel loads (pyodide.js loads the others from its own folder).
RUNTIME = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")


# Each wheel's modules compiled to bytecode by the site's own Python (Pyodide's CPython, run by
# node), as Pyodide ships its own packages: the .pyc in place of the .py (sourceless), so that a
# pupil's device does not compile IPython, the widgets and the lessons at every start. The
# bytecode must be the exact Python's, hence Pyodide itself and not this machine's Python.
COMPILE = r"""
import base64, compileall, hashlib, json, shutil, sys, zipfile
from pathlib import Path

SITE_PACKAGES = "/lib/python%d.%d/site-packages" % sys.version_info[:2]
for source, target in json.loads(sys.argv[1]):
    unpacked = Path("/tmp/wheel")
    shutil.rmtree(unpacked, ignore_errors=True)
    with zipfile.ZipFile(source) as wheel:
        infos = wheel.infolist()
        wheel.extractall(unpacked)
    compileall.compile_dir(unpacked, ddir=SITE_PACKAGES, quiet=2, legacy=True,
                           invalidation_mode=compileall.py_compile.PycInvalidationMode.UNCHECKED_HASH)
    record = next(i.filename for i in infos if i.filename.endswith(".dist-info/RECORD"))
    rows = []
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in infos:
            name = info.filename
            if name == record or name.endswith("/"):
                continue
            if name.endswith(".py") and (unpacked / (name + "c")).exists():
                name += "c"
            data = (unpacked / name).read_bytes()
            out.writestr(zipfile.ZipInfo(name, info.date_time), data, zipfile.ZIP_DEFLATED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            rows.append(f"{name},sha256={digest},{len(data)}")
        rows.append(f"{record},,")
        out.writestr(zipfile.ZipInfo(record, (1980, 1, 1, 0, 0, 0)), "\n".join(rows) + "\n", zipfile.ZIP_DEFLATED)
"""
RUN_COMPILE = """
const [runtime, host, code] = process.argv.slice(1);
const { loadPyodide } = require(runtime + "/pyodide.js");
loadPyodide({ indexURL: runtime + "/" }).then((pyodide) => {
  pyodide.FS.mkdirTree("/host");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, "/host");
  pyodide.runPython(code, { globals: pyodide.toPy({ __name__: "__main__" }) });
}).catch((error) => { console.error(error); process.exit(1); });
"""


def precompiled(runtime: Path, wheels: list[Path]) -> dict[Path, Path]:
    """Each wheel with its modules compiled (COMPILE), kept in the cache by the wheel's content,
    so that a wheel is compiled once and the site's copy keeps its folder (content_folder)."""
    out = CACHE / "compiled"
    out.mkdir(parents=True, exist_ok=True)
    ready = {path: out / sha256(path)[:16] / path.name for path in wheels}
    todo = [(path, target) for path, target in ready.items() if not target.exists()]
    if todo:
        node = shutil.which("node")
        if node is None:
            print("node is not installed: the packages go into the site as they are, and each lesson's start "
                  "compiles them on the pupil's device (several seconds more).", flush=True)
            return {path: path for path in wheels}
        work = CACHE / "compiling"
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir()
        jobs = []
        for index, (path, target) in enumerate(todo):
            shutil.copy(path, work / f"{index}.whl")
            jobs.append((f"/host/{index}.whl", f"/host/{index}.out.whl"))
        code = f"import sys; sys.argv = ['compile', {json.dumps(json.dumps(jobs))}]\n" + COMPILE
        print(f"Compiling {len(todo)} packages with the site's own Python ...", flush=True)
        subprocess.run([node, "-e", RUN_COMPILE, str(runtime.resolve()), str(work.resolve()), code], check=True)
        for index, (path, target) in enumerate(todo):
            target.parent.mkdir(exist_ok=True)
            (work / f"{index}.out.whl").rename(target)
        shutil.rmtree(work)
    return ready


def pyodide_folder(target: Path) -> str:
    """Pyodide's runtime and just the packages the lessons load, all in the site, each in a
    folder named by its content (the package list, pyodide-lock.json, names them). Returns the
    runtime's address in the site."""
    runtime = pyodide_runtime(pyodide_version())
    target.mkdir(parents=True)
    runtime_folder = content_folder(target, *(runtime / name for name in RUNTIME))
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    kept = needed(packages, [n for n in START if n in packages] + ["traitlets", "typing-extensions"])
    files = {}  # the wheels the site carries, by package
    for name in kept:
        entry = packages[name]
        entry["depends"] = [canonical(d) for d in entry["depends"] if d not in LEFT_OUT]
        if entry["file_name"].endswith("-none-any.whl"):
            files[name] = wheel(name, entry["version"])
    for name in NAMED_NOT_SHIPPED:
        packages[name]["depends"] = []
    lock["packages"] = {name: packages[name] for name in kept + NAMED_NOT_SHIPPED}
    added = {name: wheel(name, installed_version(name)) for name in ADDED}
    added.update(kernel_packages())
    added["minibridge-lessons"] = our_wheel()
    for name, path in added.items():
        lock["packages"][name] = lock_entry(name, path, ADDED.get(name, KERNEL_PACKAGES.get(name, [])))
    files.update(added)
    ready = precompiled(runtime, list(files.values()))
    for name, path in files.items():
        path = ready[path]
        lock["packages"][name].update(file_name=f"{content_folder(target, path)}/{path.name}", sha256=sha256(path))
    (target / "pyodide-lock.json").write_text(json.dumps(lock))
    return f"./{target.name}/{runtime_folder}/pyodide.js"


def class_server_address(text: str) -> str:
    """The class's app as ``tasks.py app`` prints it (http://192.168.1.20:8866): scheme, host, port."""
    from urllib.parse import urlsplit

    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path.strip("/"):
        raise argparse.ArgumentTypeError(f"'{text}' is not the address of the class's app: give it as the app prints it, "
                         "for example http://192.168.1.20:8866")
    return f"{parts.scheme}://{parts.netloc}"


def play_together_page(notebook, language: str, class_server: str | None) -> None:
    """Play together needs the class's server (the table four devices share): the site's page
    says so in the edition's words, and links to the server's own page when the build names one."""
    import shared_tables  # noqa: F401 (registers the shared tables' words)
    from cardlib import messages, say

    messages.set_language(language)
    lines = [notebook.cells[0].source.splitlines()[0], "", say("rooms_site_needs_server"), ""]
    if class_server:
        page = f"{class_server}/voila/render/{'ja/' if language == 'ja' else ''}play_together.ipynb"
        lines.append(f"{say('rooms_site_server_runs')} **[{say('rooms_site_open')}]({page})**")
    else:
        lines.append(say("rooms_site_ask"))
    messages.set_language("en")
    # JupyterLab's markdown keeps <rp> (the lessons' form of a reading), not a bare <ruby>
    text = re.sub(r"<ruby>(.*?)<rt>(.*?)</rt></ruby>", r"<ruby>\1<rp>（</rp><rt>\2</rt><rp>）</rp></ruby>", "\n".join(lines))
    setup = next(c for c in notebook.cells if c.cell_type == "code" and "lesson_setup" in c.source)
    notebook.cells = [nbformat.v4.new_markdown_cell(text), setup, notebook.cells[-1]]


def site_address(text: str) -> str:
    """The site's address as pupils type it (https://school.example/minibridge/)."""
    from urllib.parse import urlsplit

    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise argparse.ArgumentTypeError(f"'{text}' is not a web address: give the site's address as pupils type it, "
                                         "for example https://school.example/minibridge/")
    return text.strip().rstrip("/") + "/"


def address_card(address: str, language: str) -> str:
    """The contents page's address for the class screen: in words, and as a QR code (segno, SVG)
    a tablet's camera reads. segno: pure Python, no dependencies, kept up to date."""
    import io

    import segno

    import shared_tables  # noqa: F401 (registers the shared tables' words)
    from cardlib import messages, render, say

    page = f"{address}voici/render/{'ja/' if language == 'ja' else ''}00_contents.html"
    svg = io.BytesIO()
    segno.make(page, error="m").save(svg, kind="svg", scale=8, border=4, xmldecl=False, svgclass=None,
                                     lineclass=None, title=page)
    messages.set_language(language)
    words = render.text_html(say("site_address"))
    messages.set_language("en")
    picture = svg.getvalue().decode().replace("<svg ", f'<svg role="img" aria-label="QR: {render.text_html(page)}" ', 1)
    return (f'<div style="display:flex;flex-wrap:wrap;align-items:center;gap:16px;background:#fff;color:#000;'
            f'border:3px solid {render.GOLD};border-radius:10px;padding:12px;font-size:1.3em">{picture}'
            f'<div style="flex:1;min-width:14em"><p style="margin:0 0 8px">{words}</p><p style="margin:0;font-weight:bold;word-break:break-all">'
            f'{render.text_html(page)}</p></div></div>')


def lesson_files(contents: Path, audience: str, class_server: str | None = None, address: str | None = None,
                 class_grade: int = 4) -> None:
    """Both editions' lessons and contents pages, for pupils without the teacher's cells; for a
    3rd-grade class (``class_grade`` 3) with the readings of the kanji of grade 3 (cardlib.furigana)."""
    for notebook_file in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook_file.parts:
            continue
        notebook = nbformat.read(notebook_file, as_version=4)
        if audience == "pupils":
            notebook.cells = [c for c in notebook.cells if TEACHER_TAG not in c.get("metadata", {}).get("tags", [])]
        language = "ja" if notebook_file.parent.name == "ja" else "en"
        if class_grade == 3:
            from cardlib import furigana

            for cell in notebook.cells:
                if cell.cell_type == "markdown":
                    cell.source = furigana.add_readings(cell.source, brackets=True)
        if notebook_file.stem == "play_together":
            play_together_page(notebook, language, class_server)
        if notebook_file.stem == "00_contents" and address:
            code = f"from IPython.display import HTML\nHTML({address_card(address, language)!r})"
            notebook.cells.insert(1, nbformat.v4.new_code_cell(code))
        out = contents / notebook_file.relative_to(ROOT / "notebooks")
        out.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(notebook, out)


def settings(audience: str, runtime: str, class_server: str | None = None, class_grade: int = 4) -> dict:
    env = {"MINIBRIDGE_AUDIENCE": audience, "MINIBRIDGE_CLASS_GRADE": str(class_grade)}
    if class_server:  # "Hand in my work" can send the work there too (exercises.page)
        env["MINIBRIDGE_CLASS_SERVER"] = class_server
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "MiniBridge",
        # The service worker keeps every file the site sends: a lesson opened once opens again
        # with no network (the school's Wi-Fi down, a tablet at home).
        "enableServiceWorkerCache": "true",
        "litePluginSettings": {KERNEL: {
            "pyodideUrl": runtime,
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": START, "lockFileURL": "./pyodide/pyodide-lock.json",
                                   "env": env}}}}}


def without_xeus(out: Path) -> None:
    """Voici brings the xeus kernels' extension, which fetches a package map from GitHub when
    the page starts: the lessons run on Pyodide's kernel alone."""
    shutil.rmtree(out / "extensions" / "@jupyterlite" / "xeus-extension", ignore_errors=True)
    config_file = out / "jupyter-lite.json"
    config = json.loads(config_file.read_text())
    data = config["jupyter-config-data"]
    data["federated_extensions"] = [e for e in data["federated_extensions"] if "xeus" not in e["name"]]
    config_file.write_text(json.dumps(config, indent=1))
    entry = re.compile(r'\{[^{}]*"name": "@jupyterlite/xeus-extension"[^{}]*\},?\s*')
    for page in out.rglob("*.html"):  # each page carries the list of extensions too
        text = page.read_text()
        if "xeus-extension" in text:
            page.write_text(entry.sub("", text))


# JupyterLite's service worker answers from its copy and fetches every file again behind it, so
# each lesson downloaded Python's runtime (8.6 MB) again wherever the browser's own cache could not
# answer (a private window or a guest session keeps it in memory, too small for the runtime:
# measured). A file in a folder named by its content (content_folder) never changes, so the
# worker keeps its copy and asks for nothing; every other file is still fetched again behind it.
KEEP_RULE = "function keptForGood(request){return /\\/pyodide\\/[0-9a-f]{16}\\//.test(new URL(request.url).pathname)}\n"
REFETCH = re.compile(r"(\w)\?(\w)\.waitUntil\(refetch\((\w)\)\)")


def keep_runtime(out: Path) -> None:
    """The service worker keeps the files of the content-named folders for good (KEEP_RULE)."""
    worker = out / "service-worker.js"
    text = worker.read_text()
    if not REFETCH.search(text):
        raise SystemExit("JupyterLite's service worker has changed: website/build.py's KEEP_RULE needs a look.")
    worker.write_text(REFETCH.sub(r"\1?keptForGood(\3)||\2.waitUntil(refetch(\3))", text, count=1) + "\n" + KEEP_RULE)


# The worker answered every file from its copy and fetched it again behind, so the first visit
# after the teacher updated the site still showed the past version (a page, its package list),
# and only the next visit the new one. The files that say which version is current (as
# website/serve.py's CURRENT: the pages, the settings, the package list, the notebooks) are now
# asked of the web server first, and its answer kept; the copy answers only when the server does
# not within FRESH_WAIT_MS (no network, the school's Wi-Fi down, the laptop closed).
#
# The worker keeps the content-named folders' files for good (KEEP_RULE), so a past version's
# folders would stay on the device for ever after an update. When the worker has the package list
# (the list this page's Python will load), it removes from its copy every content-named folder that
# list does not name ("folders", written by forget_old_folders; Pyodide reads only "info" and
# "packages"). The rule goes before JupyterLite's own fetch listener: a listener that answers a
# request (respondWith) stops the event reaching the listeners after it.
FRESH_WAIT_MS = 3000
FORGET_RULE = r"""
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || url.pathname.includes("/api/") ||
      !/(\.html|\.json|\.ipynb|\/)$/.test(url.pathname)) return;
  const answer = freshFirst(event.request);
  event.respondWith(answer.then((found) => found.response));
  const list = new URL("pyodide/pyodide-lock.json", self.registration.scope).pathname;
  event.waitUntil(answer.then((found) => found.kept).then(() => url.pathname === list && forgetOldFolders(event.request)));
});
async function freshFirst(request) {
  const cache = await caches.open(CACHE);
  const fresh = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    return response;
  });
  const slow = new Promise((resolve) => setTimeout(resolve, FRESH_WAIT_MS, null));
  try {
    const response = await Promise.race([fresh, slow]);
    if (response && response.ok) return { response, kept: Promise.resolve() };
    const copy = await cache.match(request);
    return { response: copy || response || await fresh, kept: fresh.catch(() => null) };
  } catch (error) {  // no network: the copy
    const copy = await cache.match(request);
    if (copy) return { response: copy, kept: Promise.resolve() };
    throw error;
  }
}
async function forgetOldFolders(request) {
  const cache = await caches.open(CACHE);
  const given = await cache.match(request);  // the list this page's Python loads
  const named = new Set(given ? (await given.json()).folders || [] : []);
  if (!named.size) return;
  const top = new URL("pyodide/", self.registration.scope).pathname;
  for (const key of await cache.keys()) {
    const path = new URL(key.url).pathname;
    const folder = path.startsWith(top) && /^([0-9a-f]{16})\//.exec(path.slice(top.length));
    if (folder && !named.has(folder[1])) await cache.delete(key);
  }
}
""".replace("FRESH_WAIT_MS", str(FRESH_WAIT_MS))
WORKER_START = '"use strict";const CACHE="precache"'


def forget_old_folders(out: Path) -> None:
    """The package list names every content-named folder of this build, and the service worker
    asks the server first for what says which version is current and removes the folders the
    current list does not name from the device's copy (FORGET_RULE)."""
    worker = out / "service-worker.js"
    text = worker.read_text()
    if not text.startswith(WORKER_START):
        raise SystemExit("JupyterLite's service worker has changed: website/build.py's FORGET_RULE needs a look.")
    lock_file = out / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_file.read_text())
    lock["folders"] = sorted(p.name for p in lock_file.parent.iterdir() if p.is_dir() and re.fullmatch(r"[0-9a-f]{16}", p.name))
    lock_file.write_text(json.dumps(lock))
    strict = '"use strict";'
    worker.write_text(strict + FORGET_RULE + text.removeprefix(strict))


# Where the page has a service worker, JupyterLite's kernel puts the site's notebooks in Python's
# folder /drive and starts there, so each import looks in that folder first: 115-132 look-ups a
# lesson (measured), each a round trip from Python's worker through the service worker to the
# page and back, and one answer lost leaves the lesson at "Running ..." for good. The lessons
# read no file there (the pupil's progress is in the browser's storage: exercises.browser_progress),
# so the kernel starts without that folder, as it does already on a plain http address.
DRIVE_RULE = re.compile(r"(\w)=!\(!\(null==(\w)\?void 0:\2\.enabled\)&&!crossOriginIsolated\)")


def named_by_content(path: Path, text: str) -> Path:
    """Write ``text`` to a file named as webpack names it (``name.<20 hex of its content>.js``), in
    place of ``path``: a web server keeps such a file for good (website/serve.py)."""
    stem, _, suffix = path.name.split(".", 2)
    target = path.with_name(f"{stem}.{hashlib.sha256(text.encode()).hexdigest()[:20]}.{suffix}")
    path.unlink()
    target.write_text(text)
    return target


def without_drive(out: Path) -> None:
    """The kernel starts with no /drive folder (DRIVE_RULE). The changed script gets a name of its
    content, which goes into the extension's entry script, whose own new name goes into the
    settings and the pages, so no browser keeps an old copy under the old name."""
    static = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    chunks = [p for p in static.glob("*.js") if DRIVE_RULE.search(p.read_text())]
    if len(chunks) != 1:
        raise SystemExit("JupyterLite's Pyodide kernel has changed: website/build.py's DRIVE_RULE needs a look.")
    [chunk] = chunks
    changed = named_by_content(chunk, DRIVE_RULE.sub(r"\1=!1", chunk.read_text(), count=1))
    old, new = chunk.name.split(".")[1], changed.name.split(".")[1]
    [entry] = static.glob("remoteEntry.*.js")
    entry_text = entry.read_text()
    if old not in entry_text:
        raise SystemExit("JupyterLite's Pyodide kernel has changed: website/build.py's without_drive needs a look.")
    new_entry = named_by_content(entry, entry_text.replace(old, new))
    for path in [*out.rglob("*.json"), *out.rglob("*.html")]:
        text = path.read_text()
        if entry.name in text:
            path.write_text(text.replace(entry.name, new_entry.name))


# JupyterLite's own app (JupyterLab's whole interface, 17 MB) is built beside Voici's pages, which
# load their scripts from voici/build and take only the settings' schemas and the themes from it.
LAB_KEPT = ("schemas", "themes")


def only_what_pages_use(out: Path) -> None:
    """Leave out JupyterLite's own app (LAB_KEPT stays) and the copies of the service worker that
    no page registers (the pages register the site's top one)."""
    for item in (out / "build").iterdir():
        if item.name not in LAB_KEPT:
            shutil.rmtree(item) if item.is_dir() else item.unlink()
    (out / "voici" / "build" / "service-worker.js").unlink(missing_ok=True)


STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)


def shared_styles(out: Path) -> None:
    """Every lesson page carried JupyterLab's style sheets in itself (240 KB a page): the pages now
    link one copy, which the browser keeps, in the same place of the page (the same cascade)."""
    pages = sorted((out / "voici" / "render").rglob("*.html"))
    texts = {page: page.read_text() for page in pages}
    blocks = [set(m.group(0) for m in STYLE.finditer(text) if len(m.group(1)) > 10_000) for text in texts.values()]
    common = set.intersection(*blocks) if blocks else set()
    names = {}
    for block in sorted(common):
        css = STYLE.fullmatch(block).group(1)
        name = out / "voici" / "styles" / f"{hashlib.sha256(css.encode()).hexdigest()[:16]}.css"
        name.parent.mkdir(exist_ok=True)
        name.write_text(css)
        names[block] = name
    for page, text in texts.items():
        for block, name in names.items():
            link = f'<link rel="stylesheet" href="{os.path.relpath(name, page.parent)}">'
            text = text.replace(block, link)
        page.write_text(text)


# On a plain http:// address that is not the device's own (a teacher's laptop serving the class),
# browsers give a page no service worker, and JupyterLite's service worker manager then never
# says whether it is ready, so Voici waits for it for ever ("Running ..."). Before the page's
# scripts run, a stand-in whose registration fails makes the manager say "not ready" at once,
# and the lessons run without the offline copy.
NO_SERVICE_WORKER = """<script>
if (!("serviceWorker" in navigator)) {
  Object.defineProperty(navigator, "serviceWorker", { value: {
    controller: null,
    register: () => Promise.reject(new Error("no service worker on a plain http address")),
    getRegistration: () => Promise.resolve(undefined),
    getRegistrations: () => Promise.resolve([]),
    addEventListener() {}, removeEventListener() {},
  } });
}
</script>"""


CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)


def japanese_pages(out: Path) -> None:
    """A Japanese lesson's page says it is Japanese (Voici writes lang="en" on every page): a screen
    reader reads it in Japanese, and its tables' text breaks between phrases (:lang(ja)). Its
    Python is told so too (MINIBRIDGE_LANG, cardlib.settings): it starts in no folder of the
    edition (without_drive), which is where the app's lessons read their language from."""
    for page in (out / "voici" / "render" / "ja").rglob("*.html"):
        text = re.sub(r'<html lang="[^"]*"', '<html lang="ja"', page.read_text(), count=1)

        def in_japanese(found: re.Match) -> str:
            config = json.loads(found.group(2))
            config["litePluginSettings"][KERNEL]["loadPyodideOptions"]["env"]["MINIBRIDGE_LANG"] = "ja"
            return found.group(1) + json.dumps(config).replace("</", "<\\/") + found.group(3)

        text, changed = CONFIG.subn(in_japanese, text, count=1)
        if not changed:
            raise SystemExit(f"Voici's page has changed: website/build.py's japanese_pages needs a look ({page.name}).")
        page.write_text(text)


def starting_words(out: Path) -> None:
    """Every page says how its lesson's start goes in the page's language, and offers Start again
    when it stops (exercises.starting), after Voici's own helpers, which it takes the place of."""
    from exercises import starting

    words = starting.script()
    for page in (out / "voici" / "render").rglob("*.html"):
        text = page.read_text()
        if '<div id="rendered_cells"' in text and words not in text:
            page.write_text(text.replace('<div id="rendered_cells"', words + '\n<div id="rendered_cells"', 1))


# A lesson's choice (lesson 17: one game of six) reads the same wherever a pupil opens it: the page
# template of Voilà (the app, and Voilà on a school's server) includes this file, and the site puts
# the same file into each of its pages with a choice (cells tagged pick_<name> in the notebook).
ONE_CHOICE = ROOT / "classroom" / "jupyter" / "voila" / "templates" / "minibridge" / "one_choice.html"
PICK_TAG = "celltag_pick_"


def one_choice(out: Path) -> None:
    """Each page with a choice shows one of its alternatives at a time, by the app's own script."""
    script = ONE_CHOICE.read_text(encoding="utf-8")
    for page in (out / "voici" / "render").rglob("*.html"):
        text = page.read_text()
        if PICK_TAG in text and script not in text:
            if text.count("</body>") != 1:
                raise SystemExit(f"Voici's page has changed: website/build.py's one_choice needs a look ({page.name}).")
            page.write_text(text.replace("</body>", script + "</body>"))


def open_on_plain_http(out: Path) -> None:
    """Every page starts on an address with no service worker too (NO_SERVICE_WORKER)."""
    for page in out.rglob("*.html"):
        text = page.read_text()
        if "<head" in text and NO_SERVICE_WORKER not in text:
            page.write_text(re.sub(r"(<head[^>]*>)", lambda m: m.group(1) + NO_SERVICE_WORKER, text, count=1))


def no_other_hosts(out: Path) -> None:
    """Voici's page template links a font's style sheet from a CDN: the icons' font is in the site."""
    for page in out.rglob("*.html"):
        text = page.read_text()
        cleaned = re.sub(r'<link[^>]+href="https?://[^"]+"[^>]*>\s*', "", text)
        if cleaned != text:
            page.write_text(cleaned)


# A web server that compresses sends a first visit's 23 MB as about 12 MB (Python's runtime 8.6 MB as
# 2.8, Voici's scripts 9.7 as 2.7, the pages 3.8 as 0.8: measured); the wheels and Python's
# standard library are zip files already (5-7 % less). A copy is kept only where it saves a fifth.
SMALLEST_SAVING = 0.2


def precompress(out: Path) -> None:
    """Beside each file that compresses well, its gzip copy (``name.gz``, made once here), which
    ``tasks.py serve`` (website/serve.py) sends to browsers that accept gzip, with no work per
    pupil; a web server that compresses by itself, or does not, leaves the copies unread."""
    import gzip

    for path in sorted(p for p in out.rglob("*") if p.is_file() and p.suffix != ".gz"):
        data = path.read_bytes()
        if len(data) < 1024:
            continue
        packed = gzip.compress(data, 9, mtime=0)
        if len(packed) <= (1 - SMALLEST_SAVING) * len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)


@contextlib.contextmanager
def cache_held():
    """The cache for this build alone: two builds at once (the test suite's workers may start
    two) would unpack and compile into the same folders, so the second waits for the first."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / "building.lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def build(out: Path, audience: str = "pupils", class_server: str | None = None, address: str | None = None,
          class_grade: int = 4) -> Path:
    with cache_held():
        work = CACHE / f"work-{audience}"
        shutil.rmtree(work, ignore_errors=True)
        (work / "files").mkdir(parents=True)
        lesson_files(work / "files", audience, class_server, address, class_grade)
        python = CACHE / f"python-{audience}"
        shutil.rmtree(python, ignore_errors=True)
        runtime = pyodide_folder(python / "pyodide")
        (work / "jupyter-lite.json").write_text(json.dumps(settings(audience, runtime, class_server, class_grade), indent=1))
        shutil.rmtree(out, ignore_errors=True)
        run(str(Path(sys.executable).parent / "voici"), "build", "--contents", "files", "--output-dir", str(out),
            "--no-sourcemaps", "--apps", "voici", "--disable-addons", "jupyterlite-xeus", cwd=work)
        shutil.move(python / "pyodide", out / "pyodide")
        without_xeus(out)
        without_drive(out)
        no_other_hosts(out)
        open_on_plain_http(out)
        starting_words(out)
        one_choice(out)
        japanese_pages(out)
        keep_runtime(out)
        forget_old_folders(out)
        shared_styles(out)
        only_what_pages_use(out)
        precompress(out)  # last: the gzip copies are of the files as pupils get them
        return out


def main(argv: list[str]) -> int:
    options = argparse.ArgumentParser(prog="python3 tasks.py site", description=__doc__.split("\n\n")[0])
    options.add_argument("--out", type=Path, default=ROOT / "build" / "site")
    options.add_argument("--teacher", action="store_true", help="keep the teacher's notes (a site for the teacher)")
    options.add_argument("--class-server", metavar="ADDRESS", type=class_server_address,
                         help="the class's app (python3 tasks.py app), as it prints its address, for example "
                              "http://192.168.1.20:8866: Play together links to it, and pupils can send their work "
                              "to it (run it with --site and this site's address)")
    options.add_argument("--address", type=site_address,
                         help="the site's address as pupils type it, for example https://school.example/minibridge/: "
                              "the contents page shows it, and its QR code, for the class screen")
    options.add_argument("--class-grade", type=int, choices=(3, 4, 5, 6), default=4, metavar="N",
                         help="the class's school year, 3 to 6: 3 (3年生) gives the Japanese lessons' kanji of grade 3 "
                              "their readings too; 4 (the default) reads the kanji above grade 3")
    args = options.parse_args(argv)
    out = build(args.out.resolve(), "teacher" if args.teacher else "pupils", args.class_server, args.address,
                args.class_grade)
    print(f"The site is in {out}: serve it with any web server, for example "
          f"python3 tasks.py serve --directory {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
