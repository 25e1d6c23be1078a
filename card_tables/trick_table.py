"""The trick table of the first lessons: four hands, no dummy, no contract, just tricks.

The pupil plays one seat (South unless told), the computer the other three; with open hands
every card is face up, so the class can talk about each trick. The same deal can be played
again, in no trumps or with a trump suit (``choose_trumps=True``), and the tricks each side
took are counted. Any equal hand size works: 13 cards, or 3 each for a one-suit game.
"""
from __future__ import annotations

import ipywidgets as w

from cardlib import bots, render
from cardlib.cards import Suit, parse_denomination
from cardlib.deal import Deal
from cardlib.messages import CardError, say
from cardlib.play import TrickPlay
from cardlib.seats import Seat, Side
from card_tables.base import Choice, Control, TableBase

DENOMINATIONS = ("NT", "♠", "♥", "♦", "♣")


class TrickTable(TableBase):
    """A deal played trick by trick, without dummy or contract.

    >>> table = TrickTable("N:AK2... QJ3... 1098... 765...")   # doctest: +SKIP
    >>> table                                                    # doctest: +SKIP
    """

    def __init__(self, deal: Deal | str, trumps: Suit | str | None = None, leader: Seat | str | None = None,
                 pupil: Seat | str = "S", open_hands: bool = True, choose_trumps: bool = False,
                 level: str = "club", theme=None, scale: float | None = None, seed: int = 0,
                 pace: float | None = None, name: str = "",
                 tap_to_raise: bool | None = None, name_trumps: bool = True):
        super().__init__(theme, scale, pace, tap_to_raise)
        self.deal = deal if isinstance(deal, Deal) else Deal(deal)
        self.trumps: Suit | None = parse_denomination(trumps) if isinstance(trumps, str) else trumps
        self.leader = self.deal.dealer.left if leader is None else Seat.parse(leader)
        self.pupil_seat = Seat.parse(pupil)
        self.pupil_seats = {self.pupil_seat}
        self.viewer = self.pupil_seat
        self.open_hands, self.level, self.seed, self.name = bool(open_hands), level, seed, name
        # before the lesson that teaches trumps, the table does not name them (it plays no trumps)
        self.name_trumps = bool(name_trumps) or bool(choose_trumps) or self.trumps is not None
        bots.make("minibridge", level)  # a level the computer players know, or a message saying which
        self.trumps_choice = Choice(self, "trumps", lambda: [(say("nt") if d == "NT" else d, d) for d in DENOMINATIONS],
                                    on_change=self._on_trumps, name=lambda: say("table_trumps"))
        self.trumps_choice.visible = bool(choose_trumps)
        self.again_button = Control(self, "again", lambda: say("table_play_again"), self.new_game, "main")
        self.widget = w.VBox([*self.teacher_row(), self.view])
        self.widget.add_class("mb-trick-table")
        self.act(self.new_game)

    def new_game(self, game: TrickPlay | None = None) -> None:
        """Deal the same cards again and play from the first card (``game``: a play already
        under way, from ``replay``)."""
        self.stop_pace()
        self.game = game or TrickPlay(self.deal.hands, leader=self.leader, trumps=self.trumps, pack=self.deal.pack)
        # The computer players play at the table's level (a club player unless told).
        self.bots = {s: bots.make("minibridge", self.level, seed=f"{self.seed}:{s.name}") for s in Seat}
        self._seen_tricks = len(self.game.tricks)
        self.show_last = False
        self._scored = None
        self.trumps_choice._value = "NT" if self.trumps is None else self.trumps.symbol
        trumps = say("no_trumps") if self.trumps is None else self.trumps.word
        if self.name_trumps:
            self.say(say("table_trick_start", trumps=trumps, leader=self.leader.word))
        else:
            self.say(say("table_trick_start_plain", leader=self.leader.word))
        self.after_card()

    @property
    def actions(self) -> list[tuple]:
        """The table's moves: the trumps, then every card played: ``[("trumps", "NT"), ("play", "SA"), ...]``."""
        trumps = "NT" if self.trumps is None else self.trumps.symbol
        return [("trumps", trumps)] + [("play", card.letters) for _, card in self.game.plays]

    def _replay(self, actions) -> None:
        moves = list(actions) if isinstance(actions, (list, tuple)) else []
        first = moves[0] if moves else None
        if not (isinstance(first, (list, tuple)) and len(first) == 2 and first[0] == "trumps"
                and first[1] in DENOMINATIONS):
            self.say(say("table_replay_start"), good=False)
            return
        trumps = None if first[1] == "NT" else Suit.parse(first[1])
        game = TrickPlay(self.deal.hands, leader=self.leader, trumps=trumps, pack=self.deal.pack)
        try:
            for move in moves[1:]:
                if not (isinstance(move, (list, tuple)) and len(move) == 2 and move[0] == "play"
                        and isinstance(move[1], str)):
                    raise CardError("round_move", text=move, moves="play")
                game.play(move[1])
        except CardError as error:
            self.say(say("table_replay_refused", why=str(error)), good=False)
            return
        self.trumps = trumps
        self.new_game(game)

    def _on_trumps(self) -> None:
        value = self.trumps_choice.value
        self.trumps = None if value == "NT" else Suit.parse(value)
        self.new_game()

    def finish(self) -> None:
        if self._scored is self.game:
            return
        self._scored = self.game
        won = {side: self.game.tricks_won(side) for side in Side}
        if won[Side.NS] == won[Side.EW]:
            self.say(say("table_tricks_draw", tricks=won[Side.NS]))
        else:
            best = max(won, key=won.get)
            # No contract: nobody promised anything, so no ✔ or ✘, only the tricks.
            self.say(say("table_tricks_won", side=best, tricks=won[best], other=best.other,
                         other_tricks=won[best.other]))

    # --- showing ---
    def show(self) -> None:
        game = self.game
        over = game.is_over
        self.step_button.visible = self.teacher_mode and not over
        self.undo_button.visible = not self.teacher_mode and not over
        self.again_button.visible = True
        names = {s: say("table_you" if s == self.pupil_seat else "table_computer") for s in Seat}
        info = render.badge_html(render.text_html(say("table_set_deal", name=self.name))) if self.name else ""
        if self.trumps_choice.visible:
            info += (f'<div style="font-size:{render.px(render.TEXT, render.U)};font-weight:bold">'
                     f'{render.text_html(say("table_trumps"))}</div><div>{self.trumps_choice.html()}</div>')
        elif self.name_trumps:
            info += render.badge_html(render.text_html(render.trumps_words(self.trumps)), highlight=True)
        won = {side: game.tricks_won(side) for side in Side}
        record = render.table_record_html(game.tricks, self.pupil_seat.side,
                                          say("table_tricks_per_side", ns=won[Side.NS], ew=won[Side.EW]))
        if over or self.open_hands or self.teacher_mode:
            hands = {s: list(cards) for s, cards in game.hands.items()}
        else:
            hands = self.visible_hands(self.pupil_seats)
        plays, winner = self.shown_plays()
        last = self.last_trick()
        self.view.html = render.table_html(
            hands, plays, names=names, theme=self.theme, scale=self.scale, trumps=game.trumps,
            to_play=None if over else game.to_play, winner=winner, pack=self.deal.pack, viewer=self.viewer,
            buttons=self.button_states(), info=info, record=record, last=last, message=self.message.value,
            beside=self.controls_html(self.step_button),
            controls=self.controls_html(self.undo_button, self.last_button, self.again_button))
