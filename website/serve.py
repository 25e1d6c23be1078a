"""Serve the built site from a teacher's laptop (python3 tasks.py serve): the standard library only.

Python's own ``http.server`` does the job too, but costs the laptop more for each pupil: it
closes the connection after every file (a new connection and thread for each of a first visit's
~140 requests), copies each file through Python, compresses nothing and sends no cache headers
(the browser guesses from a file's date how long to keep it). Here: connections kept open
(HTTP/1.1), the kernel's sendfile for large files, the ``.gz`` copies the build made
(website/build.py's ``precompress``) for browsers that accept gzip, and cache headers by what a
file is (NEVER_CHANGES, CURRENT, A_WHILE), with ETag and Last-Modified answered "304 not changed".
Measured in docs/site.md ("The laptop's work").
"""
from __future__ import annotations

import argparse
import email.utils
import functools
import io
import os
import re
import socket
import sys
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A file named by its content never changes: the build's content-named folders (website/build.py's
# content_folder) and the scripts, styles and fonts webpack names by their hash
# (remoteEntry.a117bd216cefa0b341fe.js, 1cb1c39ea642f26a4dfe.woff).
NEVER_CHANGES = re.compile(r"/pyodide/[0-9a-f]{16}/|/voici/styles/[0-9a-f]{16}\.css$|[/.][0-9a-f]{8,}\.(js|css|woff2?|ttf|eot|svg)$")
FOR_GOOD = "public, max-age=31536000, immutable"
# What says which version is current (the pages, the package list, the settings, the service
# worker) is checked each time ("304 not changed" when it has not).
CURRENT = re.compile(r"(\.html|\.json|\.ipynb|/service-worker\.js|/)$")
ASK_EACH_TIME = "no-cache"
# Voici's own scripts (voici/build/1043.js) are named by number, not content, and change only with
# Voici's version: kept 10 minutes, as GitHub Pages keeps every file, so lesson after lesson asks
# nothing for them; after that each is checked again (304). For 10 minutes after an update that
# changes Voici's version a browser may still use its past copies of these.
A_WHILE = "max-age=600"
SMALL = 256 * 1024  # bytes


@functools.lru_cache
def real_folder(directory: str) -> str:
    return os.path.realpath(directory)


def accepts_gzip(header: str | None) -> bool:
    """Accept-Encoding names gzip (or *) without q=0."""
    for part in (header or "").split(","):
        name, _, parameters = part.partition(";")
        if name.strip().lower() in ("gzip", "*"):
            quality = re.search(r"q\s*=\s*([0-9.]+)", parameters)
            return not quality or float(quality.group(1)) > 0
    return False


class SiteHandler(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # one connection for many files
    wbufsize = 64 * 1024  # a small file goes with its headers in one send (flushed after each answer)
    timeout = 60  # s: a connection left idle is closed (its thread ends)

    def log_request(self, code="-", size="-"):
        pass  # a line for each of a class's thousands of files helps nobody; errors are still said

    def send_head(self):
        path = self.translate_path(self.path)
        if not os.path.isfile(path):
            return super().send_head()  # folders (their index.html) and "not found", as http.server does
        site = real_folder(self.directory)
        if os.path.commonpath([site, os.path.realpath(path)]) != site:  # a link that leads out of the site
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        compressed = path + ".gz"
        has_copy = os.path.isfile(compressed)
        sent = compressed if has_copy and accepts_gzip(self.headers.get("Accept-Encoding")) else path
        body = open(sent, "rb")
        try:
            state = os.fstat(body.fileno())
            tag = f'"{state.st_mtime_ns:x}-{state.st_size:x}{"-gz" if sent != path else ""}"'
            modified = os.path.getmtime(path)  # the file's date, whichever copy is sent
            if self.not_changed(tag, modified):
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.cache_headers(tag, modified, has_copy)
                self.end_headers()
                body.close()
                return None
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Length", str(state.st_size))
            if sent != path:
                self.send_header("Content-Encoding", "gzip")
            self.cache_headers(tag, modified, has_copy)
            self.end_headers()
            return body
        except BaseException:
            body.close()
            raise

    def not_changed(self, tag: str, modified: float) -> bool:
        """The browser's copy is still good: its ETag, or (without one) its date."""
        tags = self.headers.get("If-None-Match")
        if tags is not None:
            return tags.strip() == "*" or tag in [t.strip().removeprefix("W/") for t in tags.split(",")]
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return int(modified) <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError, IndexError, OverflowError):
                return False
        return False

    def cache_headers(self, tag: str, modified: float, has_copy: bool) -> None:
        self.send_header("ETag", tag)
        self.send_header("Last-Modified", self.date_time_string(modified))
        path = self.path.split("?")[0]
        self.send_header("Cache-Control", FOR_GOOD if NEVER_CHANGES.search(path) else
                         ASK_EACH_TIME if CURRENT.search(path) else A_WHILE)
        if has_copy:
            self.send_header("Vary", "Accept-Encoding")

    def copyfile(self, source, outputfile):
        """A large file's bytes go from the disk to the network in the kernel (sendfile), not through
        Python; a small one in one write (sendfile's setting up cost more than the copy: measured)."""
        if isinstance(source, io.BufferedReader) and os.fstat(source.fileno()).st_size > SMALL:
            outputfile.flush()  # the headers first
            self.connection.sendfile(source)
        else:
            outputfile.write(source.read())


def lan_address() -> str | None:
    """The laptop's address on the school's network (no packet is sent: a UDP socket only picks its route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return None


def server(site: Path, port: int, host: str = "") -> ThreadingHTTPServer:
    def handler(*args):
        return SiteHandler(*args, directory=str(site))

    return ThreadingHTTPServer((host, port), handler)


def main(argv: list[str]) -> int:
    options = argparse.ArgumentParser(prog="python3 tasks.py serve",
                                      description="Serve the course's website (python3 tasks.py site) to the class "
                                                  "from this computer.")
    options.add_argument("--directory", type=Path, default=ROOT / "build" / "site",
                         help="the built site's folder (default build/site)")
    options.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    args = options.parse_args(argv)
    if not (args.directory / "voici" / "render" / "00_contents.html").is_file():
        options.error(f"There is no built site in {args.directory}: build it first with python3 tasks.py site")
    if not 1 <= args.port <= 65535:
        options.error("--port takes a number from 1 to 65535.")
    try:
        running = server(args.directory.resolve(), args.port)
    except OSError as error:
        options.error(f"Port {args.port} cannot be used ({error.strerror}): try another, for example --port 8001")
    print(f"The site is served on this computer at http://localhost:{args.port}/voici/render/00_contents.html "
          f"(Japanese: http://localhost:{args.port}/voici/render/ja/00_contents.html).", flush=True)
    address = lan_address()
    if address:
        print(f"Pupils open http://{address}:{args.port}/voici/render/00_contents.html "
              f"(Japanese: .../voici/render/ja/00_contents.html). Stop it with Ctrl+C.", flush=True)
    try:
        running.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        running.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
