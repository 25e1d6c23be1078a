"""Walks through everything a person reads: every exercise kind, the practice and the quiz, the
card tables, the exercise widget, the chance lab, the coder's checker and the printouts. Each
returns the texts seen; tests/cardlib/test_messages.py checks them in a pseudo-language and
tests/japanese/test_japanese.py in Japanese."""
from __future__ import annotations

from html.parser import HTMLParser

# What the walks type as a pupil would, quoted back in the messages: not the lessons' words.
TYPED = ("not an answer at all", "nonsense")


class _Text(HTMLParser):
    """The text a person reads in some HTML: the words, and labels a screen reader says."""

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self._skip += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "alt", "placeholder") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def readable(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.parts


# --- every exercise kind --------------------------------------------------------------------

def exercise_texts(question) -> list[str]:
    texts = [question.prompt, question.hint, question.right_answer, question.explanation, question.rules_line]
    texts += [label for label, _ in question.options]
    texts += readable(question.picture_html())
    texts += [slip.words for slip in question.slips]
    wrong = next((v for _, v in question.options if v not in question.accepted), None)
    wrongs = [wrong] + [slip.value for slip in question.slips[:3]]
    if question.answer_kind == "number":
        wrongs.append(question.answer + 997)  # matches no slip
    for given in [question.answer, TYPED[0], ""] + wrongs:
        if given is not None:
            texts.append(question.check(given).words)
            texts.append(question.check(given, last_try=False).words)
    texts.append(question.check(question.answer, second_go=True).words)
    return texts


def all_exercise_texts(seeds: int = 12) -> list[str]:
    from exercises.kinds import ALL_KINDS, make_question

    return [t for kind in ALL_KINDS for seed in range(seeds) for t in exercise_texts(make_question(kind, seed))]


def practice_and_quiz_texts() -> list[str]:
    from exercises import Practice, Quiz

    practice = Practice(kinds=["hcp"], seed=1)
    texts = [practice.check(practice.question.answer).words, practice.hint(), practice.score_words]
    practice.next()
    texts += [practice.check(practice.question.answer + 1).words, practice.check(practice.question.answer + 1).words,
              practice.check(practice.question.answer + 2).words, practice.check(practice.question.answer).words]
    quiz = Quiz(seed="q", size=3, kinds=["tricks_needed"])
    texts += [quiz.check(TYPED[1]).words, quiz.check(quiz.question.answer).words, quiz.hint()]
    quiz.next()
    quiz.next()
    texts.append(quiz.moved)
    texts += [quiz.check(quiz.question.answer + 1).words]
    quiz.next()
    texts += [quiz.check(quiz.question.answer + 1).words, quiz.result_words, quiz.hint()]
    texts += [feedback.words for _, feedback in quiz.review()]
    return texts


# --- every widget ---------------------------------------------------------------------------

def widget_texts() -> list[str]:
    """Every text every live widget would send to the browser."""
    from ipywidgets.widgets import widget as widget_module

    texts = []
    for model in list(widget_module._instances.values()):
        state = model.get_state()
        for key in ("description", "tooltip", "placeholder", "value", "_options_labels", "tooltips", "html"):
            value = state.get(key)
            if isinstance(value, str):
                texts += readable(value) if key in ("value", "html") and "<" in value else [value]
            elif isinstance(value, (list, tuple)):
                texts += [v for v in value if isinstance(v, str)]
    return [t for t in texts if t.strip()]


def play_out_from_python(table) -> list[str]:
    """Click legal cards (and one refused card when there is one) to the end; every text seen."""
    seen = widget_texts()
    while not table.game.is_over:
        legal = set(table.game.legal_plays())
        buttons = [b for b in table.hand_buttons if not b.disabled]
        bad = [b for b in buttons if table._buttons[b] not in legal]
        if bad:
            bad[0].click()
            seen += widget_texts()
        next(b for b in buttons if table._buttons[b] in legal).click()
        seen += widget_texts()
    return seen + widget_texts()


def card_table_texts() -> list[str]:
    """The MiniBridge table from choosing the contract to the score, as declarer and defender,
    and three Manille deals with en face and taps."""
    from cardlib import Seat, manille
    from card_tables import ManilleTable, MiniBridgeTable

    seen = []
    table = MiniBridgeTable(deal_number=1)
    seen += widget_texts()
    table._on_contract()  # nothing chosen yet: a refusal
    table._on_coach()
    seen += widget_texts()
    table.denomination_choice.value = "NT"
    table.level_choice.value = "game"
    table.contract_button.click()
    seen += widget_texts()
    seen += play_out_from_python(table)
    defender = MiniBridgeTable(deal_number=2, role="defender", rules="club")
    defender.teacher_box.value = True
    seen += widget_texts()
    for number in (1, 2, 3):
        manille_table = ManilleTable(deal_number=number, rules=manille.ManilleRules(taps="tap back"))
        if manille_table.round.to_call == Seat.S:
            manille_table.trump_choice.value = manille.EN_FACE
            manille_table.trump_button.click()
        seen += widget_texts()
        while manille_table.game is None:
            manille_table.tap_button.click()
            seen += widget_texts()
        manille_table.teacher_box.value = True
        while not manille_table.game.is_over:
            manille_table.step_button.click()
        seen += widget_texts()
    return seen


def other_table_texts() -> list[str]:
    """The trick table, a set deal, lesson 14's Manille table and a forged or early click."""
    from cardlib import Deal, manille
    from card_tables import ManilleTable, MiniBridgeTable, TrickTable

    seen = []
    trick = TrickTable(Deal.random(seed=4), trumps="♥", choose_trumps=True, name="1A", pace=0)
    seen += widget_texts()
    trick.last_button.click()
    seen += play_out_from_python(trick)
    trick.trumps_choice.value = "NT"
    trick.teacher_box.value = True
    trick.step_button.click()
    seen += widget_texts()
    small = TrickTable("N:AK2... QJ3... 1098... 765...", open_hands=False, pace=0)
    seen += play_out_from_python(small)
    set_deal = MiniBridgeTable(deal=Deal.random(seed=11), contract="NT partscore", show_score=False, name="4A", pace=0)
    seen += play_out_from_python(set_deal)
    set_deal._on_view_message(None, {"action": "no such button", "value": ""}, [])
    seen += widget_texts()
    set_deal.next_button.click()
    seen += widget_texts()
    lesson_9 = ManilleTable(deal=manille.deal(seed=3), with_trumps=False, pace=0)
    seen += play_out_from_python(lesson_9)
    busy = MiniBridgeTable(deal_number=2, role="defender", pace=1)
    busy.scheduler = lambda delay, step: None  # the computer's cards never come: the pupil waits
    busy._on_view_message(None, {"card": busy.hand_buttons[0].card.letters}, [])
    busy._on_view_message(None, {"card": busy.hand_buttons[0].card.letters}, [])
    seen += widget_texts()
    return seen


def exercise_widget_texts(progress_dir, pupil: str) -> list[str]:
    """Every kind in the exercise widget (nothing given, a hint, a forged card, the slips, the
    answer), then lesson 14's quiz with a skip; ``pupil`` is the name typed."""
    from exercises.kinds import ALL_KINDS
    from exercises.widget import ExerciseWidget

    def give(exercise, value):
        question = exercise.session.question
        if exercise.card_buttons:
            exercise.card_buttons[value].click()
        elif question.options:
            exercise.choice.value = value if len(question.options) <= 5 else None
            exercise.dropdown.value = value if len(question.options) > 5 else None
        else:
            exercise.number_box.unobserve_all("value")
            exercise.number_box.value = str(value)
        exercise.check()

    seen = []
    for kind in ALL_KINDS:
        exercise = ExerciseWidget(kinds=[kind], seed=3, progress_dir=progress_dir)
        exercise.name_box.value = pupil
        exercise.check()  # nothing given yet
        exercise.hint()
        seen += widget_texts()
        if exercise.card_buttons:
            exercise.card_view._handle_custom_msg({"card": "forged"}, [])  # refused in words
            seen += widget_texts()
        question = exercise.session.question
        wrongs = [s.value for s in question.slips][:2] or [v for _, v in question.options if v not in question.accepted]
        for value in wrongs[:2]:  # the slip named, then the working
            give(exercise, value)
            seen += widget_texts()
        exercise.new_button.click()
        give(exercise, exercise.session.question.answer)
        seen += widget_texts()
    quiz = ExerciseWidget(lesson=14, quiz=True, progress_dir=progress_dir)
    quiz.new_button.click()  # a skip, said in words
    seen += widget_texts()
    while quiz.session.question is not None:
        give(quiz, quiz.session.question.answer)
        seen += widget_texts()
        quiz.new_button.click()
        seen += widget_texts()
    return [t for t in seen if t != pupil]  # the name the pupil typed stays as typed


def chance_lab_texts() -> list[str]:
    """Each of the lab's questions: before the guess, a forged deal, the guess, small and big
    deals, the exact count; the chance line, the comparison and the split table; its refusals."""
    from fractions import Fraction

    from cardlib import CardError
    from exercises.chance_lab import QUESTIONS, ChanceLab, ChanceLine, Comparison, Experiment, SplitTable, many_deals

    seen = []
    for question in QUESTIONS:
        lab = ChanceLab(question, seed="walk")
        seen += widget_texts()
        lab.big_button.click()  # forged: no guess yet
        lab.guess_slider.value = 35
        lab.guess_button.click()
        seen += widget_texts()
        lab.small_button.click()
        lab.big_button.click()
        lab.exact_box.value = True
        seen += widget_texts()
        experiment = Experiment(question, seed="walk")
        seen += [experiment.status(), experiment.headline()] if experiment.tally.deals else [experiment.status()]
        experiment.deal(200)
        seen += [experiment.status(), experiment.headline()]
        for bad_guess, bad_count in ((101, 0), ("50", -5)):
            for attempt in (lambda: experiment.set_guess(bad_guess), lambda: experiment.deal(bad_count)):
                try:
                    attempt()
                except CardError as error:
                    seen.append(str(error))
    seen += readable(ChanceLine((("♥", Fraction(1, 4)), ("♠A", Fraction(1, 52))))._repr_html_())
    seen += readable(Comparison.of(many_deals(60, seed="walk"))._repr_html_())
    seen += readable(SplitTable(5)._repr_html_())
    return seen


CODER_CELLS = (
    "def hcp(hand):\n    return 0",  # differs
    "def hcp(hand)\n    return 0",  # a line Python cannot read
    "def hcp(hand):\n    return pionts",  # a name it does not know
    "def hcp(hand):\n    return 'ten'",  # an answer of the wrong kind
    "def hcp(hand):\n    return 1 / 0",
    "def hcp(hand):\n    while True:\n        pass",  # stopped by the time limit
    "def tricks_needed(contract):\n    return 7",
    "def score(contract, tricks):\n    return None",
    "def card_points(card):\n    return card[5]",
    "def hcp():\n    return 0",  # the wrong arguments
    "hcp = 4",  # not a function
    "print('hello')",  # no function at all
)


def coder_texts() -> list[str]:
    """The coder's checker on right and wrong cells, the machine picture and the app's note."""
    from exercises.coder import check_code
    from exercises.coder_widget import CheckerView, FunctionMachine, app_note_html

    seen = []
    for source in CODER_CELLS:
        namespace: dict = {}
        view = CheckerView(check_code(source + "\n", namespace, line_offset=1, limit=0.3), namespace)
        seen += widget_texts()
        if view.again_button.layout.display is None:
            view.again_button.click()
            seen += widget_texts()
    seen += readable(FunctionMachine("hcp", "♠AK", "7")._repr_html_())[:1]  # its label; the rest is what was given
    seen += readable(app_note_html())
    code = sorted({line.strip() for source in CODER_CELLS for line in source.splitlines()}, key=len, reverse=True)
    for i, text in enumerate(seen):  # the pupil's own lines are shown as they wrote them (… marks where)
        for line in code:
            text = text.replace(line, "…")
        seen[i] = text
    return [text for text in seen if text.strip()]


# --- the printouts ----------------------------------------------------------------------------

def printout_texts(monkeypatch, lessons=None, names=("アイコ",)) -> dict[str, list[str]]:
    """Every text the printouts draw, by printout kind (every text fpdf2 draws passes through
    Sheet.normalize_text)."""
    from exercises.course import COURSE
    from teacher import paper
    from teacher.certificate import certificates
    from teacher.curtain_cards import curtain_cards
    from teacher.hand_record import hand_records
    from teacher.aids import class_results, dummy_mat, manille_strip, trick_poster
    from teacher.passport import passport
    from teacher.rulings import rulings_sheet
    from teacher.reference import contract_card, glossary_sheet
    from teacher.score_sheets import club_score_sheet, manille_score_sheet, schools_score_sheet
    from teacher.worksheet import answer_key, practice_answers, practice_sheet, worksheet

    drawn: list[str] = []
    real = paper.Sheet.normalize_text
    monkeypatch.setattr(paper.Sheet, "normalize_text", lambda self, text: drawn.append(text) or real(self, text))

    def texts_of(make) -> list[str]:
        drawn.clear()
        make().output()
        return [t for t in drawn if t.strip() and t not in names]

    chosen = [lesson for lesson in COURSE if lessons is None or lesson.number in lessons]
    found = {"worksheet": [], "certificate": [], "answer key": [], "curtain cards": [], "class results": [],
             "practice sheet": [], "practice answers": [], "hand records": []}
    for lesson in chosen:
        if lesson.deals:
            found["hand records"] += texts_of(lambda: hand_records(lesson))
            found["curtain cards"] += texts_of(lambda: curtain_cards(lesson))
        found["class results"] += texts_of(lambda: class_results(lesson))
        found["worksheet"] += texts_of(lambda: worksheet(lesson))
        found["certificate"] += texts_of(lambda: certificates(lesson, names))
        found["answer key"] += texts_of(lambda: answer_key(lesson))
        found["practice sheet"] += texts_of(lambda: practice_sheet(lesson))
        found["practice answers"] += texts_of(lambda: practice_answers(lesson))
    for make in (glossary_sheet, contract_card, schools_score_sheet, club_score_sheet, manille_score_sheet):
        found[make.__name__] = texts_of(make)
    found["passport"] = texts_of(lambda: passport(names=names))
    for make in (rulings_sheet, trick_poster, dummy_mat, manille_strip):
        found[make.__name__] = texts_of(make)
    return found
