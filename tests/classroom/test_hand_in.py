"""Work a pupil sends from the course's website to the class's app (classroom.hand_in): from the
site's origin it is added to the class's progress, once; the browser is told the site may send
it, and no other origin is; a body that is not a pupil's work, or a request from anywhere else,
is refused in plain words and adds nothing."""
from __future__ import annotations

import json
from unittest import mock

import pytest
import tornado.testing
import tornado.web

from classroom.hand_in import PATH, HandInHandler
from exercises.browser_progress import HAND_IN_LIMIT, BrowserStore
from teacher.class_view import ClassView

SITE = "http://192.168.1.20:8000"


def work(name: str = "Ben", answers: int = 2) -> bytes:
    """What "Hand in my work" gives on the website: a pupil's answers and a quiz."""
    store = BrowserStore()
    pupil = store.open(name)
    for n in range(answers):
        pupil.record("hcp", correct=n % 2 == 0, streak=n, lesson=3, seed=n)
    pupil.record_quiz("3:quiz", 4, 5, lesson=3)
    return store.hand_in(name)[1].encode()


class HandInTest(tornado.testing.AsyncHTTPTestCase):
    """The handler in an application set up as Voilà's is (cookies against forged forms on)."""

    @pytest.fixture(autouse=True)
    def _class_folder(self, tmp_path):
        self.folder = tmp_path
        with mock.patch.dict("os.environ", {"MINIBRIDGE_SITE": SITE + "/minibridge/",
                                            "MINIBRIDGE_PROGRESS_DIR": str(tmp_path)}):
            yield

    def get_app(self):
        return tornado.web.Application([("/" + PATH, HandInHandler)], xsrf_cookies=True)

    def post(self, body: bytes, origin: str | None = SITE, content_type="application/json", query="?lang=en"):
        headers = {"Content-Type": content_type}
        if origin:
            headers["Origin"] = origin
        reply = self.fetch("/" + PATH + query, method="POST", body=body, headers=headers, raise_error=False)
        return reply, json.loads(reply.body or b"{}")

    def pupils(self) -> list[str]:
        return ClassView(self.folder).pupils

    def test_the_sites_work_is_added_to_the_class_once_and_the_site_may_read_the_answer(self):
        ben = work("Ben", 3)
        reply, said = self.post(ben)
        assert reply.code == 200 and said == {"answers": 3, "quizzes": 1}
        assert reply.headers["Access-Control-Allow-Origin"] == SITE
        view = ClassView(self.folder)
        assert view.pupils == ["Ben"] and len(view.answers) == 3 and view.cells["Ben", 3].quiz == (4, 5)
        reply, said = self.post(ben)  # sent twice: nothing new
        assert reply.code == 200 and said == {"answers": 0, "quizzes": 0}
        assert len(ClassView(self.folder).answers) == 3

    def test_the_browser_asking_first_is_told_yes_for_the_site_alone(self):
        ask = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}
        reply = self.fetch("/" + PATH, method="OPTIONS", headers={"Origin": SITE, **ask})
        assert reply.code == 204 and reply.headers["Access-Control-Allow-Origin"] == SITE
        assert reply.headers["Access-Control-Allow-Methods"] == "POST"
        other = self.fetch("/" + PATH, method="OPTIONS", headers={"Origin": "https://elsewhere.example", **ask},
                           raise_error=False)
        assert other.code == 403 and "Access-Control-Allow-Origin" not in other.headers

    def test_work_from_another_origin_or_none_is_refused_and_adds_nothing(self):
        for origin in ("https://elsewhere.example", "http://192.168.1.20:8001", None):
            reply, said = self.post(work(), origin=origin)
            assert reply.code == 403 and "--site" in said["refused"]
            assert "Access-Control-Allow-Origin" not in reply.headers
        assert self.pupils() == []

    def test_a_body_that_is_not_json_is_refused_before_it_is_read(self):
        reply, said = self.post(work(), content_type="text/plain")  # what a plain web form could send
        assert reply.code == 415 and said["refused"] and self.pupils() == []

    def test_a_forged_or_wrong_body_is_refused_in_plain_words_and_adds_nothing(self):
        good = json.loads(work())
        edited = dict(good, answers=[dict(good["answers"][0], lesson="all of them")])
        wrong = {b"": "not a file of a pupil's work", b"name,score\nBen,10": "not a file of a pupil's work",
                 b"[1, 2]": "not a file of a pupil's work",
                 json.dumps(dict(good, pupil="../../etc")).encode(): "damaged or was changed by hand",
                 json.dumps(edited).encode(): "damaged or was changed by hand",
                 json.dumps({**good, "minibridge-progress": 2}).encode(): "newer version",
                 b" " * (HAND_IN_LIMIT + 1): "not a file of a pupil's work"}
        for body, words in wrong.items():
            reply, said = self.post(body)
            assert reply.code == 400 and words in said["refused"], (body[:40], said)
            assert reply.headers["Access-Control-Allow-Origin"] == SITE  # the pupil's page may read why
        assert self.pupils() == []

    def test_the_refusal_is_in_the_editions_language(self):
        reply, said = self.post(b"{}", query="?lang=ja")
        assert reply.code == 400 and said["refused"] == "これはレッスンの児童の答えのファイルではありません。"

    def test_without_the_sites_address_the_app_takes_no_work(self):
        with mock.patch.dict("os.environ", {"MINIBRIDGE_SITE": ""}):
            reply, _ = self.post(work())
        assert reply.code == 403 and self.pupils() == []

