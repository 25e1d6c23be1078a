"""The site served from a teacher's laptop (python3 tasks.py serve, website/serve.py): what a
pupil's browser gets from it."""
from __future__ import annotations

import gzip
import http.client
import os
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "website"))
import build  # noqa: E402
import serve  # noqa: E402

RUNTIME = "pyodide/0123456789abcdef/pyodide.asm.wasm"
PAGE = "voici/render/00_contents.html"


@pytest.fixture
def site(tmp_path):
    folder = tmp_path / "site"
    (folder / RUNTIME).parent.mkdir(parents=True)
    (folder / RUNTIME).write_bytes(bytes(range(256)) * 2000 + os.urandom(100_000))  # 612 KB, part compressible
    (folder / PAGE).parent.mkdir(parents=True)
    (folder / PAGE).write_text("<html><body>" + "<p>Lesson 4: declarer and dummy</p>" * 200 + "</body></html>")
    (folder / "voici" / "render" / "tiny.css").write_text("p{}")
    (folder / "voici" / "build").mkdir()
    (folder / "voici" / "build" / "1043.js").write_text("voici()")
    (folder / "voici" / "build" / "remoteEntry.a117bd216cefa0b341fe.js").write_text("widgets()")
    build.precompress(folder)
    (tmp_path / "secret.txt").write_text("the teacher's own file")
    return folder


@pytest.fixture
def origin(site):
    running = serve.server(site, 0, "127.0.0.1")
    threading.Thread(target=running.serve_forever, daemon=True).start()
    yield running.server_address[1]
    running.shutdown()
    running.server_close()


def get(connection, path, **headers):
    connection.request("GET", path, headers=headers)
    answer = connection.getresponse()
    return answer, answer.read()


def test_a_file_arrives_byte_for_byte_and_the_content_named_folders_are_kept_for_good(site, origin):
    connection = http.client.HTTPConnection("127.0.0.1", origin)
    answer, body = get(connection, "/" + RUNTIME)
    assert answer.status == 200 and body == (site / RUNTIME).read_bytes()
    assert answer.getheader("Content-Type") == "application/wasm" and answer.getheader("Content-Encoding") is None
    assert "immutable" in answer.getheader("Cache-Control")
    page, text = get(connection, "/" + PAGE)  # the same connection: kept open between files
    assert page.status == 200 and text == (site / PAGE).read_bytes()
    assert page.getheader("Cache-Control") == "no-cache"  # a page is checked again before it is used
    named, _ = get(connection, "/voici/build/remoteEntry.a117bd216cefa0b341fe.js")  # named by its content
    assert "immutable" in named.getheader("Cache-Control")
    numbered, _ = get(connection, "/voici/build/1043.js")  # Voici's, named by number: kept a while, then checked
    assert numbered.getheader("Cache-Control") == "max-age=600"
    listing, text = get(connection, "/pyodide/")  # a folder without a page: its files listed, as http.server does
    assert listing.status == 200 and b"0123456789abcdef/" in text
    connection.close()


def test_a_browser_asking_again_gets_not_changed_until_the_file_changes(site, origin):
    connection = http.client.HTTPConnection("127.0.0.1", origin)
    first, _ = get(connection, "/" + PAGE)
    tag, date = first.getheader("ETag"), first.getheader("Last-Modified")
    again, body = get(connection, "/" + PAGE, **{"If-None-Match": tag})
    assert again.status == 304 and body == b"" and again.getheader("ETag") == tag
    by_date, body = get(connection, "/" + PAGE, **{"If-Modified-Since": date})
    assert by_date.status == 304 and body == b""
    (site / PAGE).write_text("<html>lesson 4, new</html>")
    (site / (PAGE + ".gz")).unlink()
    later = os.path.getmtime(site / PAGE) + 5
    os.utime(site / PAGE, (later, later))
    changed, body = get(connection, "/" + PAGE, **{"If-None-Match": tag})
    assert changed.status == 200 and body == b"<html>lesson 4, new</html>" and changed.getheader("ETag") != tag
    connection.close()


@pytest.mark.parametrize("accepts, compressed", [("gzip, deflate, br, zstd", True), ("", False),
                                                 ("br", False), ("gzip;q=0, deflate", False)])
def test_the_compressed_copy_goes_only_to_a_browser_that_accepts_gzip(site, origin, accepts, compressed):
    connection = http.client.HTTPConnection("127.0.0.1", origin)
    answer, body = get(connection, "/" + RUNTIME, **({"Accept-Encoding": accepts} if accepts else {}))
    assert answer.getheader("Vary") == "Accept-Encoding"
    if compressed:
        assert answer.getheader("Content-Encoding") == "gzip" and len(body) < (site / RUNTIME).stat().st_size
        assert gzip.decompress(body) == (site / RUNTIME).read_bytes()
        assert answer.getheader("Content-Type") == "application/wasm"
    else:
        assert answer.getheader("Content-Encoding") is None and body == (site / RUNTIME).read_bytes()
    connection.close()


def test_the_build_keeps_a_compressed_copy_only_where_it_saves_download(site):
    assert (site / (RUNTIME + ".gz")).exists() and (site / (PAGE + ".gz")).exists()
    assert not (site / "voici" / "render" / "tiny.css.gz").exists()  # too small to gain


def test_nothing_outside_the_site_is_served(site, origin, tmp_path):
    (site / "voici" / "leak.txt").symlink_to(tmp_path / "secret.txt")
    for path in ("/../secret.txt", "/%2e%2e/secret.txt", "/voici/../../secret.txt", "/voici/leak.txt"):
        connection = http.client.HTTPConnection("127.0.0.1", origin)
        answer, body = get(connection, path)
        assert answer.status == 404 and b"teacher's own" not in body, path
        connection.close()


def test_serving_a_folder_with_no_site_says_to_build_it_first(tmp_path, capsys):
    with pytest.raises(SystemExit):
        serve.main(["--directory", str(tmp_path)])
    assert "build it first with python3 tasks.py site" in capsys.readouterr().err
