"""The Manille table: a deal in packets, trumps named (or "en face"), tapping, eight
tricks, card points per pair, the deal's score, and the match to 101.

The pupil sits South with a computer partner North against two computer players.
"""
from __future__ import annotations

import html

import ipywidgets as w

from cardlib import bots, manille, render
from cardlib.messages import say
from cardlib.seats import Seat, Side
from cardlib.widgets.base import TableBase

TRUMP_CHOICES = {"♠": "♠", "♥": "♥", "♦": "♦", "♣": "♣", say("table_no_trumps_x2"): None,
                 say("table_en_face"): manille.EN_FACE}


class ManilleTable(TableBase):
    """A Manille match in a notebook: deal after deal until a pair reaches the target.

    >>> table = ManilleTable(deal_number=1)   # doctest: +SKIP
    >>> table.widget                          # doctest: +SKIP
    """

    def __init__(self, deal_number: int = 1, rules: manille.ManilleRules = manille.ManilleRules(),
                 level: str = "club", theme=None, scale: float | None = None, seed: int = 0):
        super().__init__(theme, scale)
        self.rules = rules
        self.match = manille.Match(rules)
        self.level, self.seed = level, seed
        self.pupil_seat = Seat.S
        self.pupil_seats = {Seat.S}
        self.deal = None
        self.call: manille.TrumpCall | None = None
        self.taps = 0
        self._scored = None
        self.number = deal_number
        self.trump_choice = w.ToggleButtons(options=list(TRUMP_CHOICES), value=None, description=say("table_trumps"))
        self.trump_button = w.Button(description=say("table_name_trumps"), button_style="success")
        self.trump_button.on_click(self._on_trumps)
        self.trump_box = w.VBox([self.trump_choice, self.trump_button])
        self.tap_words = w.HTML()
        self.tap_button = w.Button(description=say("table_tap", times=2), button_style="warning")
        self.tap_button.on_click(lambda _b: self._on_tap(True))
        self.no_tap_button = w.Button(description=say("table_play_on"))
        self.no_tap_button.on_click(lambda _b: self._on_tap(False))
        self.tap_box = w.VBox([self.tap_words, w.HBox([self.tap_button, self.no_tap_button])])
        self.deal_words = w.HTML()
        self.next_button = w.Button(description=say("table_next_deal"), button_style="primary")
        self.next_button.on_click(lambda _b: self.new_deal(self.number + 1))
        self.new_match_button = w.Button(description=say("table_new_match"), button_style="primary")
        self.new_match_button.on_click(self._on_new_match)
        self.match_html = w.HTML()
        self.widget = w.VBox([
            self.style, *self.teacher_row(), self.deal_words, self.trump_box, self.tap_box, self.grid, self.message,
            w.HBox([self.undo_button, self.step_button, self.next_button, self.new_match_button]), self.match_html,
        ])
        self.widget.add_class("mb-manille-table")
        self.new_deal(deal_number)

    # --- the steps of a deal ---
    def new_deal(self, number: int) -> None:
        """Deal ``number`` of the match: the deal passes round the table in the playing direction."""
        if self.match.is_over:
            self.say(say("table_match_over"), good=False)
            return
        self.number = number
        dealer = manille.dealer_of(number, self.rules)
        self.deal = manille.deal(seed=f"manille:{self.seed}:{number}", dealer=dealer, rules=self.rules)
        self.bots = {s: bots.make("manille", self.level, seed=self.seed + number * 4 + s) for s in Seat}
        self.game, self.call, self.taps = None, None, 0
        packets = "-".join(map(str, self.rules.packets))
        self.deal_words.value = "<p>" + html.escape(say("table_deal_packets", number=number, dealer=dealer.word,
                                                        packets=packets,
                                                        first=dealer.next(self.rules.clockwise).word)) + "</p>"
        self.trump_choice.value = None
        if dealer == self.pupil_seat:
            self.say(say("table_you_deal"))
        else:
            self.name_trumps(manille.call_trumps(dealer, bots.choose_trumps(self.deal[dealer])))
        self.show()

    def _on_trumps(self, _button=None) -> None:
        if self.call is not None or self.deal is None or self.deal.dealer != self.pupil_seat:
            self.say(say("table_trumps_named"), good=False)
            return
        label = self.trump_choice.value
        if label not in TRUMP_CHOICES:
            self.say(say("table_choose_trumps"), good=False)
            return
        choice = TRUMP_CHOICES[label]
        partner = self.pupil_seat.partner
        partner_choice = bots.choose_trumps(self.deal[partner]) if choice == manille.EN_FACE else None
        self.name_trumps(manille.call_trumps(self.pupil_seat, choice, partner_choice))
        self.show()

    def name_trumps(self, call: manille.TrumpCall) -> None:
        self.call = call
        who = say("table_you_word") if call.named_by == self.pupil_seat else call.named_by.word
        words = (say("table_en_face_so", dealer=self.deal.dealer.word, who=who, trumps=call.word) if call.en_face
                 else say("table_chose_trumps", who=who, trumps=call.word))
        self.deal_words.value += f"<p><b>{html.escape(words)}</b></p>"
        self.offer_tap()

    def trump_side(self) -> Side:
        return self.call.named_by.side

    def tapping_side(self) -> Side:
        return manille.tapping_side(self.call, self.taps)

    def offer_tap(self) -> None:
        """Ask the side whose turn it is to tap; the computer decides for its seats."""
        limit = self.rules.tap_limit
        while limit is None or self.taps < limit:
            side = self.tapping_side()
            if self.pupil_seat in side.seats:
                times = 2 ** (self.taps + 1)
                first = self.taps == 0
                self.tap_button.description = say("table_tap" if first else "table_tap_back", times=times)
                self.say(say("table_tap_question" if first else "table_tap_back_question"))
                return
            if not any(bots.wants_to_tap(self.deal[s], self.call.trumps) for s in side.seats):
                break
            self.taps += 1
            self.deal_words.value += f"<p>{say('table_they_tapped', side=side, times=2 ** self.taps)}</p>"
        self.start()

    def _on_tap(self, tap: bool) -> None:
        if self.call is None or self.game is not None or self.pupil_seat not in self.tapping_side().seats:
            self.say(say("table_nothing_to_tap"), good=False)
            return
        if tap:
            self.taps += 1
            self.deal_words.value += f"<p>{say('table_you_tapped', times=2 ** self.taps)}</p>"
            self.offer_tap()
        else:
            self.start()
        self.show()

    def start(self) -> None:
        self.game = manille.start_play(self.deal, trumps=self.call, rules=self.rules, taps=self.taps)
        self.say(say("table_manille_start", trumps=self.call.word, times=self.game.multiplier,
                     leader=self.game.to_play.word))
        self.computer_turns()

    def finish(self) -> None:
        if self._scored is self.game:
            return
        self._scored = self.game
        result = self.game.result()
        self.match.add(result)
        ours = result.scores[self.pupil_seat.side]
        self.say(result.words, good=ours > 0 if any(result.scores.values()) else None)

    def _on_new_match(self, _button=None) -> None:
        self.match = manille.Match(self.rules)
        self.new_deal(1)

    # --- showing ---
    def show(self) -> None:
        game = self.game
        self.trump_box.layout.display = None if self.call is None and self.deal.dealer == self.pupil_seat else "none"
        tapping = self.call is not None and game is None
        self.tap_box.layout.display = None if tapping else "none"
        over = game is not None and game.is_over
        self.next_button.layout.display = None if over and not self.match.is_over else "none"
        self.new_match_button.layout.display = None if self.match.is_over else "none"
        self.step_button.layout.display = None if self.teacher_mode and game is not None else "none"
        self.undo_button.layout.display = "none" if self.teacher_mode or game is None or game.is_over else None
        names = {s: f"{s.word} · " + say("table_you" if s == self.pupil_seat else "table_your_partner"
                                         if s == self.pupil_seat.partner else "table_computer") for s in Seat}
        names[self.deal.dealer] += " · " + say("table_dealer")
        pack = manille.PACK
        if game is None:
            hands = {s: list(self.deal[s]) if self.teacher_mode or s == self.pupil_seat else 8 for s in Seat}
            self.draw(hands, names, pack=pack)
        else:
            ns, ew = game.card_points(Side.NS), game.card_points(Side.EW)
            corner = render.label_html(say("table_trumps_badge", trumps=self.call.word, times=game.multiplier),
                                       self.side_scale, True)
            corner += render.label_html(say("table_card_points", ns=ns, ew=ew), self.side_scale)
            record = render.trick_record_html(game.tricks, self.pupil_seat.side, theme=self.theme,
                                          scale=self.side_scale)
            if over:
                self.draw({s: list(self.deal[s]) for s in Seat}, names, corner=corner, record=record, pack=pack)
            else:
                plays, winner = self.shown_plays()
                self.draw(self.visible_hands(self.pupil_seats), names, to_play=game.to_play, plays=plays,
                          winner=winner, trumps=game.trumps, corner=corner, record=record, pack=pack)
        totals = self.match.totals
        target = (say("table_first_to", target=self.rules.target) if self.rules.deals is None
                  else say("table_deals", deals=self.rules.deals))
        self.match_html.value = (f'<div style="font-size:{round(16 * self.scale)}px"><b>{say("table_match", target=target)}</b> '
                                 f"N–S {totals[Side.NS]} · E–W {totals[Side.EW]}"
                                 + (f" — {html.escape(self.match.words)}" if self.match.is_over else "") + "</div>")
