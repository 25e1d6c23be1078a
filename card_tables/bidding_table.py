"""The bridge-out lesson's table: MiniBridge with an auction, then the play of its contract.

The pupil sits South and calls in turn; the computer calls for the other seats by the lesson's
two rules (``bots.call_by_the_rules``: open with 12 or more in your longest suit, raise
partner's suit with 4 or more cards, otherwise pass). The round (``auction.BiddingRound``)
decides every call (a bid too low is refused in words); when the auction is over, its last bid
is the contract and the player who first named that denomination for the side declares. The
pupil then plays declarer's two hands, or defends, against the computer. ``actions`` lists
every call and card, and ``replay(actions)`` rebuilds the table from them.
"""
from __future__ import annotations

import ipywidgets as w

from cardlib import bots, render
from cardlib.auction import PASS, Auction, Bid, BiddingRound, call_text
from cardlib.deal import Deal
from cardlib.messages import CardError, say, sentences
from cardlib.play import action_text
from cardlib.seats import Seat
from card_tables.base import Choice, Control, TableBase

LEVELS = tuple(str(n) for n in range(1, 8))
DENOMINATIONS = ("♣", "♦", "♥", "♠", "NT")


class BiddingTable(TableBase):
    """One deal: the auction round the table, then the play of the contract it reached.

    >>> table = BiddingTable("N:AK32.KQ2.A2.5432 ...")   # doctest: +SKIP
    """

    def __init__(self, deal: Deal | str, pupil: Seat | str = "S", level: str = "club", name: str = "",
                 theme=None, scale: float | None = None, seed: int = 0, pace: float | None = None,
                 tap_to_raise: bool | None = None):
        super().__init__(theme, scale, pace, tap_to_raise)
        self.deal = deal if isinstance(deal, Deal) else Deal(deal)
        self.pupil = Seat.parse(pupil)
        self.viewer = self.pupil
        self.level, self.seed, self.name = level, seed, name
        self.bots = {s: bots.make("minibridge", level, seed=f"{seed}:{s.name}") for s in Seat}
        self.level_choice = Choice(self, "level", lambda: [(n, n) for n in LEVELS], name=lambda: say("table_choice_bid_level"))
        self.denomination_choice = Choice(self, "denomination",
                                          lambda: [(say("nt") if d == "NT" else d, d) for d in DENOMINATIONS],
                                          name=lambda: say("table_choice_bid_suit"))
        self.bid_button = Control(self, "bid", lambda: say("bidding_bid_button"), self._on_bid, "go")
        self.pass_button = Control(self, "pass", lambda: say("pass"), self._on_pass)
        self.again_button = Control(self, "again", lambda: say("table_play_again"), self._on_again, "main")
        self.widget = w.VBox([*self.teacher_row(), self.view])
        self.widget.add_class("mb-bidding-table")
        self.act(self.new_auction)

    # --- the auction ---
    def new_auction(self) -> None:
        """The same deal from its first call."""
        self.stop_pace()
        self.round = BiddingRound(self.deal)
        self.game = None
        self.pupil_seats = {self.pupil}
        self._seen_tricks = 0
        self.show_last = False
        self._scored = None
        self.level_choice.value = None
        self.denomination_choice.value = None
        self.say("")
        self.computer_calls()

    @property
    def auction(self) -> Auction:
        return self.round.auction

    def computer_calls(self) -> None:
        """The computer calls for every seat but the pupil's, by the two rules, until the
        pupil's turn or the end; then the play starts."""
        r = self.round
        while r.phase == "bidding" and r.to_act != self.pupil:
            r.act(self.bots[r.to_act].action(r))
        if r.phase != "bidding":
            self._auction_over()
        else:  # the pupil's call again, after partner's raise for instance
            self.say(say("bidding_your_call"))

    def _auction_over(self) -> None:
        auction = self.auction
        if auction.contract is None:
            self.say(say("bidding_all_passed"), good=False)
            return
        self.game = self.round.game
        declarer = auction.declarer
        # The pupil's side declares: the pupil plays declarer's two hands; else the pupil defends.
        self.pupil_seats = {declarer} if declarer.side is self.pupil.side else {self.pupil}
        key = ("bidding_you_defend" if declarer.side is not self.pupil.side
               else "bidding_you_declare" if declarer is self.pupil else "bidding_you_play_for_declarer")
        self.say(say(key, contract=auction.contract, declarer=declarer.word,
                     dummy=declarer.partner.word, leader=declarer.left.word))
        self.after_card()

    def call(self, call: Bid | str) -> None:
        """The pupil's call: refused in words (and nothing changes), or made; the computer replies."""
        if self.round.phase != "bidding" or self.round.to_act != self.pupil:
            self.say(say("table_cannot_do"), good=False)
            return
        try:
            self.round.call(call)
        except CardError as error:
            self.say(str(error), good=False)
            return
        self.say("")
        self.computer_calls()

    def _on_bid(self) -> None:
        level, denomination = self.level_choice.value, self.denomination_choice.value
        if level not in LEVELS or denomination not in DENOMINATIONS:
            self.say(say("bidding_choose_first"), good=False)
            return
        self.call(Bid(f"{level}{denomination}"))

    def _on_pass(self) -> None:
        self.call(PASS)

    def _on_again(self) -> None:
        self.new_auction()

    # --- the moves, for the page that keeps them ---
    @property
    def actions(self) -> list[tuple[str, ...]]:
        """Every call, then every card, in words: ``[("bid", "1♥"), ("pass",), ..., ("card", "SA")]``."""
        return [action_text(a) for a in self.round.actions]

    def _replay(self, actions) -> None:
        try:
            r = BiddingRound(self.deal, actions=actions if isinstance(actions, (list, tuple)) else [])
        except CardError as error:
            self.say(say("table_replay_refused", why=str(error)), good=False)
            return
        self.new_auction()
        self.round = r
        self.game = r.game
        if r.game is None:
            self.computer_calls()
        else:
            declarer = r.auction.declarer
            self.pupil_seats = {declarer} if declarer.side is self.pupil.side else {self.pupil}
            self._seen_tricks = len(r.game.tricks)
            self.after_card()

    # --- the play ---
    def finish(self) -> None:
        if self._scored is self.game:
            return
        self._scored = self.game
        game = self.game
        declaring = game.declarer.side is self.pupil.side
        key = {(True, True): "table_verdict_made", (True, False): "table_verdict_down",
               (False, True): "table_verdict_not_beaten", (False, False): "table_verdict_beaten"}[declaring, game.made]
        self.say(sentences(say(key), game.result_words()), good=game.made == declaring)

    # --- showing ---
    def auction_html(self) -> str:
        return render.auction_html(self.auction.dealer, [(s, call_text(c)) for s, c in self.auction.calls],
                                   self.auction.to_call, 0.75 * self.scale)  # room for the choices and a message

    def show(self) -> None:
        game, auction = self.game, self.auction
        calling = game is None and auction.to_call == self.pupil
        for part in (self.level_choice, self.denomination_choice, self.bid_button, self.pass_button):
            part.visible = calling
        over = game is not None and game.is_over
        self.again_button.visible = game is None and auction.finished or over
        self.step_button.visible = self.teacher_mode and game is not None and not over
        self.undo_button.visible = not self.teacher_mode and game is not None and not over
        info = render.badge_html(render.text_html(say("table_set_deal", name=self.name))) if self.name else ""
        common = dict(theme=self.theme, scale=self.scale, viewer=self.viewer, message=self.message.value)
        if game is None:
            names = {s: say("table_you" if s == self.pupil else "table_computer") for s in Seat}
            hands = {s: list(self.deal[s]) if s == self.pupil or self.teacher_mode or auction.finished else 13
                     for s in Seat}
            centre = self.auction_html()
            if calling:
                centre += (f"<div>{self.level_choice.html()}</div><div>{self.denomination_choice.html()}"
                           f" {self.controls_html(self.bid_button, self.pass_button)}</div>")
            self.last_button.visible = False
            self._buttons, self._buttons_key = {}, None
            self.view.html = render.table_html(hands, names=names, info=info, centre=centre,
                                               controls=self.controls_html(self.again_button), **common)
            return
        declarer = game.declarer
        names = {s: say("table_you" if game.controller(s) in self.pupil_seats else "table_computer") for s in Seat
                 if s != declarer.partner}
        info += render.badge_html(render.text_html(say("table_contract_badge", contract=game.contract,
                                                  tricks=game.contract.tricks_needed)), highlight=True)
        plays, winner = self.shown_plays()
        last = self.last_trick()
        if over:
            self.last_button.visible = False
        hands = {s: list(self.deal[s]) for s in Seat} if over else self.visible_hands(self.pupil_seats | {self.pupil})
        self.view.html = render.table_html(
            hands, plays, names=names, trumps=game.trumps, dummy=declarer.partner, declarer=declarer,
            to_play=None if over else game.to_play, winner=winner, buttons=self.button_states(), info=info,
            record=render.table_record_html(game.tricks, self.pupil.side), last=last,
            beside=self.controls_html(self.step_button), turn=render.text_html(say("table_hands_as_dealt")) if over else None,
            controls=self.controls_html(self.undo_button, self.last_button, self.again_button), **common)
