"""The course's website keeps a pupil's work in the browser's own storage: a reload (a new
kernel, an empty store) brings back the name, the tables, the practice and the quiz; a
damaged or edited record is said in a sentence and changes nothing else; "Hand in my work"
gives a file that the class view adds to the class's progress. The browser's side (the
page's widget merging rows into localStorage) is played here by ``Browser``; the site's
browser test runs the real one."""
from __future__ import annotations

import html
import json

import pytest

from cardlib import CardError, render
from exercises import browser_progress, page as page_module
from exercises.browser_progress import STORAGE_KEY, BrowserStore, read_handed_in
from exercises.progress import ProgressStore
from teacher.class_view import ClassView, import_hand_ins
from test_page import LESSON, a_wrong_answer, answer, play_tricks, send
from exercises.widget import ExerciseWidget


def right_answer(question):
    return str(question.answer) if question.answer_kind == "number" else sorted(question.accepted)[0]


class Browser:
    """One browser's localStorage, changed as the page's widget changes it."""

    def __init__(self):
        self.storage: dict[str, str] = {}
        self.downloads: list[dict] = []
        self.sent: list[dict] = []  # work the page asked the browser to send to the class's app

    def heard(self, message: dict) -> None:
        if "remember" in message:
            self.storage["minibridge-pupil"] = message["remember"]
        if message.get("aside"):
            self.storage[STORAGE_KEY + "-damaged"] = self.storage.pop(STORAGE_KEY)
        if "keep" in message or "drop" in message:
            record = json.loads(self.storage.get(STORAGE_KEY) or "{}")
            for table, rows in message.get("keep", {}).items():
                record.setdefault(table, {}).update(rows)
            for table, ids in message.get("drop", {}).items():
                for row_id in ids:
                    record.get(table, {}).pop(row_id, None)
            self.storage[STORAGE_KEY] = json.dumps(record)
        if "download" in message:
            self.downloads.append(message["download"])
        if "send" in message:
            self.sent.append(message["send"])

    def record(self) -> dict:
        return json.loads(self.storage[STORAGE_KEY])


class SitePage:
    """Lesson 4's page as the website opens it: a new kernel (an empty store) in ``browser``."""

    def __init__(self, browser: Browser, tab="tab-1"):
        browser_progress._STORE = None  # a new kernel
        self.page = page_module.new_page()
        self.tables = [deal.table_widget(show_score=False, pace=0) for deal in LESSON.deals[:2]]
        self.practice = ExerciseWidget(lesson=4)
        self.quiz = ExerciseWidget(lesson=4, quiz=True)
        self.page.memory.send = browser.heard
        self.store = self.page.store
        send(self.page.memory, {"remembered": browser.storage.get("minibridge-pupil", ""), "tab": tab,
                                "record": browser.storage.get(STORAGE_KEY, "")})


@pytest.fixture(autouse=True)
def in_the_browser(monkeypatch):
    monkeypatch.setattr(render, "in_browser", lambda: True)
    monkeypatch.setattr(browser_progress, "_STORE", None)


def test_a_reload_brings_back_the_name_the_table_the_practice_and_the_quiz_from_the_browser():
    browser = Browser()
    first = SitePage(browser)
    assert isinstance(first.store, BrowserStore) and first.page.hand_in_button.description == "Hand in my work"
    play_tricks(first.tables[0], 2)
    first.practice.name_box.value = "Ben"
    assert "This browser keeps your work" in first.practice.name_note.value
    answer(first.practice, a_wrong_answer(first.practice.session.question))
    answer(first.quiz, a_wrong_answer(first.quiz.session.question))
    first.quiz.new_button.click()
    plays = list(first.tables[0].game.plays)

    again = SitePage(browser)  # a reload: a new kernel, the same browser
    assert "Are you Ben?" in again.page.question.value and again.practice.pupil is None
    again.page.yes_button.click()
    assert again.tables[0].game.plays == plays
    assert again.practice.session.question.prompt == first.practice.session.question.prompt
    assert again.practice.session.tries_used == 1
    assert again.quiz.session.position == 1 and again.quiz.session.answers[0] is not None
    assert [(a.pupil, a.correct) for a in again.store.answers()] == [("Ben", False)]  # not written twice


def test_a_quiz_answer_changed_after_a_reload_changes_the_same_row():
    browser = Browser()
    first = SitePage(browser)
    first.quiz.name_box.value = "Ben"
    q = first.quiz.session.question
    answer(first.quiz, a_wrong_answer(q))
    again = SitePage(browser)
    again.page.yes_button.click()
    answer(again.quiz, right_answer(q))
    assert [row["correct"] for row in browser.record()["answers"].values()] == [True]


def test_two_tabs_add_to_one_record_and_each_finds_its_own_table():
    browser = Browser()
    one, two = SitePage(browser, tab="tab-1"), SitePage(browser, tab="tab-2")
    one.practice.name_box.value = "Ben"
    two.practice.name_box.value = "Ben"
    play_tricks(one.tables[0], 1)
    play_tricks(two.tables[0], 2)
    for tab in (one, two):
        answer(tab.practice, right_answer(tab.practice.session.question))
    assert len(browser.record()["answers"]) == 2
    for tab in (one, two):
        back = SitePage(browser, tab=tab.page.tab)
        back.page.yes_button.click()
        assert back.tables[0].game.plays == tab.tables[0].game.plays


def test_many_reloads_keep_only_the_latest_tabs_of_each_part():
    browser = Browser()
    for n in range(6):
        page = SitePage(browser, tab=f"tab-{n}")
        page.practice.name_box.value = "Ben"
    tabs = {row["tab"] for row in browser.record()["pages"].values() if row["part"] == "practice 1"}
    assert tabs == {"tab-3", "tab-4", "tab-5"}


def test_a_record_that_is_not_one_is_kept_aside_said_and_the_page_starts_afresh():
    browser = Browser()
    browser.storage[STORAGE_KEY] = "{not json"
    page = SitePage(browser)
    assert "could not be read, so it was kept aside" in page.page.note.value
    assert browser.storage[STORAGE_KEY + "-damaged"] == "{not json" and STORAGE_KEY not in browser.storage
    page.practice.name_box.value = "Ben"
    answer(page.practice, right_answer(page.practice.session.question))
    assert len(browser.record()["answers"]) == 1


@pytest.mark.parametrize("forged", [
    {"pupils": {"<b>zed</b>": {"name": "<b>Zed</b>", "streak": 0, "best_streak": 0, "since": 1, "at": 1}}},
    {"pupils": {"ann": {"name": "Ben", "streak": 0, "best_streak": 0, "since": 1, "at": 1}}},
    {"answers": {"7": {"pupil": "ben", "lesson": 4, "kind": "hcp", "seed": "1", "correct": "yes", "slip": None, "at": 5}}},
    {"answers": {"8": {"pupil": "nobody", "lesson": 4, "kind": "hcp", "seed": "1", "correct": True, "slip": None, "at": 5}}},
    {"quizzes": {"9": {"pupil": "ben", "lesson": 4, "seed": "q", "mark": 9, "out_of": 5, "at": 5}}},
    {"pages": {"x": {"pupil": "ben", "lesson": 4, "part": "table 4A", "tab": "tab-1", "at": float("inf")}}},
])
def test_edited_rows_are_left_out_with_a_sentence_and_the_rest_is_kept(forged):
    browser = Browser()
    first = SitePage(browser)
    first.practice.name_box.value = "Ben"
    answer(first.practice, right_answer(first.practice.session.question))
    record = browser.record()
    for table, rows in forged.items():
        record.setdefault(table, {}).update(rows)
    edited = json.dumps(record)
    browser.storage[STORAGE_KEY] = edited
    again = SitePage(browser)
    assert "1 of the things kept in this browser could not be read" in again.page.note.value
    assert len(again.store.answers()) == 1 and again.store.pupils() == ["Ben"] and not again.store.quiz_marks()
    assert browser.storage[STORAGE_KEY] == edited  # left as it was


def test_hand_in_before_a_name_says_type_it_then_downloads_the_pupils_work_only():
    browser = Browser()
    page = SitePage(browser)
    page.page.hand_in_button.click()
    assert "Type your name first" in page.page.note.value and browser.downloads == []
    page.practice.name_box.value = "Ann"
    answer(page.practice, right_answer(page.practice.session.question))
    other = SitePage(browser)  # a shared tablet: Ben after Ann
    other.page.no_button.click()
    other.practice.name_box.value = "Ben"
    answer(other.practice, right_answer(other.practice.session.question))
    other.page.hand_in_button.click()
    [file] = browser.downloads
    assert file["name"].startswith("minibridge-Ben-") and file["name"].endswith(".json")
    assert file["name"] in other.page.note.value and "Give that file to your teacher" in other.page.note.value
    work = read_handed_in(file["text"].encode())
    assert work.pupil == "Ben" and len(work.answers) == 1 and work.answers[0].lesson == 4


def test_without_the_class_apps_address_the_page_only_downloads(monkeypatch):
    monkeypatch.delenv("MINIBRIDGE_CLASS_SERVER", raising=False)
    page = SitePage(Browser())
    assert not hasattr(page.page, "send_button")


@pytest.mark.parametrize("reply, words, downloaded", [
    ({"status": 200, "answer": {"answers": 1, "quizzes": 0}}, "Your work got to your teacher (answers: 1, quizzes: 0).", False),
    ({"status": 200, "answer": {"answers": 0, "quizzes": 0}}, "Your teacher already has this work", False),
    ({"status": 400, "answer": {"refused": "This file of a pupil's work is damaged."}},
     "Your teacher's app did not take your work: This file of a pupil's work is damaged. So your work is in the file", True),
    ({"status": 0, "answer": {}}, "Your work could not get to your teacher's app", True),
    ({"status": 403, "answer": {"refused": "Only the course's website may hand in work here."}},
     "Your work could not get to your teacher's app", True),
    ({"status": 200, "answer": {"answers": "all", "quizzes": -1}}, "Your work could not get to your teacher's app", True),
])
def test_send_my_work_sends_it_to_the_class_app_and_says_whether_it_arrived_else_gives_the_file(monkeypatch, reply, words, downloaded):
    monkeypatch.setenv("MINIBRIDGE_CLASS_SERVER", "http://192.168.1.20:8866")
    browser = Browser()
    page = SitePage(browser)
    page.page.send_button.click()
    assert "Type your name first" in page.page.note.value and browser.sent == []
    page.practice.name_box.value = "Ben"
    answer(page.practice, right_answer(page.practice.session.question))
    page.page.send_button.click()
    [work] = browser.sent
    assert work["url"] == "http://192.168.1.20:8866/minibridge/hand-in?lang=en"
    assert read_handed_in(work["text"].encode()).pupil == "Ben"
    assert "Sending your work" in page.page.note.value
    send(page.page.memory, {"sent": reply})
    assert words in html.unescape(page.page.note.value)
    assert len(browser.downloads) == downloaded
    if downloaded:
        assert browser.downloads[0]["text"] == work["text"] and browser.downloads[0]["name"] in page.page.note.value
    send(page.page.memory, {"sent": {"status": 0, "answer": {}}})  # a second answer, or a forged one: nothing more
    assert len(browser.downloads) == downloaded


def handed_in(name: str, answers: int, quiz: bool = False) -> bytes:
    store = BrowserStore()
    pupil = store.open(name)
    for n in range(answers):
        pupil.record("hcp", correct=n % 2 == 0, streak=n, lesson=3, seed=n)
    if quiz:
        pupil.record_quiz("3:quiz", 4, 5, lesson=3)
    return store.hand_in(name)[1].encode()


def test_the_class_view_adds_several_handed_in_files_at_once_and_refuses_a_wrong_one(tmp_path):
    ben = handed_in("Ben", 3, quiz=True)
    said = import_hand_ins({"ben.json": ben, "aiko.json": handed_in("Aiko", 2), "photo.jpg": b"\xff\xd8\xff\xe0",
                            "edited.json": ben.replace(b'"mark": 4', b'"mark": 40')}, tmp_path)
    assert said[0] == "ben.json: Ben's work added (answers: 3, quizzes: 1)."
    assert said[1] == "aiko.json: Aiko's work added (answers: 2, quizzes: 0)."
    assert said[2] == "photo.jpg: This is not a file of a pupil's work from the lessons. Nothing was added from it."
    assert said[3].startswith("edited.json: This file of a pupil's work is damaged or was changed by hand")
    view = ClassView(tmp_path)
    assert view.pupils == ["Aiko", "Ben"] and len(view.answers) == 5
    assert view.cells["Ben", 3].quiz == (4, 5) and view.cells["Ben", 3].right == 2
    assert ProgressStore(tmp_path).open("Ben").best_streak == 2
    again = import_hand_ins({"ben.json": ben}, tmp_path)  # handed in twice: counted once
    assert again == ["ben.json: nothing new from Ben (this work was added before)."]
    assert len(ClassView(tmp_path).answers) == 5


@pytest.mark.parametrize("data", [b"", b"[]", b'{"pupil": "Ben"}', "{\"minibridge-progress\": 1, \"pupil\": \"../x\"}".encode(),
                                  b'{"minibridge-progress": 1, "pupil": "Ben", "best_streak": 0, "answers": {}, "quizzes": []}'])
def test_a_wrong_file_is_refused_in_a_plain_sentence(data):
    with pytest.raises(CardError) as refused:
        read_handed_in(data)
    assert "file" in str(refused.value) and "Traceback" not in str(refused.value)


def test_a_file_from_a_newer_version_says_so():
    data = json.loads(handed_in("Ben", 1))
    data["minibridge-progress"] = 2
    with pytest.raises(CardError, match="newer version"):
        read_handed_in(json.dumps(data).encode())


def test_the_class_pages_upload_takes_several_files_and_says_what_each_gave(tmp_path):
    from teacher.class_view import HandIns

    hand_ins = HandIns(tmp_path)
    hand_ins.upload.set_state({"value": [  # as the browser sends the files chosen
        {"name": name, "type": "application/json", "size": len(data), "last_modified": 0, "content": memoryview(data)}
        for name, data in (("ben.json", handed_in("Ben", 2)), ("notes.json", b"{}"))]})
    said = html.unescape(hand_ins.said.value)
    assert "ben.json: Ben's work added (answers: 2, quizzes: 0)." in said
    assert "notes.json: This is not a file of a pupil's work" in said
    assert "Run the page again" in said and ClassView(tmp_path).pupils == ["Ben"]


def test_a_change_the_browser_refused_to_keep_is_said_on_the_page():
    page = SitePage(Browser())
    send(page.page.memory, {"not_kept": 5})  # not a reason: nothing said
    assert page.page.note.value == ""
    send(page.page.memory, {"not_kept": "QuotaExceededError"})
    assert "could not be saved (QuotaExceededError)" in page.page.note.value
