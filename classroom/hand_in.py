"""Work a pupil sends from the course's website straight to the class's app (POST /minibridge/hand-in).

The website runs in the pupil's browser and comes from another address than the app (another
origin), so the browser sends the work only where the app answers that the site may: the app
says so to the site's own origin (``tasks.py app --site ADDRESS``, MINIBRIDGE_SITE), and only
here, so nothing else of the app can be written from the site's pages, and no other page on
the web can send work to it from a pupil's browser. The body is the hand-in file the website
would download (exercises.browser_progress): a body that is not one is refused with its
sentence (status 400) and adds nothing; work sent twice adds nothing the second time. The
answer is JSON: ``{"answers": n, "quizzes": m}`` added, or ``{"refused": sentence}``, in the
edition's language (``?lang=ja``).
"""
from __future__ import annotations

import json
from urllib.parse import urlsplit

import tornado.web

from cardlib import CardError, messages, say, settings
from exercises.browser_progress import HAND_IN_PATH, add_handed_in
from exercises.progress import failure_reason
from exercises.store import StoreError

PATH = HAND_IN_PATH


def site_origin(address: str) -> str:
    """The origin (scheme://host:port) of the site's address as pupils type it; "" if none.

    >>> site_origin("https://school.example/minibridge/"), site_origin("http://192.168.1.20:8000"), site_origin("")
    ('https://school.example', 'http://192.168.1.20:8000', '')
    """
    parts = urlsplit(address.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return ""
    return f"{parts.scheme}://{parts.netloc}".lower()


def receive(data: bytes, language: str = "en", directory=None) -> tuple[int, dict]:
    """The work in ``data`` added to the class's progress: the HTTP status and the answer."""
    before = messages.current_language()
    messages.set_language(language if language in messages.languages() else "en")
    try:
        try:
            _work, answers, quizzes = add_handed_in(data, directory)
        except CardError as error:
            return 400, {"refused": str(error)}
        except StoreError as error:
            return 503, {"refused": say("ex_progress_not_saved", reason=failure_reason(error))}
        return 200, {"answers": answers, "quizzes": quizzes}
    finally:
        messages.set_language(before)


class HandInHandler(tornado.web.RequestHandler):
    """The one place of the app a page of the website may write to (see the module's docstring)."""

    def check_xsrf_cookie(self) -> None:
        """The site has none of the app's cookies: its requests are let in by their origin instead
        (a browser always names the page's origin on a request to another one)."""

    def _site(self) -> str:
        """The site's origin when this request comes from it, else ""."""
        allowed = site_origin(settings.read().site)
        origin = (self.request.headers.get("Origin") or "").lower()
        return origin if allowed and origin == allowed else ""

    def _answer(self, status: int, answer: dict) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(answer, ensure_ascii=False))

    def options(self) -> None:
        """The browser asks first (the body is JSON): yes to the site's origin, for this POST alone."""
        self.set_header("Vary", "Origin")
        origin = self._site()
        if not origin:
            self.set_status(403)
            self.finish()
            return
        self.set_header("Access-Control-Allow-Origin", origin)
        self.set_header("Access-Control-Allow-Methods", "POST")
        self.set_header("Access-Control-Allow-Headers", "Content-Type")
        self.set_header("Access-Control-Max-Age", "600")
        if self.request.headers.get("Access-Control-Request-Private-Network") == "true":
            self.set_header("Access-Control-Allow-Private-Network", "true")  # a site on the web, the app on the school's network
        self.set_status(204)
        self.finish()

    def post(self) -> None:
        self.set_header("Vary", "Origin")
        origin = self._site()
        language = self.get_query_argument("lang", "en")
        if not origin:
            self._answer(403, {"refused": "Only the course's website, as the app was told with --site, may hand in work here."})
            return
        self.set_header("Access-Control-Allow-Origin", origin)
        # JSON only: a browser then always asks first, so a plain web form cannot post here
        if (self.request.headers.get("Content-Type") or "").split(";")[0].strip().lower() != "application/json":
            self._answer(415, {"refused": "The work is sent as JSON."})
            return
        self._answer(*receive(self.request.body, language))  # too long a body is refused there too
