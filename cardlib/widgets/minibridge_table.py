"""The MiniBridge table: one hand from the deal to the score, against the computer.

Steps, as the club's guide plays a hand (docs/rules.md §1): deal, announce points from the
dealer, declarer and dummy (or a redeal at 20–20), dummy spread, declarer names the contract
(the coach explains its suggestion when asked), 13 tricks, the score, all four hands shown, next deal.

A lesson can fix the deal (``deal=``: "Play again" replays it), the contract (``contract=``)
and leave the score out (``show_score=False``) until the scoring lesson.
"""
from __future__ import annotations

import ipywidgets as w

from cardlib import bots, minibridge, render
from cardlib.deal import Deal
from cardlib.messages import CardError, plain, say
from cardlib.minibridge import Contract
from cardlib.seats import Seat
from cardlib.widgets.base import Choice, Control, TableBase

ROLES = ("declarer", "defender")
DENOMINATIONS = ("NT", "♠", "♥", "♦", "♣")


def as_deal(deal: Deal | str) -> Deal:
    """A deal given as a Deal or as its PBN text (the dealer is the first seat named)."""
    return deal if isinstance(deal, Deal) else Deal(deal)


class MiniBridgeTable(TableBase):
    """A whole MiniBridge hand in a notebook.

    >>> table = MiniBridgeTable(deal_number=3)   # doctest: +SKIP
    >>> table                                     # doctest: +SKIP
    """

    def __init__(self, deal_number: int = 1, deal: Deal | str | None = None, contract: Contract | str | None = None,
                 role: str = "declarer", rules: str | None = None, show_score: bool = True, level: str = "club",
                 theme=None, scale: float | None = None, seed: int = 0, pace: float | None = None, name: str = ""):
        super().__init__(theme, scale, pace)
        self.rules = minibridge.scoring_rules(rules)
        self.pad = minibridge.ScorePad(self.rules)
        self.level, self.seed, self.name, self.show_score = level, seed, name, bool(show_score)
        self.set_deal = None if deal is None else as_deal(deal)
        self.contract = None if contract is None else Contract.parse(contract)
        if role not in ROLES:
            raise CardError("table_role", text=role, roles=", ".join(ROLES))
        if self.set_deal is not None and minibridge.declarer(self.set_deal) is None:
            raise CardError("table_set_deal_tied")
        self.deal: Deal | None = None
        self.declarer: Seat | None = None
        self.pupil_seat = Seat.S
        self._scored = None  # the play already written on the score pad
        self.redeals = 0
        self.number_box = w.BoundedIntText(value=deal_number, min=1, max=9999, description=plain(say("table_deal")),
                                           layout=w.Layout(width="150px"))
        self.deal_button = w.Button(description=plain(say("table_deal_button")), button_style="primary")
        self.deal_button.on_click(lambda _b: self.act(lambda: self.new_deal(self.number_box.value)))
        self.role_choice = w.Dropdown(options=[(plain(say(f"table_role_{r}")), r) for r in ROLES], value=role,
                                      description=plain(say("table_you_play")))
        self.role_choice.observe(self._on_role, "value")
        self.rules_choice = w.Dropdown(options=[(plain(say(f"rules_label_{name}")), name) for name in minibridge.PRESETS],
                                       value=self.rules.name, description=plain(say("table_scoring")))
        self.rules_choice.observe(self._on_rules, "value")
        self.denomination_choice = Choice(self, "trumps", lambda: [(say("nt") if d == "NT" else d, d)
                                                                   for d in DENOMINATIONS])
        self.level_choice = Choice(self, "level", lambda: [(say(level), level) for level in minibridge.LEVELS])
        self.contract_button = Control(self, "contract", lambda: say("table_play_contract"), self._on_contract, "go")
        self.coach_button = Control(self, "coach", lambda: say("table_ask_coach"), self._on_coach)
        self.next_button = Control(self, "next", lambda: say("table_play_again" if self.set_deal else "table_next_deal"),
                                   self._on_next, "main")
        self.announce_html = w.HTML()
        self.pad_html = w.HTML()
        settings = [self.number_box, self.deal_button] if self.set_deal is None else []
        settings += [self.role_choice] + ([self.rules_choice] if self.show_score else [])
        self.widget = w.VBox([w.HBox(settings, layout=w.Layout(flex_flow="row wrap")), *self.teacher_row(),
                              self.announce_html, self.view, self.pad_html])
        self.widget.add_class("mb-minibridge-table")
        self.act(lambda: self.new_deal(deal_number))

    # --- the steps of a hand ---
    def new_deal(self, number: int) -> None:
        """Deal number ``number`` (the dealer moves on with each number) and find declarer;
        with a set deal, that deal again."""
        if not isinstance(number, int) or not 1 <= number <= 9999:
            self.say(say("table_deal_range"), good=False)
            return
        self.stop_pace()
        self.number_box.value = number
        if self.set_deal is not None:
            self.deal, found, self.redeals = self.set_deal, minibridge.declarer(self.set_deal), 0
        else:
            self.deal, found, self.redeals = minibridge.numbered_deal(number)
        self.declarer = found
        self.game = None
        self._seen_tricks = 0
        self.show_last = False
        self.bots = {s: bots.make("minibridge", self.level, seed=self.seed + number * 4 + s) for s in Seat}
        self._seat_pupil()
        said = minibridge.announcements(self.deal)
        lines = [say("table_says_dealer" if s == self.deal.dealer else "table_says", seat=s.word, points=p)
                 for s, p in said]
        total = " + ".join(str(p) for _, p in said) + f" = {sum(p for _, p in said)}"
        redeal = f"<p>{render.text_html(say('redeal'))} (×{self.redeals})</p>" if self.redeals else ""
        self.announce_html.value = (
            f"{redeal}<p>{render.text_html('; '.join(lines))}. {say('table_check_40', sum=total)}</p><p><b>"
            + render.text_html(say("declarer_is", declarer=found.word, points=self.deal[found].hcp,
                              dummy=found.partner.word)) + "</b></p>")
        self.denomination_choice.value = None
        self.level_choice.value = None
        if self.contract is not None:
            self.start(self.contract)
        elif self.declarer in self.pupil_seats:
            self.say(say("table_choose_contract"))
        else:
            self.start(minibridge.suggest_contract(self.deal[found], self.deal[found.partner]).contract)

    def _seat_pupil(self) -> None:
        role = self.role_choice.value
        self.pupil_seat = self.declarer if role == "declarer" else self.declarer.left
        self.pupil_seats = {self.pupil_seat}

    def start(self, contract: Contract) -> None:
        self.game = minibridge.start_play(self.deal, self.declarer, contract)
        if self.contract is not None:
            key = "table_contract_is"
        else:
            key = "table_you_chose" if self.declarer in self.pupil_seats else "table_computer_chose"
        self.say(say(key, seat=self.declarer.word, contract=contract, tricks=contract.tricks_needed))
        self.after_card()

    def _on_contract(self) -> None:
        if self.game is not None or self.declarer not in self.pupil_seats:
            self.say(say("table_contract_chosen"), good=False)
            return
        denomination, level = self.denomination_choice.value, self.level_choice.value
        if denomination not in DENOMINATIONS or level not in minibridge.LEVELS:
            self.say(say("table_choose_first"), good=False)
            return
        self.start(Contract(denomination, game=level == "game"))

    def _on_coach(self) -> None:
        if self.deal is None or self.game is not None or self.declarer not in self.pupil_seats:
            return
        advice = minibridge.suggest_contract(self.deal[self.declarer], self.deal[self.declarer.partner])
        self.say(say("table_coach", contract=advice.contract, reasons=" ".join(advice.reasons)))

    def _on_next(self) -> None:
        self.new_deal(self.number_box.value + (self.set_deal is None))

    def finish(self) -> None:
        """Score the hand once and write it on the pad (or, before the scoring lesson, just say
        whether the contract was made)."""
        if self._scored is self.game:
            return
        self._scored = self.game
        game = self.game
        if not self.show_score:
            self.say(game.result_words(), good=game.made)
            return
        line = self.pad.add(game.declarer, game.contract, game.declarer_tricks)
        self.say(say("table_result", result=line.words, working=line.working), good=line.made)

    # --- settings ---
    def _on_role(self, change) -> None:
        if change["new"] in ROLES and self.deal is not None:
            self.act(lambda: self.new_deal(self.number_box.value))

    def _on_rules(self, change) -> None:
        if change["new"] in minibridge.PRESETS:
            self.rules = minibridge.scoring_rules(change["new"])
            self.pad = minibridge.ScorePad(self.rules)
            self.act(lambda: None)

    # --- showing ---
    def show(self) -> None:
        game, deal, declarer = self.game, self.deal, self.declarer
        self.viewer = self.pupil_seat
        choosing = game is None and declarer in self.pupil_seats
        for part in (self.denomination_choice, self.level_choice, self.contract_button, self.coach_button):
            part.visible = choosing
        over = game is not None and game.is_over
        self.step_button.visible = self.teacher_mode and game is not None and not over
        self.undo_button.visible = not self.teacher_mode and game is not None and not over
        self.next_button.visible = over
        names = {s: say("table_you" if s in self.pupil_seats else "table_computer") for s in Seat
                 if s != declarer.partner}
        label = (say("table_set_deal", name=self.name) if self.set_deal is not None and self.name
                 else "" if self.set_deal is not None else say("table_deal_number", number=self.number_box.value))
        info = render.badge_html(render.text_html(label)) if label else ""
        common = dict(names=names, theme=self.theme, scale=self.scale, viewer=self.viewer, dummy=declarer.partner,
                      declarer=declarer, message=self.message.value)
        if game is None:
            hands = {s: list(deal[s]) if self.teacher_mode or s == self.pupil_seat or
                     (choosing and s == declarer.partner) else 13 for s in Seat}
            centre = ""
            if choosing:
                centre = (f"<div>{self.denomination_choice.html()}</div><div>{self.level_choice.html()}</div>"
                          f"<div>{self.controls_html(self.contract_button, self.coach_button)}</div>")
            self.last_button.visible = False
            self._buttons, self._buttons_key = {}, None
            self.view.html = render.table_html(hands, info=info, centre=centre, **common)
        else:
            info += render.badge_html(render.text_html(say("table_contract_badge", contract=game.contract,
                                                      tricks=game.contract.tricks_needed)), highlight=True)
            record = render.table_record_html(game.tricks, self.pupil_seat.side)
            plays, winner = self.shown_plays()
            last = self.last_trick()
            hands = {s: list(deal[s]) for s in Seat} if over else self.visible_hands(self.pupil_seats)
            self.view.html = render.table_html(
                hands, plays, trumps=game.trumps, to_play=None if over else game.to_play, winner=winner,
                buttons=self.button_states(), info=info, record=record, last=last,
                beside=self.controls_html(self.step_button),
                controls=self.controls_html(self.undo_button, self.last_button, self.next_button), **common)
        if self.show_score and self.pad.lines:
            self.pad_html.value = (f'<div style="font-size:{round(16 * self.scale)}px"><b>'
                                   f"{render.text_html(say('table_pad_rules', rules=self.rules.description))}</b></div>"
                                   + render.score_pad_html(self.pad, self.theme, self.scale))
        else:
            self.pad_html.value = ""
