"""Coder's corner: a pupil's functions checked against the rules, and every kind of bad code
answered with a sentence (never a traceback): lines Python cannot read, mistakes while running,
loops that never end, answers of the wrong kind. And where the lesson runs: JupyterLab or the app."""
from __future__ import annotations

import re
import signal
import threading
import time

import pytest

from cardlib import Hand, manille, messages, minibridge
from exercises.coder import (TASK_NAMES, TooSlow, alarm_available, check_code, check_function, in_app, rank, suit, tasks,
                             time_limit)
from exercises.coder_widget import CheckerView, app_note_html, check, check_cell, coder_setup, last_reports

RIGHT = '''
def hcp(hand):
    points = 0
    for card in hand:
        rank = card[1:]
        if rank == "A":
            points = points + 4
        elif rank == "K":
            points = points + 3
        elif rank == "Q":
            points = points + 2
        elif rank == "J":
            points = points + 1
    return points


def tricks_needed(contract):
    if "partscore" in contract:
        return 7
    if contract.startswith("NT"):
        return 9
    if contract[0] in "♥♠":
        return 10
    return 11


def score(contract, tricks):
    needed = tricks_needed(contract)
    if tricks < needed:
        return 0
    over = tricks - 6
    if contract.startswith("NT"):
        points = 40 + 30 * (over - 1)
    elif contract[0] in "♥♠":
        points = 30 * over
    else:
        points = 20 * over
    return points + (300 if "game" in contract else 50)


def card_points(card):
    return {"10": 5, "A": 4, "K": 3, "Q": 2, "J": 1}.get(card[1:], 0)
'''


def cell(source: str, **options):
    """Check a cell as the %%check magic does (its first line is %%check, so code starts at line 2)."""
    return check_code(source.strip("\n") + "\n", {}, line_offset=1, **options)


# --- right code passes ------------------------------------------------------------------------

def test_right_code_passes_every_case_of_every_function():
    reports = cell(RIGHT)
    assert [r.name for r in reports] == list(TASK_NAMES)
    assert all(r.passed and r.problem == "" for r in reports), [r.words for r in reports]
    assert [r.checked for r in reports] == [200, 10, 140, 32]
    assert reports[0].words == "✔ Your hcp is right for all 200 hands it was tried on."


def test_the_cases_are_seeded_and_cover_the_rules():
    all_tasks = tasks()
    assert all_tasks["hcp"].cases(3) == all_tasks["hcp"].cases(3) != all_tasks["hcp"].cases(4)
    assert {c for (c,) in all_tasks["tricks_needed"].cases(0)} == {str(c) for c in minibridge.CONTRACTS}
    assert len(set(all_tasks["score"].cases(0))) == 140
    assert {c for (c,) in all_tasks["card_points"].cases(0)} == {str(c) for c in manille.PACK.cards}
    hands = [Hand(h) for (h,) in all_tasks["hcp"].cases(0)]
    assert all(len(h) == 13 for h in hands) and len({h.hcp for h in hands}) > 15


# --- wrong code: the first case that differs, in words --------------------------------------

def test_the_first_hand_that_differs_is_shown_with_the_count():
    def hcp(hand):  # forgets the jacks
        return sum({"A": 4, "K": 3, "Q": 2}.get(card[1:], 0) for card in hand)

    report = check_function("hcp", hcp)
    hand = Hand(report.case[0])
    assert report.problem == "differs" and not report.passed
    assert report.expected == hand.hcp and report.got == hand.hcp - sum(1 for c in hand if c.rank.symbol == "J")
    assert report.words.startswith(f"✘ For the hand {hand}, your hcp gives {report.got}, but it has {hand.hcp} points: ")
    assert "J 1" in report.words
    # every hand before it was right: it is the first difference
    before = [Hand(h) for (h,) in tasks()["hcp"].cases(0)[: report.checked - 1]]
    assert all(not any(c.rank.symbol == "J" for c in h) for h in before)


def test_a_wrong_score_is_shown_with_the_working():
    def score(contract, tricks):  # writes a minus for a failed contract, as lesson 6's English rules never do
        return minibridge.score(contract, tricks)

    report = check_function("score", score)
    contract, tricks = report.case
    assert report.problem == "differs" and report.expected == 0 and report.got == minibridge.score(contract, tricks) < 0
    assert f'For "{contract}" with {tricks} tricks, your score gives −{-report.got}, but it scores 0' in report.words
    assert minibridge.score_working(contract, tricks) in report.words and "0 for declarer's side" in report.words


def test_the_score_to_write_is_lesson_6s_in_each_editions_rules():
    """Lesson 6 in both editions: a side that goes down scores 0 and the defenders score the
    trick-short points (50 a trick in English, the club's 100 in Japanese: docs/rules.md §1.6),
    so the lesson's starter line for a failed contract, ``return 0``, is right in both, and a
    minus is a slip in both."""
    def score(contract, tricks):
        needed = minibridge.Contract.parse(contract).tricks_needed
        if tricks < needed:
            return 0
        return minibridge.score(contract, tricks)

    assert check_function("score", score).passed
    was = minibridge.use_rules("club")
    try:
        assert check_function("score", score).passed
        assert minibridge.declarers_score("♥ game", 8) == 0 and minibridge.score("♥ game", 8) == -200
        report = check_function("score", minibridge.score)  # the table's number: a minus for declarer's side
        assert report.problem == "differs" and report.expected == 0 and report.got < 0
    finally:
        minibridge.use_rules(was)


def test_tricks_needed_and_card_points_differences():
    report = check_function("tricks_needed", lambda contract: 7)
    assert report.problem == "differs" and "game" in report.case[0] and "needs" in report.words
    report = check_function("card_points", lambda card: {"A": 4, "K": 3, "Q": 2, "J": 1}.get(card[1:], 0))
    assert report.case == (report.case[0],) and report.case[0].endswith("10") and report.expected == 5
    assert "in Manille it is worth 5" in report.words


def right_then_wrong(name: str, right: int):
    """A pupil's function that gives the right answer ``right`` times, then a wrong one."""
    task, calls = tasks()[name], []

    def function(*args):
        calls.append(args)
        return task.expected(*args) if len(calls) <= right else task.expected(*args) + 1
    return function


@pytest.mark.parametrize("language, rules", [("en", "ebu"), ("ja", "club")])
def test_the_checkers_sentences_have_one_full_stop_and_say_time_or_times_by_number(language, rules):
    """Lesson 19 in both editions: the working a difference quotes ends with its own full stop
    (the score's "... for declarer's side.", "−700。"), so the sentence adds none; "time" or
    "times" by the number, never "time(s)"."""
    messages.set_language(language)
    was = minibridge.use_rules(rules)
    try:
        for name in TASK_NAMES:
            for right in (0, 1, 2, 5):
                report = check_function(name, right_then_wrong(name, right))
                assert report.problem == "differs" and report.checked == right + 1, (name, right)
                words = report.words
                assert not re.search(r"[.。]\s*[.。]", words) and "(s)" not in words, words
                assert words.rstrip().endswith((".", "。", "）", ")")), words
                if language == "en":
                    assert ("(It was right" in words) == (right > 0), words
                    assert ("1 time before" in words) == (right == 1) and ("times before" in words) == (right > 1), words
                else:
                    assert ("その前に" in words) == (right > 0) and " （" not in words, words
    finally:
        minibridge.use_rules(was)
        messages.set_language("en")


def test_a_function_that_changes_its_list_spoils_no_other_case():
    def hcp(hand):
        total = sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(card[1:], 0) for card in hand)
        hand.clear()
        return total

    assert check_function("hcp", hcp).passed


# --- lines Python cannot read -----------------------------------------------------------------

@pytest.mark.parametrize("source, line, words", [
    ("def hcp(hand)\n    return 0", 2, "must end with a colon (:)"),
    ("def hcp(hand):\n    for card in hand\n        pass\n    return 0", 3, "must end with a colon (:)"),
    ("def hcp(hand):\n    return 'A", 3, "is not closed"),
    ("def hcp(hand):\n    return (1 + 2", 3, "opened here but never closed"),
    ("def hcp(hand):\n    return 1 + 2)", 3, "with no opening one"),
    ("def hcp(hand):\nreturn 0", 3, "must start further to the right"),
    ("def hcp(hand):\n    x = 1\n      y = 2", 4, "starts too far to the right"),
    ("def hcp(hand):\n    if hand = 1:\n        return 0", 3, "two equals signs: =="),
    # reader r17: the lesson's own tests, rank(card) and contract[0], got "the left side of = must be a name"
    ("def hcp(hand):\n    if rank(hand[0]) = 'A':\n        return 4", 3, "two equals signs: =="),
    ("def hcp(hand):\n    if hand[0] = 'A':\n        return 4", 3, "two equals signs: =="),
    ("def hcp(hand):\n    while len(hand) = 3:\n        return 4", 3, "two equals signs: =="),
    ("def hcp(hand):\n    rank(hand[0]) = 4", 3, "must be a name"),
    ("def hcp(hand):\n    4 = x", 3, "must be a name"),
    ("def hcp(hand):\n    return 3 × 4", 3, "a sign Python cannot read: ×"),
    ("def hcp(hand):\n    return 4points", 3, "cannot start with a digit"),
    ("return 5", 2, "only be used inside a function"),
])
def test_a_syntax_error_gets_its_line_and_a_plain_sentence(source, line, words):
    (report,) = cell(source)
    assert report.problem == "syntax" and report.line == line and not report.passed
    assert report.words.startswith(f"✘ Python cannot read line {line} of your cell:")
    assert words in report.words and "Traceback" not in report.words


# --- mistakes while running -----------------------------------------------------------------

@pytest.mark.parametrize("body, line, words", [
    ("    return pionts", 3, "Python does not know the name 'pionts'"),
    ("    for card in hand:\n        points = points + 1\n    return points", 4, "'points' is used before it has a value"),
    ("    return hand[20]", 3, "past the end of a list or a text"),
    ("    return {'A': 4}[hand[0][1:]]", 3, "is not in the dictionary"),
    ("    return 1 // 0", 3, "You divided by 0"),
    ("    return hand[0].rank", 3, "A card here is text, like \"♠A\", so it has no .rank"),
    ("    return 0 + hand[0]", 3, "You tried to add text and a number together"),
    ("    return int(hand[0][1:]) * 0", 3, "int() can only turn digits into a number"),
    ("    return hcp(hand)", 3, "calls itself again and again"),
])
def test_a_mistake_while_running_gets_the_line_and_the_kind_of_mistake(body, line, words):
    (report,) = cell("def hcp(hand):\n" + body)
    assert report.problem == "error" and report.line == line, report.words
    assert "your hcp stopped with a mistake while it worked on the hand" in report.words.lower()
    assert f"It stopped at line {line}:" in report.words and words in report.words
    assert "Traceback" not in report.words and 'File "' not in report.words


def test_a_mistake_in_the_cells_own_lines():
    (report,) = cell("x = [1, 2]\ny = x[5]")
    assert report.problem == "error" and report.line == 3 and "past the end" in report.words
    assert report.words.startswith("✘ Your cell stopped with a mistake. It stopped at line 3:\n    y = x[5]\n")


def test_a_mistake_inside_cardlib_points_at_the_pupils_line():
    (report,) = cell("from cardlib import Hand\ndef hcp(hand):\n    return Hand.parse('ZZ').hcp")
    assert report.problem == "error" and report.line == 4 and "is not a suit or a rank" in report.words


# --- loops that never end ---------------------------------------------------------------------

def test_an_endless_loop_is_stopped_by_the_time_limit():
    started = time.monotonic()
    (report,) = cell("def hcp(hand):\n    while True:\n        pass", limit=0.3)
    assert time.monotonic() - started < 10
    assert report.problem == "too_slow" and report.line in (3, 4)
    assert "was still working after 0.3 seconds, so it was stopped" in report.words
    assert "loop that never ends" in report.words


@pytest.mark.parametrize("use_alarm", [True, False], ids=["alarm", "settrace"])
def test_both_ways_of_stopping_work(use_alarm):
    if use_alarm and not alarm_available():
        pytest.skip("no SIGALRM here")
    (report,) = cell("def hcp(hand):\n    while True:\n        pass", limit=0.2, use_alarm=use_alarm)
    assert report.problem == "too_slow"


def test_a_loop_that_swallows_the_stop_is_stopped_all_the_same():
    (report,) = cell("def hcp(hand):\n    while True:\n        try:\n            pass\n        except:\n            pass",
                     limit=0.2)
    assert report.problem == "too_slow"


def test_an_endless_loop_in_the_cells_own_lines():
    (report,) = cell("x = 0\nwhile x < 10:\n    y = 1", limit=0.2)
    assert report.problem == "too_slow" and report.line in (3, 4) and "Your cell was still running" in report.words


def test_outside_the_main_thread_the_settrace_fallback_stops_it():
    results = []

    def run():
        results.append(cell("def hcp(hand):\n    while True:\n        pass", limit=0.2)[0])

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(20)
    assert not worker.is_alive() and results[0].problem == "too_slow"


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no SIGALRM here")
def test_the_time_limit_gives_back_the_signal_handler_and_timer_it_found():
    rang = []
    old = signal.signal(signal.SIGALRM, lambda *_: rang.append(1))
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        with time_limit(0.05):
            pass
        with pytest.raises(TooSlow):
            with time_limit(0.05):
                while True:
                    pass
        time.sleep(0.6)
        assert rang == [1]  # the earlier timer still rang, once, in the earlier handler
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_a_quick_function_is_not_stopped():
    with time_limit(1):
        assert sum(range(1000)) == 499500


# --- answers of the wrong kind ----------------------------------------------------------------

@pytest.mark.parametrize("body, words", [
    ("    points = 0", "gave back nothing (None). Did you forget a return line"),
    ("    return '13'", "gave back the text '13'. Give back a number instead"),
    ("    return 13.0", "gave back 13.0, a number with a decimal point. Give back a whole number, like 13."),
    ("    return True", "gave back True. That means yes or no, not a number."),
    ("    return [4, 3]", "gave back [4, 3], which is not a whole number."),
])
def test_an_answer_of_the_wrong_kind_is_named(body, words):
    (report,) = cell("def hcp(hand):\n" + body)
    assert report.problem == "type" and words in report.words and report.words.startswith("✘ For the hand ")


def test_the_wrong_number_of_arguments_and_things_that_are_not_functions():
    (report,) = cell("def score(contract):\n    return 0")
    assert report.problem == "signature"
    assert report.words == "✘ Your score should take 2 things in its brackets, like this: def score(contract, tricks):"
    (report,) = cell("def hcp():\n    return 0")
    assert report.words == "✘ Your hcp should take 1 thing in its brackets, like this: def hcp(hand):"
    (report,) = cell("hcp = 13")
    assert report.problem == "not_function" and "def hcp(hand):" in report.words
    (report,) = cell("x = 1")
    assert report.problem == "missing" and "hcp, tricks_needed, score, card_points" in report.words


def test_what_the_code_prints_is_kept_out_of_the_way():
    (report,) = cell("def card_points(card):\n    print(card)\n    return 0")
    assert report.problem == "differs" and "printed 2 lines" in report.words and report.printed.count("\n") == 2
    (report,) = cell("def card_points(card):\n    print(card)\n    return 99")
    assert "printed 1 line while" in report.words and report.printed.count("\n") == 1


# --- the view and the %%check magic -------------------------------------------------------------

def test_checker_view_shows_the_words_and_checks_again_with_new_cards():
    namespace = {}
    view = CheckerView(check_code(RIGHT, namespace), namespace)
    assert view.passed and view.output.value.count("✔") == 4 and view.again_button.layout.display is None
    namespace["hcp"] = lambda hand: 0
    view.again_button.click()
    assert view.seed == 1 and not view.passed and "✘ For the hand" in view.output.value
    assert [r.name for r in view.reports] == list(TASK_NAMES)


def test_the_view_draws_the_pupils_line_as_code_and_the_hand_that_went_wrong():
    view = CheckerView(cell("def hcp(hand):\n    return pionts"), {})
    assert '<div style="font-family:monospace' in view.output.value and "return pionts</div>" in view.output.value
    assert view.output.value.count("data-card=") == 13  # the hand it was working on, drawn
    view = CheckerView([check_function("card_points", lambda card: 0)])
    assert view.output.value.count("data-card=") == 1
    view = CheckerView([check_function("tricks_needed", lambda contract: 7)])
    assert view.output.value.count("data-card=") == 0


def test_check_by_function():
    def tricks_needed(contract):
        return minibridge.Contract.parse(contract).tricks_needed

    view = check(tricks_needed)
    assert view.passed and "✔ Your tricks_needed is right for all 10 contracts" in view.output.value


def test_a_syntax_error_view_has_no_check_again_button():
    view = CheckerView(cell("def hcp(hand)\n    return 0"), {})
    assert view.again_button.layout.display == "none" and "line 2" in view.output.value


def test_the_magic_runs_the_cell_in_the_notebook_and_shows_the_checker(monkeypatch):
    for name in ("MINIBRIDGE_AUDIENCE", "VOILA_KERNEL_ID", "VOILA_REQUEST_URL", "VOILA_BASE_URL",
                 "VOILA_SERVER_URL", "VOILA_APP_PORT", "VOILA_PREHEAT"):
        monkeypatch.delenv(name, raising=False)
    namespace = {}
    view = check_cell("", RIGHT, namespace)
    assert isinstance(view, CheckerView) and view.passed and callable(namespace["hcp"])
    assert [r.name for r in last_reports()] == list(TASK_NAMES)


def test_the_magic_in_a_real_ipython_shell(monkeypatch):
    from IPython.core.interactiveshell import InteractiveShell

    monkeypatch.delenv("MINIBRIDGE_AUDIENCE", raising=False)
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    shell = InteractiveShell.instance()
    try:
        coder_setup(environ={})
        result = shell.run_cell("%%check\ndef hcp(hand)\n    return 0\n")
        assert result.success and isinstance(result.result, CheckerView)
        assert result.result.reports[0].problem == "syntax" and result.result.reports[0].line == 2
        result = shell.run_cell("%%check\ndef hcp(hand):\n    while True:\n        pass\n")
        assert result.result.reports[0].problem == "too_slow"
        assert callable(shell.user_ns["hcp"])
    finally:
        InteractiveShell.clear_instance()


# --- where the lesson runs -----------------------------------------------------------------------

@pytest.mark.parametrize("environ, expected", [
    ({}, False),
    ({"PATH": "/usr/bin", "MINIBRIDGE_PROJECTOR": "1"}, False),
    ({"MINIBRIDGE_AUDIENCE": "pupils"}, True),
    ({"MINIBRIDGE_AUDIENCE": " Pupils "}, True),
    ({"MINIBRIDGE_AUDIENCE": "teachers"}, False),
    ({"VOILA_KERNEL_ID": "abc"}, True),
    ({"VOILA_PREHEAT": "False", "VOILA_BASE_URL": "/", "VOILA_SERVER_URL": "/", "VOILA_REQUEST_URL": "http://x",
      "VOILA_APP_PORT": "8866"}, True),  # what Voilà 0.5 puts in the environment of the kernels it starts
])
def test_the_app_is_recognised(environ, expected):
    assert in_app(environ) is expected


def test_voila_sets_the_variables_we_look_for():
    """Voilà's own list of the variables it gives its kernels still names the ones in_app reads."""
    from voila.utils import ENV_VARIABLE

    from exercises.coder import APP_VARIABLES

    assert all(hasattr(ENV_VARIABLE, name) for name in APP_VARIABLES)


def test_in_the_app_the_lesson_shows_a_note_and_each_check_shows_its_code_as_numbered_lines(monkeypatch):
    from IPython.core.interactiveshell import InteractiveShell

    from exercises.coder_widget import CodeLines

    shown = []
    monkeypatch.setattr("IPython.display.display", lambda *things, **_: shown.extend(things))
    shell = InteractiveShell.instance()
    try:
        coder_setup(environ={"VOILA_KERNEL_ID": "k"})
        assert len(shown) == 1 and "run the code by hand" in shown[0].data and "real cards" in shown[0].data
        monkeypatch.setenv("MINIBRIDGE_AUDIENCE", "pupils")
        lines = check_cell("", "def hcp(hand)\n    return 0", {})  # run (a slip is still found), and shown
        assert isinstance(lines, CodeLines) and last_reports()[0].problem == "syntax" and last_reports()[0].line == 2
        html = lines._repr_html_()
        assert "<b>1</b>  %%check</div>" in html and "<b>2</b>  def hcp(hand)</div>" in html
        assert "<b>3</b>      return 0</div>" in html and "3 numbered lines" in html
        shown.clear()
        coder_setup(environ={"VOILA_KERNEL_ID": "k"})  # once more: the hook is not registered twice
        shown.clear()
        shell.run_cell("points = 4 + 4\nprint(points)\n")  # a cell that prints shows its code first
        shell.run_cell("quiet = 1\n")
        assert [type(thing).__name__ for thing in shown] == ["CodeLines"]
        assert "print(points)" in shown[0]._repr_html_()
    finally:
        InteractiveShell.clear_instance()
    shown.clear()
    coder_setup(environ={})
    assert shown == []
    shell = InteractiveShell.instance()
    try:
        coder_setup(environ={})
        shell.run_cell("print(1)\n")
        assert shown == []  # in JupyterLab the code is on the page already
    finally:
        InteractiveShell.clear_instance()


def test_the_app_note_hides_nothing_and_names_no_file():
    note = app_note_html()
    assert "display: none" not in note  # the lesson shows: the class runs its code by hand
    assert note.startswith("<style>.jp-RenderedText pre { font-size: 1.2em; }</style>")  # what a cell prints, readable
    assert "<a " not in note and "JupyterLab" not in note  # pupils read no tool's name


def test_code_lines_escape_the_code_and_keep_its_indent():
    from exercises.coder_widget import CodeLines

    html = CodeLines('%%check\nif rank(card) == "A" and 1 < 2:\n\n    points = points + 4\n')._repr_html_()
    assert "&quot;A&quot; and 1 &lt; 2:" in html and "<b>3</b>   </div>" in html and "<b>4</b>      points" in html
    assert "<b>5</b>" not in html and "white-space:pre" in html


def _run_in_a_kernel(code: str, environ: dict[str, str]) -> list[dict]:
    """Run code in a real ipykernel started with ``environ``; the messages it outputs."""
    import os
    from pathlib import Path

    from jupyter_client.manager import start_new_kernel

    env = {k: v for k, v in os.environ.items() if not k.startswith(("VOILA_", "MINIBRIDGE_AUDIENCE"))}
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).resolve().parents[2]), env.get("PYTHONPATH", "")])
    env.update(environ)
    manager, client = start_new_kernel(kernel_name="python3", env=env)
    try:
        outputs = []
        for part in code.split("\n# --- next cell\n"):
            msg_id = client.execute(part)
            while True:
                msg = client.get_iopub_msg(timeout=60)
                if msg["parent_header"].get("msg_id") != msg_id:
                    continue
                if msg["msg_type"] in ("display_data", "execute_result", "stream", "error"):
                    outputs.append(msg)
                if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                    break
        return outputs
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


LESSON_START = """from exercises.coder_widget import coder_setup
coder_setup()
# --- next cell
%%check
def hcp(hand):
    return 0
"""


def test_in_a_jupyterlab_kernel_the_check_runs_and_no_note_is_shown():
    outputs = _run_in_a_kernel(LESSON_START, {})
    assert not any(m["msg_type"] == "error" for m in outputs), outputs
    shown = " ".join(str(m["content"].get("data", {})) for m in outputs)
    assert "run the code by hand" not in shown and "CheckerView" in shown  # the checker widget


@pytest.mark.parametrize("environ", [{"VOILA_REQUEST_URL": "http://127.0.0.1:8866/voila/render/19_coders_corner.ipynb",
                                      "VOILA_PREHEAT": "False"}, {"MINIBRIDGE_AUDIENCE": "pupils"}],
                         ids=["voila", "audience"])
def test_in_an_app_kernel_the_note_is_shown_and_no_checker(environ):
    outputs = _run_in_a_kernel(LESSON_START, environ)
    assert not any(m["msg_type"] == "error" for m in outputs), outputs
    shown = " ".join(str(m["content"].get("data", {})) for m in outputs)
    assert "run the code by hand" in shown and "CheckerView" not in shown and "numbered lines" in shown


def test_a_young_coder_reads_a_card_with_suit_and_rank_not_slices():
    assert [(suit(c), rank(c)) for c in ("♠A", "♥10", "♦2")] == [("♠", "A"), ("♥", "10"), ("♦", "2")]
    # The lesson's way: the helpers in the notebook's names, used straight in the ifs.
    source = '''
def card_points(card):
    if rank(card) == "10":
        return 5
    if rank(card) == "A":
        return 4
    if rank(card) == "K":
        return 3
    if rank(card) == "Q":
        return 2
    if rank(card) == "J":
        return 1
    return 0
'''
    [report] = check_code(source, {"rank": rank, "suit": suit})
    assert report.passed, report.words
    [wrong] = check_code(source.replace('"10"', '"1"'), {"rank": rank, "suit": suit})
    assert not wrong.passed and wrong.expected == 5


def test_tricks_needed_can_be_finished_without_typing_a_suit_sign():
    """A school keyboard has no ♥ key: lesson 19's starter cell gives the lists `majors` and
    `minors`, and a tricks_needed that only names them passes."""
    (report,) = cell('''
%%check
majors = ["♥", "♠"]
minors = ["♣", "♦"]


def tricks_needed(contract):
    if "partscore" in contract:
        return 7
    if contract[0] in majors:
        return 10
    if contract[0] in minors:
        return 11
    return 9
'''.replace("%%check\n", ""))
    assert report.name == "tricks_needed" and report.passed, report.words
