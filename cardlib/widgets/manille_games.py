"""Tables for the Manille rule book's other games, on the Manille table: Blind Manille
(``blind_table()``) and Manille parlée (``parlee_table()``). The rounds decide
(``cardlib.manille_variants``); these tables only show what they say."""
from __future__ import annotations

from cardlib import bots, manille, render
from cardlib.deal import Deal
from cardlib.manille_variants import QUESTIONS, BlindRound, ParleeRound
from cardlib.messages import CardError, say
from cardlib.seats import Seat
from cardlib.widgets.base import Choice, Control
from cardlib.widgets.manille_table import ManilleTable


class BlindTable(ManilleTable):
    """Blind Manille: the pupil (South) sees every hand but their own, which stays face down
    (its cards are not sent to the browser until played); on their turn "Draw a card" plays
    one at random."""

    def __init__(self, **options):
        self.draw_button = None
        super().__init__(**options)
        self.draw_button = Control(self, "draw", lambda: say("table_draw"), self._on_draw, "go")
        self.act(lambda: None)

    def _first_moves(self, deal: Deal) -> tuple:
        r = BlindRound(deal, self.rules, seed=self.seed)
        self._computer_moves(r)
        return r, r.game, []

    def computer_card(self) -> None:
        self.round.draw()

    def pupil_to_play(self) -> bool:
        return False  # the pupil never chooses a card: "Draw a card" draws it

    def _pupil_draws(self) -> bool:
        game = self.game
        return (game is not None and not game.is_over and not self.busy and not self.teacher_mode
                and game.to_play == self.pupil_seat)

    def _on_draw(self) -> None:
        if not self._pupil_draws():
            self.say(say("table_cannot_play"), good=False)
            return
        self._seen_tricks = len(self.game.tricks)
        card = self.round.draw()
        self.say(say("table_drew", card=card))
        self.after_card()

    def visible_hands(self, viewer_seats) -> dict:
        return {s: len(cards) if s in viewer_seats and not self.teacher_mode else list(cards)
                for s, cards in self.game.hands.items()}

    def button_seats(self) -> set[Seat]:
        return set()

    def hands_before_play(self) -> dict:
        return {s: 8 if s == self.pupil_seat and not self.teacher_mode else list(self.deal[s]) for s in Seat}

    def beside_controls(self) -> list[Control]:
        self.draw_button.visible = self._pupil_draws()
        return [self.draw_button]

    def show(self) -> None:
        if self.draw_button is not None:  # built: ManilleTable's __init__ draws before it is
            super().show()


SUITS = ("♠", "♥", "♦", "♣")
# The questions the pupil may ask their partner before leading: "how many|♠", "holds|♠10"...
ASK = tuple(f"how many|{s}" for s in SUITS) + tuple(f"holds|{s}10" for s in SUITS)


def question_options() -> list[tuple[str, str]]:
    """The menu of questions, in the current language, and what each button sends."""
    labels = {"how many": "table_ask_how_many", "holds": "table_ask_holds"}
    return [(say(labels[kind], subject=subject), value) for value in ASK for kind, subject in [value.split("|")]]


class ParleeTable(ManilleTable):
    """Manille parlée: before leading, the pupil may ask their computer partner one question
    from a short menu (how many cards of a suit, do you hold the 10 of a suit); the partner
    answers truthfully and every seat hears it. What was said stays on the table."""

    def __init__(self, **options):
        self.question = None
        super().__init__(**options)
        self.question = Choice(self, "question", question_options, self._on_question)
        self.act(lambda: None)

    def _first_moves(self, deal: Deal) -> tuple:
        r = ParleeRound(deal, self.rules)
        self._computer_moves(r)
        return r, r.game, []

    def _on_question(self) -> None:
        value, self.question.value = self.question.value, None
        if not (self.pupil_to_play() and self.round.may_talk(self.pupil_seat)):
            self.say(say("parlee_not_now"), good=False)
            return
        kind, subject = value.split("|")
        try:
            talk = self.round.ask(kind, subject, seat=self.pupil_seat)
        except CardError as error:
            self.say(str(error), good=False)
            return
        self.say(talk.words)

    def beside_controls(self) -> list:
        self.question.visible = self.pupil_to_play() and self.round.may_talk(self.pupil_seat)
        return [self.question]

    def show(self) -> None:
        if self.question is None:
            return  # still building: ManilleTable's __init__ draws before this table is ready
        super().show()
        talk = getattr(self.round, "talk", [])
        if talk:
            heard = "".join(f"<li>{render.text_html(t.words)}</li>" for t in talk)
            self.deal_words.value += f"<p><b>{render.text_html(say('table_heard'))}</b></p><ul>{heard}</ul>"


def parlee_table(**options) -> ParleeTable:
    """A table of Manille parlée: before leading, the pupil may ask their partner one question."""
    return ParleeTable(**options)


def blind_table(**options) -> BlindTable:
    """A table of Blind Manille: the pupil sees every hand but their own and draws at random."""
    return BlindTable(**options)
