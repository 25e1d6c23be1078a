"""The teacher's screen leads, the class screen follows (teacher/presenter.py, classroom/presenter.py):
sections, one answer at a time and the moves of the table the teacher plays (replayed by the class
screen's own copy, which adds none) through a note in the class folder; a forged or garbled note,
or a forged widget message, changes nothing, and the log says so in words. The class screen asks
no name and offers no hint nor table settings."""
from __future__ import annotations

import json
import logging
from pathlib import Path

import nbformat
import pytest
from nbconvert.preprocessors import TagRemovePreprocessor
from traitlets.config import Config

from cardlib import Seat, messages, say
from exercises.set_deals import SET_DEALS
from teacher import presenter
from teacher.presenter import questions, read_note, sections, show
from teacher.presenter_screens import AnswerButtons, ClassScreen, PresenterBar

ROOT = Path(__file__).resolve().parents[2]
LESSON_5 = ROOT / "notebooks" / "05_choosing_the_contract.ipynb"
LESSON_1 = ROOT / "notebooks" / "01_tricks.ipynb"
PAGE_5 = "05_choosing_the_contract.ipynb"


@pytest.fixture(autouse=True)
def _each_test_complains_afresh():
    presenter._complaints.clear()
    yield
    messages.set_language("en")


def screen_of(folder, notebook=LESSON_5, page=PAGE_5) -> ClassScreen:
    return ClassScreen(page, notebook, folder)


def poll(screen: ClassScreen, content=None) -> None:
    """What the class page's front end sends twice a second (or a forged message)."""
    screen._handle_custom_msg({"poll": True} if content is None else content, [])


def shown(screen: ClassScreen) -> tuple:
    return screen.section, screen.moves, screen.answer, screen.elsewhere


def test_a_section_chosen_on_the_teachers_bar_scrolls_the_class_screen(tmp_path):
    bar, screen = PresenterBar(PAGE_5, LESSON_5, tmp_path), screen_of(tmp_path)
    labels = [b.description for b in bar.buttons]
    assert labels[0] == "Lesson 5: Choosing the contract" and "Last time" in labels and "Exit quiz" in labels
    assert len(labels) == len(sections(LESSON_5)) and "For the teacher" not in labels
    golden = [b.description for b in bar.buttons].index("Count the cards: a golden fit")
    bar.buttons[golden].click()
    poll(screen)
    assert screen.section == golden and screen.answer == "" and screen.elsewhere == ""
    assert "Count the cards: a golden fit" in bar.status.value
    moves = screen.moves
    bar.buttons[golden].click()  # the same section again: the class screen scrolls back to it
    poll(screen)
    assert screen.section == golden and screen.moves == moves + 1


def test_one_answer_is_shown_and_hidden_and_the_others_never_sent(tmp_path):
    answers, screen = AnswerButtons(PAGE_5, LESSON_5, tmp_path), screen_of(tmp_path)
    asked = questions(LESSON_5)
    assert len(answers.buttons) == len(asked) >= 3
    assert all(b.description == "Show this answer to the class" for b in answers.buttons)
    answers.buttons[2].click()
    poll(screen)
    assert "23 is less than 25" in screen.answer and "We have 23 points together" in screen.answer
    others = [said for number, (_q, said) in enumerate(asked) if number != 2]
    sent = json.dumps({k: v for k, v in screen.get_state().items() if not k.startswith("_")}, ensure_ascii=False)
    assert not any(said in sent for said in others)
    assert "button" not in screen.answer.lower()
    answers.hide.click()
    poll(screen)
    assert screen.answer == "" and "no answer" in answers.status.value


def test_the_class_screen_on_another_page_links_to_the_teachers_lesson(tmp_path):
    bar, screen = PresenterBar(PAGE_5, LESSON_5, tmp_path), screen_of(tmp_path, LESSON_1, "01_tricks.ipynb")
    bar.children[-1]._handle_custom_msg({"opened": True}, [])
    poll(screen)
    assert "The teacher is on lesson 5:" in screen.elsewhere
    assert f'href="{PAGE_5}"' in screen.elsewhere and "open it" in screen.elsewhere
    japanese = screen_of(tmp_path, ROOT / "notebooks" / "ja" / "01_tricks.ipynb", "ja/01_tricks.ipynb")
    messages.set_language("ja")
    japanese._seen = None
    japanese.follow()
    assert "先生はレッスン5を開いています" in japanese.elsewhere and f'href="../{PAGE_5}"' in japanese.elsewhere


def test_a_forged_widget_message_changes_nothing(tmp_path):
    bar, screen = PresenterBar(PAGE_5, LESSON_5, tmp_path), screen_of(tmp_path)
    bar.children[-1]._handle_custom_msg({"opened": "yes", "page": "../../etc"}, [])
    assert read_note(tmp_path) is None, "only the page's own 'opened' writes the note"
    bar.buttons[3].click()
    before = shown(screen)
    for forged in ({"poll": "x"}, {"section": 1}, {"answer": "<script>"}, "poll", [1]):
        poll(screen, forged)
    assert shown(screen) == before
    poll(screen)
    assert shown(screen) != before and screen.section == 3  # only a real poll reads the note


@pytest.mark.parametrize("garbled, why", [
    ('{"page": "05_choosing_the_contract.ipynb", "sect', "it is not complete"),
    (b"\xff\xfe\x00", "it is not complete"),
    ('["05_choosing_the_contract.ipynb", 3]', "other parts"),
    ('{"page": "05_choosing_the_contract.ipynb", "section": 3, "answer": null, "moves": 9, "run": "x"}', "other parts"),
    ('{"page": "../../secret.ipynb", "section": 3, "answer": null, "moves": 9}', "not a lesson, a number or empty"),
    ('{"page": "05_choosing_the_contract.ipynb", "section": "3", "answer": null, "moves": 9}', "not a lesson"),
    ('{"page": "05_choosing_the_contract.ipynb", "section": true, "answer": null, "moves": 9}', "not a lesson"),
    ('{"page": "05_choosing_the_contract.ipynb", "section": -2, "answer": null, "moves": 9}', "not a lesson"),
    ('{"page": "05_choosing_the_contract.ipynb", "section": 99, "answer": null, "moves": 9}', "does not have"),
    ('{"page": "05_choosing_the_contract.ipynb", "section": null, "answer": 40, "moves": 9}', "does not have"),
])
def test_a_garbled_or_forged_note_changes_nothing_and_the_log_says_so(tmp_path, caplog, garbled, why):
    AnswerButtons(PAGE_5, LESSON_5, tmp_path).buttons[1].click()
    screen = screen_of(tmp_path)
    before = shown(screen)
    assert before[2], "the answer is shown"
    note = tmp_path / presenter.NOTE
    note.write_bytes(garbled if isinstance(garbled, bytes) else garbled.encode())
    with caplog.at_level(logging.WARNING, logger="minibridge.presenter"):
        poll(screen)
        poll(screen)
    assert shown(screen) == before
    complaints = [r.getMessage() for r in caplog.records if r.name == "minibridge.presenter"]
    assert len(complaints) == 1 and why in complaints[0] and "teacher's next click" in complaints[0]
    assert str(tmp_path) not in complaints[0] and "presenter.json" not in complaints[0]


def test_the_teacher_shows_again_after_a_garbled_note(tmp_path):
    (tmp_path / presenter.NOTE).write_text("{not json", encoding="utf-8")
    note = show(tmp_path, page=PAGE_5, section=1)
    assert read_note(tmp_path) == note and note.answer is None
    assert show(tmp_path, page=PAGE_5, answer=0).section == 1, "showing an answer keeps the section"
    assert show(tmp_path, page="01_tricks.ipynb").answer is None, "another lesson starts with no answer"
    assert [p.name for p in tmp_path.iterdir()] == [presenter.NOTE], "no half-written file is left"


def test_sections_are_the_pupils_headings_and_questions_the_teachers_in_both_editions():
    for lesson in sorted((ROOT / "notebooks").glob("[01][0-9]_*.ipynb")):
        japanese = lesson.parent / "ja" / lesson.name
        if lesson.name.startswith("00_") or not japanese.exists():
            continue
        assert len(sections(lesson)) == len(sections(japanese)) >= 5, lesson.name
        assert len(questions(lesson)) == len(questions(japanese)) >= 1, lesson.name
    assert not any("teacher" in s.lower() for s in sections(LESSON_5)), "no heading of the teacher's notes"


def preprocessed(notebook: Path, *, projector: bool) -> list:
    """The cells the app runs for a page: the teacher's cells left out on the class screen."""
    from classroom.presenter import PresenterCells

    nb = nbformat.read(notebook, as_version=4)
    config = Config({"TagRemovePreprocessor": {"enabled": projector, "remove_cell_tags": ["teacher"]},
                     "PresenterCells": {"enabled": True}})
    resources = {"metadata": {"name": notebook.stem}}
    nb, _ = TagRemovePreprocessor(config=config)(nb, resources)
    nb, _ = PresenterCells(config=config)(nb, resources)
    return [cell.source for cell in nb.cells if cell.cell_type == "code"]


def test_the_app_adds_the_presenter_after_the_set_up_and_the_answers_under_ask_the_class():
    teacher = preprocessed(LESSON_5, projector=False)
    assert "lesson_setup()" in teacher[0] and teacher[1].endswith("presenter('05_choosing_the_contract')")
    assert sum("answer_buttons('05_choosing_the_contract')" in code for code in teacher) == 1
    projector = preprocessed(LESSON_5, projector=True)
    assert projector[1].endswith("presenter('05_choosing_the_contract')")
    assert not any("answer_buttons" in code for code in projector)


def headings_tagged(notebook: Path) -> dict[str, list[str]]:
    """The first line of each heading the class screen tags, with its tags."""
    from classroom.presenter import class_screen_tags

    cells = nbformat.read(notebook, as_version=4).cells
    return {cells[i].source.splitlines()[0]: tags for i, tags in class_screen_tags(cells, notebook.stem).items()
            if cells[i].source.startswith("#")}


def test_the_class_screen_leaves_out_what_the_plan_does_out_of_class():
    tagged = headings_tagged(LESSON_1)
    # deal C is for a club session or home; practice on screen is for fast finishers
    assert set(tagged) == {"## Deal C: a close one", "## Practice"}
    assert all("off_class_screen" in tags for tags in tagged.values())
    assert len({next(t for t in tags if t.startswith("off_") and t != "off_class_screen") for tags in tagged.values()}) == 2
    tagged = headings_tagged(LESSON_5)
    assert "off_class_screen" in tagged["## Deal C: fewer than 25 points"]  # 5C: a club session or home
    # half the tables play 5A and half 5B: the class screen shows one of them at a time
    assert "off_class_screen" not in tagged["## Deal B: no golden fit"]
    assert "choice_deal_A" in tagged["## Deal A: a golden fit"] and "choice_deal_B" in tagged["## Deal B: no golden fit"]


@pytest.mark.parametrize("edition", ["", "ja/"], ids=["en", "ja"])
def test_the_class_screen_keeps_the_talk_the_pre_check_the_quiz_and_the_deals_played_in_class(edition):
    """The pre-check too, unless the edition's plan does it out of class (a Japanese class of 45
    minutes leaves lesson 21's out): then only that edition's class screen leaves it out."""
    from classroom.presenter import OFF, class_screen_tags, off_tag
    from exercises.plans import PLANS

    here = "ja" if edition else "en"
    for notebook in sorted((ROOT / "notebooks" / edition).glob("[0-9][0-9]_*.ipynb"))[1:]:  # not the contents
        cells = nbformat.read(notebook, as_version=4).cells
        number = int(notebook.stem[:2])
        off = {i for i, tags in class_screen_tags(cells, notebook.stem).items() if OFF in tags or off_tag(here) in tags}
        pre_check_out = any(s.kind == "pre_check" and s.where(here) for s in PLANS[number])
        for i, cell in enumerate(cells):
            if "quiz=True" in cell.source or "NewWords(" in cell.source:
                assert i not in off, f"{notebook.name}: {cell.source[:40]}"
            if "precheck=True" in cell.source:
                assert (i in off) == pre_check_out, f"{notebook.name}: {cell.source[:40]}"
        played = {s.deal for s in PLANS[number] if s.deal and not s.out} | {s.split for s in PLANS[number] if s.split}
        for letter in played:
            table = [i for i, c in enumerate(cells) if f"LESSON.deals[{ord(letter) - ord('A')}].table_widget(" in c.source]
            assert not set(table) & off, f"{notebook.name}: deal {letter} is played in class"


def test_the_class_screen_shows_one_game_of_lesson_17_at_a_time():
    tagged = headings_tagged(ROOT / "notebooks" / "17_more_manille.ipynb")
    games = {line: tags for line, tags in tagged.items() if any(t.startswith("choice_path_") for t in tags)}
    assert len(games) == 6
    assert [line for line, tags in games.items() if "choice_later" not in tags] == ["## Three players"]
    assert "off_class_screen" in tagged["## Practice"]
    tagged = headings_tagged(ROOT / "notebooks" / "18_chance_and_cards.ipynb")
    labs = [tags for line, tags in tagged.items() if line.startswith("## Guess, then deal")]
    assert len(labs) == 4 and ["choice_later" in tags for tags in labs] == [False, True, True, True]
    # counting by listing is in class in the plan (pairs on paper, the pictures on the projector); the
    # challenge (ways to choose, the 3-2 split) is for fast finishers: out of class
    assert "off_class_screen" not in tagged.get("## List every way", [])
    challenge = [tags for line, tags in tagged.items() if line.startswith("## Challenge")]
    assert len(challenge) == 2 and all("off_class_screen" in tags for tags in challenge)


@pytest.mark.parametrize("edition", ["", "ja/"], ids=["en", "ja"])
def test_lesson_19s_class_screen_shows_the_runs_by_hand_and_leaves_out_the_functions_for_computers(edition):
    """One projector and no devices: the class runs hcp and tricks_needed by hand (the plan's path
    in class), shown as they are, with no bar to choose (nothing to choose among); score and
    card_points, typed on a computer by fast finishers, are off the class screen."""
    from classroom.presenter import LATER, OFF, class_screen_tags

    notebook = ROOT / "notebooks" / edition / "19_coders_corner.ipynb"
    cells = nbformat.read(notebook, as_version=4).cells
    tags = class_screen_tags(cells, notebook.stem)
    by_hand = [i for i, c in enumerate(cells) if c.metadata.get("path") == "by_hand"]
    devices = [i for i, c in enumerate(cells) if c.metadata.get("path") == "devices"]
    assert len(by_hand) == 3 and len(devices) == 10
    assert not any(t.startswith("choice_") or t in (OFF, LATER) for i in by_hand for t in tags.get(i, []))
    assert all(OFF in tags.get(i, []) for i in devices)
    assert sum(c.source.startswith("%%check") and i not in tags for i, c in enumerate(cells)
               if "teacher" not in c.metadata.get("tags", [])) == 4  # the bug, the colon, hcp, tricks_needed


def test_only_the_class_screen_tags_the_cells(monkeypatch):
    from cardlib import render

    for class_screen, tags in ((False, 0), (True, 2)):
        monkeypatch.setattr(render, "PREFERENCES", render.Preferences.from_environment(
            {"MINIBRIDGE_PROJECTOR": "1" if class_screen else "0", "MINIBRIDGE_AUDIENCE": "pupils"}))
        from classroom.presenter import PresenterCells

        nb = nbformat.read(LESSON_1, as_version=4)
        nb, _ = PresenterCells(config=Config({"PresenterCells": {"enabled": True}}))(nb, {"metadata": {"name": LESSON_1.stem}})
        practice = next(c for c in nb.cells if c.source == "## Practice")
        assert len(practice.metadata.get("tags", [])) == tags


@pytest.mark.parametrize("edition", ["", "ja/"], ids=["en", "ja"])
def test_lesson_17s_file_tags_each_game_itself_and_no_other_lesson_has_a_pick(edition):
    """Every cell of each of lesson 17's games is tagged pick_<game> in the lesson's own file (no
    preprocessor: the app, Voilà on a school's server and the website read the same tags), each
    game opens by its heading, and the tags are the class screen's choices (its "path"), one to
    one; lesson 18's listing and comb, which the plan gives fast finishers, and lesson 21's recap
    for home are no choice: no pick tag in any other lesson."""
    from classroom.presenter import class_screen_tags

    folder = ROOT / "notebooks" / edition
    lesson = folder / "17_more_manille.ipynb"
    cells = nbformat.read(lesson, as_version=4).cells
    tags = {i: [t for t in c.metadata.get("tags", []) if t.startswith("pick_")] for i, c in enumerate(cells)}
    chosen = class_screen_tags(cells, lesson.stem)
    for i, cell in enumerate(cells):
        path = cell.metadata.get("path")
        assert tags[i] == ([f"pick_{path}"] if path else []), (i, cell.source[:40])
        assert [t.removeprefix("choice_path_") for t in chosen.get(i, []) if t.startswith("choice_path_")] == \
            [t.removeprefix("pick_") for t in tags[i]], i
    assert len({cell.metadata.get("path") for cell in cells} - {None}) == 6
    heads = [cells[i] for i in sorted(tags) if tags[i] and (i == 0 or tags[i - 1] != tags[i])]
    assert len(heads) == 6 and all(cell.source.startswith("## ") for cell in heads), "each game opens by its heading"
    for other in sorted(folder.glob("*.ipynb")):
        if other != lesson:
            assert not any(t.startswith("pick_") for c in nbformat.read(other, as_version=4).cells
                           for t in c.metadata.get("tags", [])), other.name


def test_one_script_opens_one_game_at_a_time_in_every_voila_page_and_nothing_turns_it_on():
    """The app's page template includes the one-choice script (Voilà on a school's server uses the
    same template, as the teachers' guide sets it), which the website puts into its pages too; no
    command line turns anything on for it."""
    import tasks

    template = ROOT / "classroom" / "jupyter" / "voila" / "templates" / "minibridge"
    assert "{% include 'one_choice.html' %}" in (template / "index.html.j2").read_text()
    script = (template / "one_choice.html").read_text()
    assert "celltag_pick_" in script and ".celltag_teacher" in script and "celltag_choice_" in script
    for audience, presenter in (("pupils", False), ("pupils", True), ("teacher", True)):
        assert not any("Choices" in part for part in tasks.voila_command("python", audience=audience, presenter=presenter))
    guide = (ROOT / "docs" / "teachers.md").read_text()
    assert 'c.VoilaConfiguration.template = "minibridge"' in guide


def test_only_the_teachers_app_and_the_projector_get_the_presenter():
    import tasks

    assert not any("PresenterCells" in part for part in tasks.voila_command("python"))
    assert any("PresenterCells" in part for part in tasks.voila_command("python", presenter=True))
    assert say("presenter_show_answer") == "Show this answer to the class"


# --- a demonstration: the table the teacher plays, on the class screen ---
def lesson_5_table(**options):
    return SET_DEALS[5][0].table_widget(pace=0, **options)


def teachers_page(folder):
    """The teacher's page of lesson 5 with its bar and deal A's table (a page of its own)."""
    from exercises.page import new_page

    new_page()
    bar = PresenterBar(PAGE_5, LESSON_5, folder)
    table = lesson_5_table()
    bar.children[-1]._handle_custom_msg({"opened": True}, [])
    return bar, table


def class_page(folder):
    """The class screen's page of lesson 5: its follower and its own copy of deal A's table."""
    from exercises.page import new_page

    new_page()
    screen = screen_of(folder)
    return screen, lesson_5_table()


def click(table, **content) -> None:
    """What a click in the browser sends the table."""
    table._on_view_message(table.view, content, [])


def test_the_class_screen_replays_the_table_the_teacher_plays_and_adds_nothing(tmp_path):
    from cardlib.minibridge import Contract

    _bar, teachers = teachers_page(tmp_path)
    screen, copy = class_page(tmp_path)
    poll(screen)
    assert copy.follows and copy.actions == teachers.actions, "both tables as dealt"
    teachers.act(lambda: teachers.start(Contract("♠ game")))  # the teacher chooses; West leads
    card = teachers.game.legal_plays()[0]
    click(teachers, card=card.letters)  # her card, then the computer's replies
    assert len(teachers.actions) > 3
    poll(screen)
    assert copy.actions == teachers.actions and copy.round.contract == Contract("♠ game")
    assert screen.table == "mb-deal-5A", "the class screen goes to the table she plays"
    moves = screen.moves
    click(teachers, card=teachers.game.legal_plays()[0].letters)
    poll(screen)
    assert copy.actions == teachers.actions and screen.moves == moves, "the next card: no scrolling again"
    # the class screen's copy: neither the computer nor a click there adds a card
    assert copy.game.to_play == teachers.game.to_play
    assert 'data-action="undo"' in teachers.view.html and "data-action" not in copy.view.html, "no button to press"
    before = copy.actions
    click(copy, card=copy.game.legal_plays()[0].letters)
    assert copy.actions == before and "teacher&#x27;s screen" in copy.message.value
    # it shows only what a pupil at that table may see: East and West stay hidden
    hidden = [c for seat in ("E", "W") for c in copy.game.hands[Seat.parse(seat)]]
    assert not any(f'data-card="{c.letters}"' in copy.view.html for c in hidden)
    # a section chosen afterwards takes the class screen away from the table
    PresenterBar(PAGE_5, LESSON_5, tmp_path).show_section(2)
    poll(screen)
    assert screen.table == "" and screen.section == 2


def test_a_forged_table_in_the_note_is_checked_by_the_rules(tmp_path, caplog):
    _bar, teachers = teachers_page(tmp_path)
    screen, copy = class_page(tmp_path)
    poll(screen)
    dealt = copy.actions
    presenter.played(tmp_path, page=PAGE_5, table="5A", choices={},
                     actions=[["deal", 1], ["contract", "♠ game"], ["card", "SA"], ["card", "SA"]])
    poll(screen)
    assert copy.actions == dealt and "These moves cannot be replayed" in copy.message.value
    note = json.loads((tmp_path / presenter.NOTE).read_text(encoding="utf-8"))
    note["tables"]["5A"]["actions"] = "import os"
    (tmp_path / presenter.NOTE).write_text(json.dumps(note), encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="minibridge.presenter"):
        poll(screen)
    assert read_note(tmp_path) is None and copy.actions == dealt


def test_a_heading_button_on_the_teachers_page_shows_that_section(tmp_path):
    bar, screen = PresenterBar(PAGE_5, LESSON_5, tmp_path), screen_of(tmp_path)
    deal_a = sections(LESSON_5).index("Deal A: a golden fit")
    page = bar.children[-1]
    assert page.words == "Show the class"
    for forged in ({"section": "3"}, {"section": 99}, {"section": -1}, {"section": True}, {"section": 1, "x": 2}):
        page._handle_custom_msg(forged, [])
    assert read_note(tmp_path) is None
    page._handle_custom_msg({"section": deal_a}, [])
    poll(screen)
    assert screen.section == deal_a


def test_the_class_screen_asks_no_name_and_offers_no_hint_nor_settings(monkeypatch):
    from cardlib import render
    from cardlib.minibridge import Contract
    from exercises.page import new_page
    from exercises.widget import ExerciseWidget

    class_screen = render.Preferences(render.PREFERENCES.theme, 2.0, True, teacher_tools=False)
    assert class_screen.class_screen
    for preferences, shown in ((render.PREFERENCES, True), (class_screen, False)):
        monkeypatch.setattr(render, "PREFERENCES", preferences)
        new_page()
        practice = ExerciseWidget(lesson=6)
        assert any(practice.name_box in getattr(row, "children", ()) for row in practice.children) is shown
        assert (practice.hint_button.layout.display != "none") is shown
        assert (practice.page.bar is not None) is shown, "the 'Are you ...?' bar"
        table = SET_DEALS[6][0].table_widget(pace=0, show_score=True)  # lesson 6: the Scoring menu
        settings = table.widget.children[0].children
        assert (table.role_choice in settings and table.rules_choice in settings) is shown
        table.act(lambda: table.start(Contract("NT game")))
        assert table.pupil_to_play()
        assert table.hint_button.visible is shown


@pytest.mark.parametrize("lesson, page", [(1, "01_tricks.ipynb"), (14, "14_manille_cards_and_points.ipynb")],
                         ids=["trick table", "Manille table"])
def test_the_class_screen_follows_every_kind_of_table(tmp_path, lesson, page):
    from exercises.page import new_page

    notebook = ROOT / "notebooks" / page
    new_page()
    bar = PresenterBar(page, notebook, tmp_path)
    teachers = SET_DEALS[lesson][0].table_widget(pace=0)
    bar.children[-1]._handle_custom_msg({"opened": True}, [])
    new_page()
    screen = ClassScreen(page, notebook, tmp_path)
    copy = SET_DEALS[lesson][0].table_widget(pace=0)
    for _card in range(3):
        states = teachers.button_states()
        card = next(c for seat in states for c, state in states[seat].items() if state.startswith("playable"))
        click(teachers, card=card.letters)
        poll(screen)
        assert copy.actions == teachers.actions and copy.follows
    assert screen.table == f"mb-deal-{SET_DEALS[lesson][0].name}"


def test_every_path_a_plan_names_is_a_path_of_its_lesson():
    from exercises.course import lesson_of
    from exercises.plans import PLANS

    for number, steps in PLANS.items():
        for edition in ("", "ja/"):
            notebook = ROOT / "notebooks" / edition / f"{lesson_of(number).notebook}.ipynb"
            paths = {c.metadata.get("path") for c in nbformat.read(notebook, as_version=4).cells}
            assert {s.path for s in steps if s.path} <= paths, notebook.name


def test_a_japanese_class_screen_leaves_out_lesson_21s_pre_check_which_its_45_minutes_do_not_hold():
    """The Japanese page says a 45-minute class does not do lesson 21's pre-check, and its plan
    leaves it out; the Japanese class screen left it on the projector all the same. The section
    (its heading and its questions) is tagged for the Japanese edition only, and the Japanese
    page's style sheet hides that tag on the projector (the English page's does not): the
    lesson's files, and their code cells equal in both editions, are unchanged."""
    from classroom.presenter import OFF, class_screen_tags, off_tag
    from exercises.lesson_page import edition_off_css

    for edition in ("", "ja/"):
        notebook = ROOT / "notebooks" / edition / "21_duplicate.ipynb"
        cells = nbformat.read(notebook, as_version=4).cells
        tags = class_screen_tags(cells, notebook.stem)
        check = next(i for i, c in enumerate(cells) if "precheck=True" in c.source)
        section = [check - 1, check]
        assert cells[check - 1].source.startswith("## ")
        for i in section:
            assert OFF not in tags.get(i, [])
            assert (off_tag("ja") in tags.get(i, [])) is True and off_tag("en") not in tags.get(i, [])
        assert len({t for i in section for t in tags[i] if t.startswith("off_") and t[4:].isdigit()}) == 1
    assert "celltag_off_class_screen_ja" in edition_off_css("ja") and "celltag_off_class_screen_ja" not in edition_off_css("en")
