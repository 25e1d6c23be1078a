"""The exercises package: every kind of question, answers read as pupils type them,
practice and quiz, and progress files. Right answers are checked against independent
counts (the rule book's tables), not against the code that made them."""
from __future__ import annotations

import json
import os
import re

import pytest

from cardlib import Card, CardError, Seat, Suit
from exercises import KINDS, Practice, ProgressStore, Quiz, check_pupil_name, make_question
from exercises.answers import read_number

SEEDS = range(40)
BAD_INPUTS = ["ten", "", "   ", "1O", "9999999999", "x" * 100_000, None, "12 apples", "3.5", "--4"]

# RULES.md, "The whole table, from seed 000" (EBU preset), tricks 0..13.
EBU_TABLE = {
    ("NT", False): [-350, -300, -250, -200, -150, -100, -50, 90, 120, 150, 180, 210, 240, 270],
    ("major", False): [-350, -300, -250, -200, -150, -100, -50, 80, 110, 140, 170, 200, 230, 260],
    ("minor", False): [-350, -300, -250, -200, -150, -100, -50, 70, 90, 110, 130, 150, 170, 190],
    ("NT", True): [-450, -400, -350, -300, -250, -200, -150, -100, -50, 400, 430, 460, 490, 520],
    ("major", True): [-500, -450, -400, -350, -300, -250, -200, -150, -100, -50, 420, 450, 480, 510],
    ("minor", True): [-550, -500, -450, -400, -350, -300, -250, -200, -150, -100, -50, 400, 420, 440],
}


def questions(kind):
    return [make_question(kind, seed) for seed in SEEDS]


def wrong_values(question):
    """Answers that must be marked wrong, in the form a pupil would give them."""
    if question.answer_kind == "number":
        return [question.answer + 1, question.answer - 1, str(question.answer + 10)]
    if question.answer_kind == "percent":  # a whole number of percent, 0 to 100
        return [str(p) for p in (question.answer + 1, question.answer - 1) if 0 <= p <= 100]
    if question.answer_kind == "fraction":  # a chance, 0 to 1
        return [str(question.answer / 2), str((1 + question.answer) / 2)]
    return [v for _, v in question.options if v not in question.accepted]


def shown_answer(question) -> str:
    return question.right_answer


# --- every kind: right answers accepted, wrong ones explained, typos no attempt ---------------

@pytest.mark.parametrize("kind", KINDS)
def test_right_answers_are_accepted(kind):
    for q in questions(kind):
        for value in q.accepted:
            feedback = q.check(value)
            assert feedback.correct is True, (q.prompt, value)
            assert feedback.words.startswith("✔")


@pytest.mark.parametrize("kind", KINDS)
def test_wrong_answers_are_rejected_with_the_right_answer_and_how(kind):
    for q in questions(kind):
        wrongs = wrong_values(q)
        assert wrongs, q.prompt
        for value in wrongs:
            feedback = q.check(value)
            assert feedback.correct is False, (q.prompt, value)
            assert feedback.words.startswith("✘")
            assert feedback.right_answer == q.right_answer
            assert q.right_answer in feedback.words
            assert q.explanation and q.explanation in feedback.words


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("bad", BAD_INPUTS, ids=lambda b: repr(b)[:12])
def test_unreadable_input_is_no_attempt(kind, bad):
    q = make_question(kind, 5)
    feedback = q.check(bad)
    assert feedback.correct is None and not feedback.attempted
    assert feedback.words and "✔" not in feedback.words and "✘" not in feedback.words
    assert len(feedback.words) < 400  # a huge input is not echoed back whole
    assert q.explanation not in feedback.words


def test_kind_messages_for_typos():
    q = make_question("hcp", 1)
    assert q.check("1O").words == "'1O' is not a number: type digits like 12."
    assert q.check("ten").words == "'ten' is not a number: type digits like 12."
    assert q.check("").words == "Type your answer first, then press Check."
    assert "too big" in q.check("9999999999").words
    assert "far too long" in q.check("7" * 1000).words


@pytest.mark.parametrize("kind", [k for k in KINDS if make_question(k, 0).answer_kind == "number"])
def test_numbers_are_read_as_a_person_means_them(kind):
    for q in questions(kind)[:15]:
        n = q.answer
        digits = str(abs(n))
        full_width = "".join(chr(ord(d) + 0xFEE0) for d in digits)
        sign_forms = ["−", "-", "－", "–"] if n < 0 else ["", "+"]
        for sign in sign_forms:
            for text in (f"{sign}{digits}", f"  {sign}{digits} ", f"{sign}{full_width}", f"{sign} {digits}"):
                assert q.check(text).correct is True, (q.prompt, text)


def test_read_number_examples():
    assert read_number("１３") == 13
    assert read_number("−100") == -100 and read_number("-100") == -100
    assert read_number(" 0 ") == 0 and read_number("007") == 7
    with pytest.raises(CardError):
        read_number(True)


@pytest.mark.parametrize("kind", [k for k in KINDS if make_question(k, 0).options])
def test_choices_refuse_values_that_are_not_options(kind):
    q = make_question(kind, 3)
    for forged in ["Z", "♣2" if ("♣2", "♣2") not in q.options else "♣3", "<script>", "x" * 50_000, 12345]:
        feedback = q.check(forged)
        assert feedback.correct is None, forged
        assert "✘" not in feedback.words


def test_same_seed_same_question_and_seeds_vary():
    for kind in KINDS:
        a, b = make_question(kind, "deal 17"), make_question(kind, "deal 17")
        assert (a.prompt, a.answer, a.picture) == (b.prompt, b.answer, b.picture)
        assert len({(q.prompt, q.picture) for q in questions(kind)}) > 10, kind


def test_unknown_kind_is_a_kind_message():
    with pytest.raises(CardError, match="is not a kind of question"):
        make_question("chess", 1)


# --- each kind checked against an independent count ------------------------------------------

def picture_cards(q, row=0):
    return [Card.parse(c) for c in q.picture.rows[row][1][1]]


def test_hcp_matches_counting_by_hand_and_shows_the_sum():
    for q in questions("hcp"):
        cards = picture_cards(q)
        assert len(cards) == 13
        points = sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c.rank.symbol, 0) for c in cards)
        assert q.answer == points
        assert q.explanation.endswith(f"= {points}") or points == 0
    q = make_question("hcp", 0)
    assert re.fullmatch(r"([AKQJ] [4321] \+ )*[AKQJ] [4321] = \d+", q.explanation)


def test_announcements_add_up():
    kinds_seen = set()
    for q in questions("announcements"):
        table = q.picture.rows[0][1][1]
        values = [v for _, v in table]
        if "?" in values:
            kinds_seen.add("fourth")
            assert q.answer == 40 - sum(v for v in values if v != "?")
        else:
            kinds_seen.add("side")
            assert sum(values) == 40
            side = "N–S" if "N–S" in q.prompt else "E–W"
            seats = ("North", "South") if side == "N–S" else ("East", "West")
            assert q.answer == sum(v for name, v in table if name in seats)
    assert kinds_seen == {"side", "fourth"}


def test_declarer_follows_the_rule_book():
    for q in questions("declarer") + [make_question("declarer", s) for s in range(40, 200)]:
        table = q.picture.rows[0][1][1]
        order = [name for name, _ in table]
        points = dict(table)
        ns, ew = points["North"] + points["South"], points["East"] + points["West"]
        if ns == ew:
            assert q.answer == "nobody"
            continue
        pair = ("North", "South") if ns > ew else ("East", "West")
        best = max(points[p] for p in pair)
        first = min((p for p in pair if points[p] == best), key=order.index)
        assert q.answer == first[0], (table, q.answer)
    assert any(make_question("declarer", s).answer == "nobody" for s in range(200))


def test_trick_winner_is_the_highest_trump_or_highest_of_the_suit_led():
    order = "2 3 4 5 6 7 8 9 10 J Q K A".split()
    no_trumps = [make_question("trick_no_trumps", s) for s in range(60)]
    assert all("Trumps:" not in q.prompt for q in no_trumps)
    for q in questions("trick") + [make_question("trick", s) for s in range(40, 150)] + no_trumps:
        plays = [(Seat.parse(s), Card.parse(c)) for s, c in q.picture.rows[0][1][1]]
        match = re.search(r"Trumps: (.) ", q.prompt)
        trumps = Suit.parse(match.group(1)) if match else None
        trumped = [c for _, c in plays if c.suit is trumps]
        pool = trumped or [c for _, c in plays if c.suit is plays[0][1].suit]
        best = max(pool, key=lambda c: order.index(c.rank.symbol))
        assert q.answer == str(best)
        assert str(best) in q.explanation


def test_may_play_follows_suit_rule_and_both_answers_come_up():
    answers = set()
    for q in [make_question("may_play", s) for s in range(120)]:
        card = Card.parse(re.search(r"play (\S+)\?", q.prompt).group(1))
        hand = picture_cards(q, row=len(q.picture.rows) - 1)
        assert card in hand
        if len(q.picture.rows) == 2:
            led = Card.parse(q.picture.rows[0][1][1][0][1]).suit
            legal = card.suit is led or not any(c.suit is led for c in hand)
        else:
            legal = True
        assert q.answer == ("yes" if legal else "no"), q.prompt
        if not legal:
            assert "must follow suit" in q.explanation
        answers.add(q.answer)
    assert answers == {"yes", "no"}


def test_tricks_needed_table():
    needed = {"NT partscore": 7, "♠ partscore": 7, "♦ partscore": 7, "NT game": 9, "♥ game": 10,
              "♠ game": 10, "♣ game": 11, "♦ game": 11}
    seen = set()
    for q in [make_question("tricks_needed", s) for s in range(100)]:
        contract = re.search(r"(NT|♠|♥|♦|♣) (game|partscore)", q.prompt).group(0)
        target = needed.get(contract, 7)
        if "defenders" in q.prompt:
            assert q.answer == 14 - target and f"14 − {target} = {14 - target}" in q.explanation
            seen.add("defence")
        else:
            assert q.answer == target
            seen.add("declarer")
    assert seen == {"defence", "declarer"}


def test_score_matches_the_seed_table_and_the_club_preset():
    presets = set()
    for q in [make_question("score", s) for s in range(150)]:
        m = re.search(r"played (NT|♠|♥|♦|♣) (game|partscore) and took (\d+) tricks", q.prompt)
        denomination, game, tricks = m.group(1), m.group(2) == "game", int(m.group(3))
        family = "NT" if denomination == "NT" else "major" if denomination in "♠♥" else "minor"
        ebu = EBU_TABLE[family, game][tricks]
        if "game bonus 300" in q.prompt:
            presets.add("ebu")
            assert q.answer == ebu
        else:
            presets.add("club")
            assert "game bonus 500" in q.prompt
            if ebu > 0:
                assert q.answer == ebu + (200 if game else 0)
            else:
                assert q.answer == 2 * ebu
        assert q.explanation.endswith(str(abs(q.answer)))
    assert presets == {"ebu", "club"}


def test_any_sensible_contract_is_right_and_the_coach_is_explained():
    several = 0
    for q in [make_question("contract", s) for s in range(80)]:
        assert q.answer in q.accepted
        declarer, dummy = picture_cards(q, 0), picture_cards(q, 1)
        spades = sum(c.suit is Suit.SPADES for c in declarer + dummy)
        hearts = sum(c.suit is Suit.HEARTS for c in declarer + dummy)
        points = sum(c.hcp for c in declarer + dummy)
        level = "game" if points >= 25 else "partscore"
        fits = [s for s, n in (("♠", spades), ("♥", hearts)) if n >= 8] or ["NT"]
        assert q.accepted == {f"{s} {level}" for s in fits}
        for value in q.accepted:
            words = q.check(value).words
            assert words.startswith("✔") and q.right_answer in words
        if len(q.accepted) > 1:
            several += 1
            other = next(v for v in q.accepted if v != q.answer)
            assert "coach chose" in q.check(other).words
        assert q.check("NT partscore" if "NT partscore" not in q.accepted else "♣ game").correct is False
    assert several > 0


def test_manille_points_by_hand():
    value = {"10": 5, "A": 4, "K": 3, "Q": 2, "J": 1}
    sizes = set()
    for q in [make_question("manille_points", s) for s in range(60)]:
        what, data = q.picture.rows[0][1]
        cards = [Card.parse(c if what == "manille_cards" else c[1]) for c in data]
        sizes.add("trick" if what == "trick" else "pile")
        assert all(c.rank.symbol in "10 A K Q J 9 8 7".split() for c in cards)
        assert q.answer == sum(value.get(c.rank.symbol, 0) for c in cards)
    assert sizes == {"trick", "pile"}


def test_manille_deal_score_with_multipliers():
    for q in [make_question("manille_score", s) for s in range(100)]:
        points = int(re.search(r"took (\d+) card points", q.prompt).group(1))
        taps = 2 if "tapped back" in q.prompt else 1 if "tapped" in q.prompt else 0
        times = 2 ** (("no trumps" in q.prompt) + taps + ("blind" in q.prompt))
        assert q.answer == max(0, points - 30) * times, q.prompt
        assert f"×{times}" in q.explanation


# --- practice ---------------------------------------------------------------------------

def test_practice_streak_counts_first_real_answers_only():
    p = Practice(seed=9)
    p.check(p.question.answer)
    assert (p.streak, p.right, p.tried) == (1, 1, 1)
    again = p.check(p.question.answer)
    assert "already" in again.words and (p.streak, p.tried) == (1, 1)
    p.next()
    for bad in BAD_INPUTS:
        assert p.check(bad).correct is None
    assert (p.streak, p.tried) == (1, 1) and not p.answered
    p.check(p.question.answer)
    assert p.streak == 2
    p.next()
    wrong = wrong_values(p.question)[0]
    assert p.check(wrong).correct is False
    assert (p.streak, p.best_streak, p.right, p.tried) == (0, 2, 2, 3)


def test_practice_is_endless_and_repeatable():
    a, b = Practice(seed="x"), Practice(seed="x")
    seen_a, seen_b = [], []
    for _ in range(30):
        seen_a.append(a.question.prompt)
        seen_b.append(b.question.prompt)
        a.next()
        b.next()
    assert seen_a == seen_b and len(set(seen_a)) > 15
    assert {Practice(kinds=["score", "hcp"], seed=s).question.kind for s in range(20)} == {"score", "hcp"}


def test_hints_do_not_give_the_answer():
    for kind in KINDS:
        qs = questions(kind)
        assert all(q.hint and q.explanation not in q.hint for q in qs)
        # the hint is about the method: it stays the same while the answers change
        assert len({q.hint for q in qs}) <= 4 < len({q.explanation for q in qs}), kind


# --- quiz -------------------------------------------------------------------------------

def test_quiz_same_seed_same_questions_and_a_mark_out_of_n():
    a, b = Quiz(seed="5B", size=8), Quiz(seed="5B", size=8)
    assert [(q.kind, q.prompt, q.answer) for q in a.questions] == [(q.kind, q.prompt, q.answer) for q in b.questions]
    assert [q.prompt for q in Quiz(seed="5C", size=8).questions] != [q.prompt for q in a.questions]
    assert len({q.kind for q in a.questions}) == 8  # every kind before any repeats
    for i in range(8):
        q = a.question
        assert "No hints" in a.hint()
        feedback = a.check(q.answer if i % 2 == 0 else wrong_values(q)[0])
        assert feedback.correct is None and "✔" not in feedback.words and "✘" not in feedback.words
        a.next()
    assert a.finished and a.mark == 4
    assert a.result_words == "Quiz finished: 4 out of 8."
    review = a.review()
    assert [f.correct for _, f in review] == [True, False] * 4
    assert all(q.explanation in f.words for q, f in review)


def test_quiz_typos_and_second_answers_do_not_count():
    quiz = Quiz(seed=3, size=3)
    with pytest.raises(CardError, match="not finished"):
        quiz.review()
    assert quiz.check("1O" if quiz.question.answer_kind == "number" else "Z").correct is None
    assert quiz.answers == [None, None, None]
    first = quiz.question
    quiz.check(wrong_values(first)[0])
    assert "already answered" in quiz.check(first.answer).words
    quiz.next()
    quiz.check(quiz.question.answer)
    quiz.next()
    quiz.check(quiz.question.answer)
    assert quiz.finished and quiz.mark == 2


def test_quiz_next_skips_and_comes_back():
    quiz = Quiz(seed=1, size=3)
    first = quiz.question
    quiz.next()
    quiz.check(quiz.question.answer)
    quiz.next()
    quiz.check(quiz.question.answer)
    assert quiz.next() is first and not quiz.finished


@pytest.mark.parametrize("size", [0, -1, 51, True, "ten"])
def test_quiz_size_is_checked(size):
    with pytest.raises(CardError):
        Quiz(seed=1, size=size)


# --- progress -------------------------------------------------------------------------------

def test_progress_survives_a_restart(tmp_path):
    store = ProgressStore(tmp_path)
    practice = Practice(seed=4, progress=store.open("Aiko"))
    for _ in range(3):
        practice.check(practice.question.answer)
        practice.next()
    kind = practice.question.kind
    # a "kernel restart": new objects that only read the file
    again = ProgressStore(tmp_path).open("aiko")
    assert again.streak == 3 and again.best_streak == 3 and again.notice == ""
    assert sum(again.tried(k) for k in KINDS) == 3 and sum(again.right(k) for k in KINDS) == 3
    resumed = Practice(seed=5, progress=again)
    assert resumed.streak == 3
    resumed.check(wrong_values(resumed.question)[0])
    final = ProgressStore(tmp_path).open("Aiko")
    assert final.streak == 0 and final.best_streak == 3 and sum(final.tried(k) for k in KINDS) == 4
    assert kind in KINDS
    assert [p.name for p in tmp_path.iterdir()] == ["aiko.json"]  # no temporary files left


def test_quiz_mark_is_saved(tmp_path):
    quiz = Quiz(seed="test", size=2, progress=ProgressStore(tmp_path).open("Ken"))
    for _ in range(2):
        quiz.check(quiz.question.answer)
        quiz.next()
    saved = ProgressStore(tmp_path).open("Ken").quizzes
    assert len(saved) == 1 and saved[0]["mark"] == 2 and saved[0]["out_of"] == 2 and saved[0]["seed"] == "test"


@pytest.mark.parametrize("damage", ["{not json", "", '{"version": 1}', "[1, 2, 3]", '{"version": 1, "pupil": "Mia", '
                                    '"kinds": {"hcp": {"tried": -1, "right": 0}}, "streak": 0, "best_streak": 0, "quizzes": []}',
                                    "\udcff".encode("utf-8", "surrogatepass").decode("latin-1")])
def test_a_damaged_file_is_kept_aside_and_a_fresh_one_started(tmp_path, damage):
    path = tmp_path / "mia.json"
    path.write_text(damage, encoding="latin-1" if damage.startswith("í") else "utf-8")
    before = path.read_bytes()
    pupil = ProgressStore(tmp_path).open("Mia")
    assert "damaged" in pupil.notice and "kept aside" in pupil.notice
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("mia.json.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == before and kept[0].name in pupil.notice
    assert pupil.streak == 0 and json.loads(path.read_text())["pupil"] == "Mia"
    Practice(seed=1, progress=pupil).check(Practice(seed=1).question.answer)
    assert ProgressStore(tmp_path).open("Mia").notice == ""


@pytest.mark.parametrize("name", ["../x", "..", "a/b", "a\\b", "", "   ", ".hidden", "x" * 41, "nul\x00",
                                  "/etc/passwd", "~root", None, 42, "C:evil", "<b>"])
def test_bad_pupil_names_are_refused_and_never_escape(tmp_path, name):
    inside = tmp_path / "progress"
    with pytest.raises(CardError):
        ProgressStore(inside).open(name)
    assert not inside.exists() or not any(inside.iterdir())
    assert sorted(p.name for p in tmp_path.iterdir()) in ([], ["progress"])


def test_good_names_are_tidied():
    assert check_pupil_name("  Aiko   Tanaka ") == "Aiko Tanaka"
    assert check_pupil_name("O'Brien-Smith") == "O'Brien-Smith"
    assert check_pupil_name("ゆうき") == "ゆうき"
    assert check_pupil_name("Ｋｅｎ２") == "Ken2"
    assert check_pupil_name("a\nb") == "a b"


def test_progress_directory_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("MINIBRIDGE_PROGRESS_DIR", str(tmp_path / "class"))
    pupil = ProgressStore().open("Sam")
    pupil.record("hcp", True, 1)
    assert (tmp_path / "class" / "sam.json").exists()
    monkeypatch.delenv("MINIBRIDGE_PROGRESS_DIR")
    assert ProgressStore().directory == ProgressStore("~/.minibridge-progress").directory


def test_a_folder_that_cannot_be_written_is_reported_not_raised(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("I am a file, not a folder")
    practice = Practice(seed=2, progress=ProgressStore(blocker / "progress").open("Lea"))
    feedback = practice.check(practice.question.answer)
    assert feedback.correct is True and "could not be saved" in feedback.words
    assert practice.streak == 1


def test_writes_are_atomic(tmp_path, monkeypatch):
    pupil = ProgressStore(tmp_path).open("Zoe")
    pupil.record("hcp", True, 1)
    good = (tmp_path / "zoe.json").read_text()

    def crash(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    assert "could not be saved" in pupil.record("hcp", True, 2)
    assert (tmp_path / "zoe.json").read_text() == good
    assert [p.name for p in tmp_path.iterdir()] == ["zoe.json"]
