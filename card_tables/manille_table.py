"""The Manille table: a deal in packets, trumps named (or "en face"), tapping, eight
tricks, card points per pair, the deal's score, and the match to 101.

The pupil sits South with a computer partner North against two computer players. A lesson
can fix the deal (``deal=``: "Play again" replays it, and the deal is scored alone, not as
part of a match) and, before trumps are taught, play without them (``with_trumps=False``:
eight tricks, the card points counted, no match). Before scoring is taught the table ends a
deal with the card points and who won them, without the score (``show_score=False``).

During play a hint (``hints=False`` switches it off: quizzes never have it) marks the pupil's
playable cards with the card points ``cardlib.analysis`` finds each keeps for the pair: the
best cards, those that lose up to 5 points (a manille's worth) and those that lose more (a
sign and words with each colour), the points on request. Only those cards carry marks.
"""
from __future__ import annotations


import ipywidgets as w

from cardlib import analysis, bots, manille, render
from cardlib.deal import Deal
from cardlib.messages import CardError, IllegalPlay, say
from cardlib.play import acting_seats, action_text
from cardlib.seats import Seat, Side
from card_tables.base import Choice, Control, TableBase

TRUMP_CHOICES = ("♠", "♥", "♦", "♣", "NT", manille.EN_FACE)  # what the trump buttons send


def trumps_badge(call: manille.TrumpCall, times: int) -> str:
    """The badge by the table once trumps are named: "Trumps: ♥ hearts · ×1", or "No trumps · ×2"
    (a Japanese Manille page says 切り札なし, never ノートランプ, the MiniBridge word)."""
    if call.trumps is None:
        return say("table_no_trumps_badge", times=times)
    return say("table_trumps_badge", trumps=f"{render.suit_symbol(call.trumps)} {call.word}", times=times)


def start_words(call: manille.TrumpCall, times: int, leader: Seat) -> str:
    """What the table says as play starts: the trumps, the multiplier and who leads."""
    key = "table_manille_start_no_trumps" if call.trumps is None else "table_manille_start"
    return say(key, trumps=call.word, times=times, leader=leader.word)


def trump_options() -> list[tuple[str, str]]:
    """The trump buttons' labels (in the current language) and values."""
    labels = {"NT": say("table_no_trumps_x2"), manille.EN_FACE: say("table_en_face")}
    return [(labels.get(value, value), value) for value in TRUMP_CHOICES]


class ManilleTable(TableBase):
    """A Manille match in a notebook: deal after deal until a pair reaches the target.

    >>> table = ManilleTable(deal_number=1)   # doctest: +SKIP
    >>> table                                 # doctest: +SKIP
    """

    def __init__(self, deal_number: int = 1, deal: Deal | str | None = None,
                 rules: manille.ManilleRules = manille.ManilleRules(), with_trumps: bool = True,
                 level: str = "club", theme=None, scale: float | None = None, seed: int = 0,
                 pace: float | None = None, name: str = "",
                 tap_to_raise: bool | None = None, hints: bool = True, show_score: bool = True):
        super().__init__(theme, scale, pace, tap_to_raise)
        self.hints, self.hint_points = bool(hints), True
        self.rules = rules
        self.match = manille.Match(rules)
        self.level, self.seed, self.name, self.with_trumps = level, seed, name, bool(with_trumps)
        self.show_score = bool(show_score)
        self.set_deal = None if deal is None else (deal if isinstance(deal, Deal) else Deal(deal))
        self.plays_match = self.with_trumps and self.set_deal is None
        if self.set_deal is not None and (self.set_deal.pack is not manille.PACK or len(self.set_deal.hands) != 4):
            raise CardError("manille_pack", pack=self.set_deal.pack.name)
        self.pupil_seat = Seat.S
        self.pupil_seats = {Seat.S}
        self.deal = None
        self.round: manille.Round | None = None
        self._scored = None
        self.number = deal_number
        self.trump_choice = Choice(self, "trumps", self._trump_options, name=lambda: say("table_trumps"))
        self.trump_button = Control(self, "name_trumps", lambda: say("table_name_trumps"), self._on_trumps, "go")
        self.tap_button = Control(self, "tap", self._tap_label, lambda: self._on_tap(True), "warn")
        self.no_tap_button = Control(self, "play_on", lambda: say("table_play_on"), lambda: self._on_tap(False))
        self.deal_words = w.HTML()
        self.next_button = Control(self, "next", lambda: say("table_play_again" if self.set_deal else "table_next_deal"),
                                   lambda: self.new_deal(self.number + (self.set_deal is None)), "main")
        self.new_match_button = Control(self, "new_match", lambda: say("table_new_match"), self._on_new_match, "main")
        self.match_html = w.HTML()
        self.widget = w.VBox([*self.teacher_row(), self.deal_words, self.view, self.match_html])
        self.widget.add_class("mb-manille-table")
        self.act(lambda: self.new_deal(deal_number))

    def _tap_label(self) -> str:
        r = self.round
        if r is None or r.tapping_side is None:
            return say("table_tap", times=2)
        return say("table_tap" if r.taps == 0 else "table_tap_back", times=r.multiplier_if_tapped)

    # --- the steps of a deal: the round decides, the table shows ---
    def deal_of(self, number: int) -> Deal:
        """The cards of deal ``number`` of the match (the set deal, if the table has one)."""
        if self.set_deal is not None:
            return self.set_deal
        dealer = manille.dealer_of(number, self.rules)
        return manille.deal(seed=f"manille:{self.seed}:{number}", dealer=dealer, rules=self.rules)

    def new_deal(self, number: int, hand: tuple | None = None) -> None:
        """Deal ``number`` of the match: the deal passes round the table in the playing direction.
        ``hand``: the round and its play already under way (``replay``)."""
        if hand is None and self.plays_match and self.match.is_over:
            self.say(say("table_match_over"), good=False)
            return
        self.stop_pace()
        self._hint = None
        self.number = number
        self.deal = self.deal_of(number)
        dealer = self.deal.dealer
        self.bots = {s: bots.make("manille", self.level, seed=self.seed + number * 4 + s) for s in Seat}
        self.show_last = False
        self.trump_choice.value = None
        first = dealer.next(self.rules.clockwise).word
        self.dealing_words = (say("table_deal_packets", dealer=dealer.word, packets="-".join(map(str, self.rules.packets)),
                                  first=first) if self.with_trumps
                              else say("table_manille_no_trumps_deal", dealer=dealer.word, first=first))
        if hand is None:
            hand = self._first_moves(self.deal)
        self.round, self.game = hand
        self._seen_tricks = 0 if self.game is None else len(self.game.tricks)
        self._go_on()

    def _new_round(self, deal: Deal):
        """The round of a new deal (another game's table gives its own)."""
        return manille.Round(deal, self.rules)

    def _first_moves(self, deal: Deal) -> tuple:
        """A new deal: its round (None without trumps) with the computer's decisions made up to
        the pupil's first, and its play if it has begun."""
        if not self.with_trumps:
            return None, manille.start_play(deal, trumps=None, rules=self.rules)
        r = self._new_round(deal)
        self._computer_moves(r)
        return r, r.game

    def _computer_moves(self, r) -> None:
        """The computer decides for its seats (trumps, taps, the cards aside...) until the pupil
        must decide or the play begins; the play's cards come one by one (``after_card``)."""
        while r.game is None and not r.is_over and self.pupil_seat not in (seats := acting_seats(r)):
            r.act(self.bots[seats[0]].action(r))

    def _pupil_move(self, r, move) -> None:
        """One of the pupil's decisions (an action of the round: ``("trumps", "♥")``, ``("tap",)``,
        ``("pass",)``...); the computer answers. One the round does not allow raises CardError."""
        seats = acting_seats(r)
        if self.pupil_seat not in seats:
            if r.is_over:
                raise IllegalPlay("action_over")
            raise IllegalPlay("not_your_turn", seat=seats[0].word, other=self.pupil_seat.word)
        r.act(move)
        self._computer_moves(r)

    def _go_on(self) -> None:
        """Say what comes next: the pupil's call or tap, or the play (the computer plays up to the pupil)."""
        r = self.round
        if r is not None and r.game is None:
            key = ("table_partner_en_face" if r.to_call == self.pupil_seat and r.phase == "en face"
                   else "table_you_deal" if r.to_call == self.pupil_seat
                   else "table_tap_question" if r.taps == 0 else "table_tap_back_question")
            self.say(say(key, dealer=r.dealer.word))
            return
        self.game = self.game if r is None else r.game
        if r is None:
            self.say(say("table_manille_leads", leader=self.game.to_play.word))
        else:
            self.say(start_words(r.call, r.multiplier, self.game.to_play))
        self.after_card()

    @property
    def call(self) -> manille.TrumpCall | None:
        return None if self.round is None else self.round.call

    @property
    def tap_words(self) -> list[str]:
        """The taps of this deal, as the table shows them beside the trick."""
        r = self.round
        if r is None or r.call is None:
            return []
        words = []
        for taps in range(1, r.taps + 1):
            side = manille.tapping_side(r.call, taps - 1)
            times = manille.multiplier(r.call.trumps, taps, r.blind, self.rules)
            words.append(say("table_you_tapped", times=times) if self.pupil_seat in side.seats
                         else say("table_they_tapped", side=side, times=times))
        return words

    @property
    def actions(self) -> list[tuple]:
        """The table's moves: ``("deal", number)``, then every action of the round in words
        (``("trumps", "♥")``, ``("tap",)``, ``("pass",)``, ``("card", "SA")``...), the computer's too."""
        if self.round is not None:
            return [("deal", self.number)] + [action_text(a) for a in self.round.actions]
        return [("deal", self.number)] + [("card", card.letters) for _, card in self.game.plays]

    def _replay(self, actions) -> None:
        moves = list(actions) if isinstance(actions, (list, tuple)) else []
        first = moves[0] if moves else None
        if not (isinstance(first, (list, tuple)) and len(first) == 2 and first[0] == "deal"):
            self.say(say("table_replay_start"), good=False)
            return
        number = self.number if self.set_deal is not None else first[1]
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 9999:
            self.say(say("table_deal_range"), good=False)
            return
        deal = self.deal_of(number)
        try:
            if self.with_trumps:
                r = self._new_round(deal)
                for move in moves[1:]:
                    r.act(move)
                self._computer_moves(r)
                hand = r, r.game
            else:
                game = manille.start_play(deal, trumps=None, rules=self.rules)
                for move in moves[1:]:
                    if not (isinstance(move, (list, tuple)) and len(move) == 2 and move[0] in ("card", "play")):
                        raise CardError("round_move", text=move, moves="card")
                    game.play(move[1])
                hand = None, game
        except CardError as error:
            self.say(say("table_replay_refused", why=str(error)), good=False)
            return
        self.new_deal(number, hand)

    def _trump_options(self) -> list[tuple[str, str]]:
        """The trump buttons; after the dealer's "en face" the partner cannot pass it back."""
        en_face = self.round is not None and getattr(self.round, "phase", None) == "en face"
        return [o for o in trump_options() if not (en_face and o[1] == manille.EN_FACE)]

    def _on_trumps(self) -> None:
        if self.round is None or self.round.to_call != self.pupil_seat:
            self.say(say("table_trumps_named"), good=False)
            return
        choice = self.trump_choice.value
        if choice not in TRUMP_CHOICES:
            self.say(say("table_choose_trumps"), good=False)
            return
        self._pupil_move(self.round, ("trumps", choice))
        self._go_on()

    def _on_tap(self, tap: bool) -> None:
        side = None if self.round is None else self.round.tapping_side
        if side is None or self.pupil_seat not in side.seats:
            self.say(say("table_nothing_to_tap"), good=False)
            return
        self._pupil_move(self.round, ("tap",) if tap else ("pass",))
        self._go_on()

    def finish(self) -> None:
        if self._scored is self.game:
            return
        self._scored = self.game
        if self.round is None:
            self.say_card_points()
            return
        result = self.round.result()
        if self.plays_match:
            self.match.add(result)
        if not self.show_score:
            self.say_card_points()
            return
        ours = result.scores[self.pupil_seat.side]
        self.say(result.words, good=ours > 0 if any(result.scores.values()) else None)

    def say_card_points(self) -> None:
        """The deal's end in card points: who took more than 30, or a draw (no score)."""
        ours, theirs = self.pupil_seat.side, self.pupil_seat.side.other
        points = {side: self.game.card_points(side) for side in Side}
        if points[ours] == points[theirs]:
            self.say(say("table_manille_points_draw", points=points[ours]))
        else:
            best = max(points, key=points.get)
            self.say(say("table_manille_points_won", side=best, points=points[best], other=best.other,
                         other_points=points[best.other]), good=best == ours)

    def _on_new_match(self) -> None:
        self.match = manille.Match(self.rules)
        self.new_deal(1)

    def analyse(self, game: manille.ManillePlay) -> dict:
        return analysis.card_points(game)

    # --- showing ---
    def hands_before_play(self) -> dict:
        """The hands while trumps are named: the pupil's face up, the others face down."""
        return {s: list(self.deal[s]) if self.teacher_mode or s == self.pupil_seat else 8 for s in Seat}

    def beside_controls(self) -> list[Control]:
        """The controls a game adds beside the trick (none in Manille)."""
        return []

    def seat_names(self) -> dict[Seat, str]:
        """Who plays each seat, as the table writes it beside the hand."""
        return {s: say("table_you" if s == self.pupil_seat else "table_your_partner"
                       if s == self.pupil_seat.partner else "table_computer") for s in Seat}

    def show(self) -> None:
        game, r = self.game, self.round
        told = [render.text_html(self.dealing_words)]
        if r is not None and r.call is not None:
            call = r.call
            who = say("table_you_word") if call.named_by == self.pupil_seat else call.named_by.word
            en_face = "table_en_face_you_chose" if call.named_by == self.pupil_seat else "table_en_face_so"
            told.append("<b>" + render.text_html(say(en_face, dealer=self.deal.dealer.word, who=who, trumps=call.word)
                                            if call.en_face else say("table_chose_trumps", who=who, trumps=call.word)) + "</b>")
        self.deal_words.value = "".join(f"<p>{words}</p>" for words in told)
        self.trump_choice.visible = self.trump_button.visible = r is not None and r.to_call == self.pupil_seat
        tapping = r is not None and r.tapping_side is not None and self.pupil_seat in r.tapping_side.seats
        self.tap_button.visible = self.no_tap_button.visible = tapping
        over = game is not None and game.is_over
        match_over = self.plays_match and self.match.is_over
        self.next_button.visible = over and not match_over
        self.new_match_button.visible = match_over
        self.step_button.visible = self.teacher_mode and game is not None and not over
        self.undo_button.visible = not (self.teacher_mode or game is None or over)
        self.show_hint_buttons()
        names = self.seat_names()
        names[self.deal.dealer] += " · " + say("table_dealer")
        label = (say("table_set_deal", name=self.name) if self.set_deal is not None and self.name
                 else "" if self.set_deal is not None else say("table_deal_number", number=self.number))
        info = render.badge_html(render.text_html(label)) if label else ""
        near = ""
        if r is not None and r.call is not None:
            near = render.badge_html(render.text_html(trumps_badge(r.call, r.multiplier)), highlight=True)
            near += "".join(render.badge_html(render.text_html(words)) for words in self.tap_words)
        elif r is None:
            near = render.badge_html(render.text_html(say("table_no_trumps")), highlight=True)
        common = dict(names=names, theme=self.theme, scale=self.scale, pack=manille.PACK, message=self.message.value,
                      viewer=self.pupil_seat,
                      near=near, turn=render.text_html(say("table_hands_as_dealt")) if over else None)
        if game is None:
            hands = self.hands_before_play()
            centre = ""
            if self.trump_choice.visible:
                centre = f"<div>{self.trump_choice.html()}</div><div>{self.controls_html(self.trump_button)}</div>"
            elif tapping:
                centre = f"<div>{self.controls_html(self.tap_button, self.no_tap_button)}</div>"
            self.last_button.visible = False
            self._buttons, self._buttons_key = {}, None
            self.view.html = render.table_html(hands, info=info, centre=centre, **common)
        else:
            info += render.badge_html(render.text_html(say("table_card_points", ns=game.card_points(Side.NS),
                                                      ew=game.card_points(Side.EW))))
            record = render.table_record_html(game.tricks, self.pupil_seat.side)
            plays, winner = self.shown_plays()
            last = self.last_trick()
            hands = {s: list(self.deal[s]) for s in Seat} if over else self.visible_hands(self.pupil_seats)
            self.view.html = render.table_html(
                hands, plays, trumps=game.trumps, to_play=None if over else game.to_play, winner=winner,
                buttons=self.button_states(), info=info, record=record, last=last,
                beside=self.controls_html(self.step_button, *self.beside_controls()),
                controls=self.controls_html(self.hint_button, self.numbers_button, self.undo_button,
                                            self.last_button, self.next_button,
                                            self.new_match_button), **common)
        if not self.plays_match:
            self.match_html.value = ""
            return
        totals = self.match.totals
        target = (say("table_first_to", target=self.rules.target) if self.rules.deals is None
                  else say("table_deals", deals=self.rules.deals))
        self.match_html.value = (f'<div style="font-size:{round(16 * self.scale)}px"><b>{say("table_match", target=target)}</b> '
                                 f"{Side.NS} {totals[Side.NS]} · {Side.EW} {totals[Side.EW]}"
                                 + (f" — {render.text_html(self.match.words)}" if self.match.is_over else "") + "</div>")
