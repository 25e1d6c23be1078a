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


def blind_table(**options) -> BlindTable:
    """A table of Blind Manille: the pupil sees every hand but their own and draws at random."""
    return BlindTable(**options)
