"""Code sent from a pupil's page never runs. Voilà's own server (``tasks.py app``) lets only
widget messages reach a kernel; Voilà as a Jupyter server extension (Binder, a school's
JupyterHub) needs the setting docs/teachers.md gives for it. The same probe does run on a Jupyter server
without that setting, which shows the probe could really do harm."""
from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest
from app_pages import Frames, kernel_of, open_lesson
from playwright.sync_api import expect
from app_server import running_app, tasks

# From the pupil's page: a second socket to the same kernel, as anyone could open from the
# browser's console, sending code that writes a file, a request for a variable's contents,
# and a harmless kernel_info_request (its answer shows the socket itself works).
PROBE = """async ([url, code]) => {
  const session = crypto.randomUUID();
  const message = (type, content) => JSON.stringify({
    header: {msg_id: crypto.randomUUID(), msg_type: type, username: "pupil", session: session,
             date: new Date().toISOString(), version: "5.3"},
    parent_header: {}, metadata: {}, content: content, channel: "shell", buffers: []});
  const ws = new WebSocket(url.replace(/session_id=[^&]*/, "session_id=" + session));
  const replies = [];
  ws.onmessage = (event) => { try { replies.push(JSON.parse(event.data).msg_type); } catch (e) {} };
  await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
  ws.send(message("execute_request", {code: code, silent: false, store_history: false,
                                      user_expressions: {}, allow_stdin: false, stop_on_error: true}));
  ws.send(message("inspect_request", {code: "TABLE", cursor_pos: 5, detail_level: 1}));
  ws.send(message("kernel_info_request", {}));
  // A kernel answers its shell messages in order: once kernel_info is answered, any reply to
  // the code or the inspection has come before it.
  for (let waited = 0; waited < 10000 && !replies.includes("kernel_info_reply"); waited += 100) {
    await new Promise((ok) => setTimeout(ok, 100));
  }
  ws.close();
  return replies;
}"""


def send_probe(page, url: str, marker) -> list[str]:
    open_lesson(page, url, ready=".mb-minibridge-table")
    kernel_socket = next(u for u in page.frames_log.kernel_urls if "/api/kernels/" in u)
    code = f"open({str(marker)!r}, 'w').write('the kernel ran code sent from the page')"
    return page.evaluate(PROBE, [kernel_socket, code])


def appears(path, limit: float) -> bool:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if path.exists():
            return True
        time.sleep(0.2)
    return path.exists()


@pytest.mark.parametrize("served", ["app", "preheated_app"], ids=["on-demand", "ready-kernel"])
def test_code_sent_from_the_page_is_refused(request, served, page, tmp_path):
    served = request.getfixturevalue(served)
    marker = tmp_path / f"ran-{uuid.uuid4().hex}.txt"
    replies = send_probe(page, served.lesson("12_a_whole_hand"), marker)
    if served.ready_kernels_kept:
        assert served.served_ready(kernel_of(page)), "the page got a new kernel, not a ready one"
    assert "kernel_info_reply" in replies, f"the probe's socket never worked: {replies}"
    assert "execute_reply" not in replies and "inspect_reply" not in replies, replies
    assert not appears(marker, 3), "the kernel ran code sent from the page"
    # and the lesson still works: the refused messages did not upset the kernel
    table = page.locator(".mb-minibridge-table").first
    table.get_by_role("button", name="Ask the coach").click()
    # the table is drawn again with the coach's words: read the message as it is now
    expect(table.locator(".mb-message")).to_contain_text("The coach suggests", timeout=20_000)


def probe_new_server(chromium, marker, **server) -> list[str]:
    with running_app(**server) as served:
        context = chromium.new_context()
        try:
            page = context.new_page()
            page.frames_log = Frames().attach(page)
            return send_probe(page, served.lesson("12_a_whole_hand"), marker)
        finally:
            context.close()


def test_a_jupyter_server_with_the_guides_setting_refuses_it_too(chromium, tmp_path):
    marker = tmp_path / "ran.txt"
    replies = probe_new_server(chromium, marker, extension=True, allowed_messages=tasks.WIDGET_MESSAGES)
    assert "kernel_info_reply" in replies and "execute_reply" not in replies, replies
    assert not appears(marker, 3)


def test_a_jupyter_server_without_it_runs_the_code(chromium, tmp_path):
    marker = tmp_path / "ran.txt"
    replies = probe_new_server(chromium, marker, extension=True)
    assert appears(marker, 10) and "execute_reply" in replies, (
        f"the probe ran no code even where nothing stops it (replies {replies}): the tests above prove nothing")


def test_the_teachers_guide_gives_the_setting_for_a_school_server():
    guide = (Path(tasks.ROOT) / "docs" / "teachers.md").read_text(encoding="utf-8")
    assert "allowed_message_types" in guide
    assert all(f'"{name}"' in guide for name in tasks.WIDGET_MESSAGES)
