"""Only what was taught: every lesson's practice and quiz ask about ideas that the lesson or an
earlier one teaches. Each kind (and variant) declares the ideas it may use, each question the
ideas it really uses, each lesson the ideas it teaches (exercises.course)."""
from __future__ import annotations

import re

import pytest

from cardlib import CardError, Seat
from exercises.answers import NOBODY
from exercises.course import COURSE, IDEAS, lesson_of
from exercises.kinds import ALL_KINDS, canonical, kind_ideas, make_question
from exercises.session import Practice, Quiz, quiz_item

QUESTIONS_A_LESSON = 150


def texts(q) -> str:
    """Everything a pupil may read about a question, before and after answering it."""
    wrong = next((v for _, v in q.options if v not in q.accepted), None)
    wrong = wrong if wrong is not None else (q.answer + 1 if isinstance(q.answer, int) else None)
    parts = [q.prompt, q.rules_line, q.hint, q.explanation, q.right_answer, q.picture_html()]
    parts += [label for label, _ in q.options]
    parts += [slip.words for slip in q.slips]
    if wrong is not None:
        parts += [q.check(wrong).words, q.check(wrong, last_try=False).words]
    return "\n".join(parts)


def test_the_ideas_are_taught_once_in_course_order():
    taught = [idea for lesson in COURSE for idea in lesson.ideas + lesson.extension_ideas]
    assert len(taught) == len(set(taught))
    assert all(idea in IDEAS for idea in taught)
    assert [i for i in IDEAS if i in taught] == taught  # IDEAS lists them in the order they are taught
    for kind in ALL_KINDS:
        assert kind_ideas(kind) <= set(IDEAS), kind


def test_every_lesson_kind_is_a_kind_and_uses_only_taught_ideas():
    for lesson in COURSE:
        for kind in lesson.practice + lesson.quiz_kinds + lesson.extension_practice:
            assert canonical(kind) == kind, kind  # lessons name kinds by their one name
        for kind in lesson.practice + lesson.quiz_kinds + lesson.extension_practice:
            assert lesson.untaught(kind) == frozenset(), (lesson.number, kind, lesson.untaught(kind))
        for kind in lesson.extension_practice:
            assert kind_ideas(kind) - lesson.taught_so_far <= set(lesson.extension_ideas)


def test_a_question_uses_no_idea_its_kind_does_not_declare():
    for kind in ALL_KINDS:
        for seed in range(60):
            q = make_question(kind, seed)
            assert q.ideas and q.ideas <= kind_ideas(kind), (kind, seed, q.ideas)
            assert q.kind == kind


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: f"lesson {lesson.number}")
def test_no_lesson_asks_about_an_idea_it_has_not_taught(lesson):
    practice = Practice(kinds=lesson.practice, seed=f"check {lesson.number}")
    seen_kinds = set()
    for _ in range(QUESTIONS_A_LESSON):
        q = practice.question
        seen_kinds.add(q.kind)
        assert q.ideas <= lesson.taught_so_far, (lesson.number, q.kind, q.ideas - lesson.taught_so_far)
        practice.next()
    assert seen_kinds == set(lesson.practice)
    for q in lesson.quiz().questions:
        assert q.ideas <= lesson.taught_so_far, (lesson.number, q.kind, q.ideas - lesson.taught_so_far)
    if lesson.extension_practice:
        extension = Practice(kinds=lesson.extension_practice, seed=1)
        for _ in range(40):
            q = extension.question
            assert q.ideas <= lesson.taught_so_far | set(lesson.extension_ideas)
            extension.next()


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: f"lesson {lesson.number}")
def test_every_quiz_seed_gives_a_quiz_of_taught_ideas(lesson):
    fixed = lesson.quiz()
    assert [q.prompt for q in fixed.questions] == [q.prompt for q in lesson.quiz().questions]
    assert (fixed.seed, fixed.size) == (lesson.quiz_seed, lesson.quiz_size)
    for seed in [lesson.quiz_seed] + [f"another class {n}" for n in range(10)]:
        quiz = Quiz(seed=seed, size=lesson.quiz_size, kinds=lesson.quiz_kinds)
        assert sorted(q.kind for q in quiz.questions) == sorted(lesson.quiz_kinds[: lesson.quiz_size]) \
            or len(lesson.quiz_kinds) < lesson.quiz_size
        for q in quiz.questions:
            assert q.ideas <= lesson.taught_so_far


def test_lesson_1_never_says_trumps():
    lesson = lesson_of(1)
    practice = lesson.practice_session(seed=11)
    questions = [lesson.quiz().questions[i] for i in range(lesson.quiz_size)]
    for _ in range(80):
        questions.append(practice.question)
        practice.next()
    for q in questions:
        assert "trump" not in texts(q).lower(), q.prompt


def test_the_points_quiz_always_has_missing_number_questions():
    lesson = lesson_of(3)
    for seed in [lesson.quiz_seed] + list(range(30)):
        quiz = Quiz(seed=seed, size=lesson.quiz_size, kinds=lesson.quiz_kinds)
        fourth = [q for q in quiz.questions
                  if q.base_kind == "announcements" and "?" in [v for _, v in q.picture.rows[0][1][1]]]
        assert len(fourth) >= 2
        assert all(re.search(r"add up to 40", q.prompt) for q in fourth)


def test_club_scoring_only_as_lesson_6s_extension_and_defenders_target_only_from_lesson_11():
    for lesson in COURSE:
        for kind in lesson.practice + lesson.quiz_kinds:
            assert "club_scoring" not in kind_ideas(kind)
            assert "defenders_target" not in kind_ideas(kind) or lesson.number >= 11
    assert "score:club" in lesson_of(6).extension_practice
    assert lesson_of(6).practice_kinds(["score:club"]) == ("score:club",)
    with pytest.raises(CardError, match="not practised in lesson 3"):
        lesson_of(3).practice_kinds(["score"])
    for q in lesson_of(6).quiz().questions + lesson_of(12).quiz().questions:
        if q.base_kind == "score":
            assert "English schools" in q.rules_line and q.answer >= 0


def test_manille_lessons_keep_to_what_they_teach():
    for q in lesson_of(14).quiz().questions:
        assert "trump" not in texts(q).lower() and "tap" not in texts(q).lower()
    for q in lesson_of(15).quiz().questions + [make_question("manille_score", s) for s in range(100)]:
        assert "blind" not in texts(q).lower() and "tapped back" not in q.prompt


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: f"lesson {lesson.number}")
def test_no_quiz_asks_the_same_item_twice(lesson):
    """Two "What did North announce? 14" in one quiz are one item asked twice: the quiz, the
    pre-check and any class's quiz ask each item once."""
    quizzes = [lesson.quiz(), lesson.precheck()]
    quizzes += [Quiz(seed=f"class {n}", size=lesson.quiz_size, kinds=lesson.quiz_kinds) for n in range(8)]
    for quiz in quizzes:
        items = [quiz_item(q) for q in quiz.questions]
        assert len(items) == len(set(items)), (lesson.number, quiz.seed, items)


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: f"lesson {lesson.number}")
def test_the_pre_check_never_gives_away_an_exit_quiz_item(lesson):
    """Lessons 5 and 6 asked one exit-quiz item in the pre-check too ("East played ♦ partscore and
    took 9 tricks"), whose review shows the answer 40 minutes before the quiz asks it again."""
    quiz = {(q.prompt, q.picture) for q in lesson.quiz().questions}
    precheck = lesson.precheck().questions
    assert len(precheck) == 3 and not [q.prompt for q in precheck if (q.prompt, q.picture) in quiz]
    assert {q.kind for q in precheck} <= set(lesson.quiz_kinds)


@pytest.mark.parametrize("lesson", COURSE, ids=lambda lesson: f"lesson {lesson.number}")
def test_every_quiz_tests_its_own_lessons_ideas(lesson):
    """Each quiz kind uses an idea this lesson teaches (or, for lessons 12 and 19, an idea of
    the lessons they put together): lesson 17's quiz is not lessons 14 and 16 again."""
    for kind in lesson.quiz_kinds:
        assert kind_ideas(kind) & lesson.own_ideas, (lesson.number, kind)
    for q in lesson.quiz().questions:
        assert q.ideas & lesson.own_ideas, (lesson.number, q.kind, q.prompt)
    assert lesson_of(17).own_ideas.isdisjoint(lesson_of(14).ideas + lesson_of(16).ideas)


def test_lesson_15_practises_and_quizzes_the_must_trump_rule():
    """Lesson 15 teaches "if you cannot follow suit, you must trump": its practice and quiz ask
    it, and every answer is cardlib's Manille rule."""
    lesson = lesson_of(15)
    assert "manille_may_play" in lesson.practice
    assert sum(kind.startswith("manille_may_play") for kind in lesson.quiz_kinds) >= 2
    slips = {s.code for q in lesson.quiz().questions for s in q.slips}
    assert "must_trump" in slips
    seen = set()
    for seed in range(80):
        q = make_question("manille_may_play", seed)
        slip = q.slips[0]
        seen.add(slip.code)
        assert (q.answer == "no") == (slip.code in ("must_trump", "must_follow")), (seed, q.prompt)
        if slip.code == "must_trump":
            assert "must play a trump" in q.explanation and q.check("yes").slip == "must_trump"
    assert seen == {"must_trump", "may_trump", "must_follow", "need_not_beat", "may_discard"}


@pytest.mark.parametrize("language", ["en", "ja"])
def test_lesson_15s_may_play_working_speaks_of_the_seat_in_the_questions_style(language):
    """Reader G: the working said "You cannot follow suit..." about North or West (the table's
    sentence, why_illegal's, in the table's plain style), and in Japanese wrote the reading in
    brackets instead of ruby. It names the seat whose turn it is, in です・ます with ruby."""
    from cardlib import messages
    was = messages.current_language()
    messages.set_language(language)
    try:
        kinds = set()
        for seed in range(80):
            q = make_question("manille_may_play", seed)
            seat = re.search(r"(?:it is |：)(\S+?)(?:'s turn|の番)", q.prompt, flags=re.I).group(1)
            if q.answer == "no":
                kinds.add(q.slips[0].code)
                assert seat in q.explanation, (seed, q.explanation)
            if language == "en":
                assert not re.search(r"\b[Yy]ou\b", q.explanation), (seed, q.explanation)
            else:
                assert "（きりふだ）" not in q.explanation and not re.search(r"[ねよ]。", q.explanation), (seed, q.explanation)
                assert "切り札" not in re.sub(r"<ruby>.*?</ruby>", "", q.explanation), (seed, q.explanation)
        assert kinds == {"must_trump", "must_follow"}
    finally:
        messages.set_language(was)


def test_lesson_4_asks_who_is_dummy_and_lesson_17_the_player_alone():
    for seed in range(40):
        dummy = make_question("declarer:dummy", seed)
        assert dummy.prompt == "Who is dummy?"
        if dummy.answer != NOBODY:  # the working names declarer, and dummy is the partner
            assert f"{Seat[dummy.answer].word} is dummy" in dummy.explanation
            assert dummy.check(Seat[dummy.answer].partner.name).slip == "declarer_not_dummy"
        alone = make_question("manille_alone", seed)
        cards, tricks = (int(n) for n in re.findall(r"took (\d+) card points and (\d+) tricks", alone.prompt)[0])
        assert alone.answer == cards + tricks and alone.check(cards).slip == "alone_tricks"
        back = make_question("manille_score:tap_back", seed)
        assert "tapped back" in back.prompt and "manille_tap_back" in back.ideas


def test_lesson_16_quizzes_the_match_to_101_it_teaches():
    """Lesson 16 teaches scoring, tapping and a match to 101; its five quiz items were all one
    deal's score."""
    kinds = [q.kind for q in lesson_of(16).quiz().questions]
    assert kinds.count("manille_match") == 1 and kinds.count("manille_score") == 4
    assert "manille_match" in lesson_of(16).practice


def test_lesson_4_asks_who_leads_first_and_the_rule_it_states_is_cardlibs():
    """Lesson 4's new item: the player on declarer's left leads to the first trick (docs/rules.md).
    The rule the explanation states is proved against cardlib's whole hand (Round: the contract
    named, the first card is asked of declarer's left), and each question's answer is that seat."""
    import random

    from cardlib import Deal, minibridge
    from exercises.minibridge_kinds import opening_leader

    rng = random.Random("who leads first")
    for _ in range(60):
        deal = Deal.random(seed=rng.randrange(10**9), dealer=Seat(rng.randrange(4)))
        chosen = minibridge.declarer(deal)
        hand = minibridge.Round(deal)
        if chosen is None:
            assert opening_leader(deal) is None and hand.phase == "redeal"
            continue
        hand.choose_contract("NT partscore")
        assert hand.phase == "play" and hand.to_act is chosen.left is opening_leader(deal)
    assert "declarer:lead" in lesson_of(4).practice and "declarer:lead" in lesson_of(4).quiz_kinds
    codes = set()
    for seed in range(40):
        q = make_question("declarer:lead", seed)
        assert q.prompt == "Who leads first?"
        assert q.rules_line == "The player on declarer's left leads first."  # its own rule, not the 20-20 one (reader O)
        if q.answer == NOBODY:
            assert "dealt again" in q.explanation
            continue
        named = re.search(r"(\w+) is declarer", q.explanation).group(1)
        declaring = next(seat for seat in Seat if seat.word == named)
        assert q.answer == declaring.left.name
        assert f"{declaring.left.word} sits on {named}'s left, so {declaring.left.word} leads first." in q.explanation
        assert q.check(declaring.name).slip in ("lead_declarer", "lead_dealer_left")
        assert q.check(declaring.left.name).correct
        codes |= {slip.code for slip in q.slips}
    assert {"lead_declarer", "lead_dummy", "lead_right", "lead_dealer_left", "not_twenty"} <= codes
