"""The MiniBridge table: one hand from the deal to the score, against the computer.

Steps, as seed 002 §1–§8: deal, announce points from the dealer, declarer and dummy (or a
redeal at 20–20), dummy spread, declarer names the contract (the coach explains its
suggestion when asked), 13 tricks, the score, all four hands shown, next deal.
"""
from __future__ import annotations

import html

import ipywidgets as w

from cardlib import bots, minibridge, render
from cardlib.deal import Deal
from cardlib.messages import say
from cardlib.minibridge import Contract
from cardlib.seats import Seat
from cardlib.widgets.base import TableBase

ROLES = {"declarer": say("table_role_declarer"), "defender": say("table_role_defender")}
DENOMINATIONS = {"NT": None, "♠": "♠", "♥": "♥", "♦": "♦", "♣": "♣"}


class MiniBridgeTable(TableBase):
    """A whole MiniBridge hand in a notebook.

    >>> table = MiniBridgeTable(deal_number=3)   # doctest: +SKIP
    >>> table.widget                              # doctest: +SKIP
    """

    def __init__(self, deal_number: int = 1, role: str = "declarer", rules: str = "ebu",
                 level: str = "club", theme=None, scale: float | None = None, seed: int = 0):
        super().__init__(theme, scale)
        self.rules = minibridge.scoring_rules(rules)
        self.pad = minibridge.ScorePad(self.rules)
        self.level, self.seed = level, seed
        self.deal: Deal | None = None
        self.declarer: Seat | None = None
        self._scored = None  # the play already written on the score pad
        self.redeals = 0
        self.number_box = w.BoundedIntText(value=deal_number, min=1, max=9999, description=say("table_deal"),
                                           layout=w.Layout(width="150px"))
        self.deal_button = w.Button(description=say("table_deal_button"), button_style="primary")
        self.deal_button.on_click(lambda _b: self.new_deal(self.number_box.value))
        self.role_choice = w.Dropdown(options=[(v, k) for k, v in ROLES.items()], value=role,
                                      description=say("table_you_play"))
        self.role_choice.observe(self._on_role, "value")
        self.rules_choice = w.Dropdown(options=[(s.name.upper(), s.name) for s in minibridge.PRESETS.values()],
                                       value=self.rules.name, description=say("table_scoring"))
        self.rules_choice.observe(self._on_rules, "value")
        self.denomination_choice = w.ToggleButtons(options=list(DENOMINATIONS), value=None,
                                                   description=say("table_trumps"))
        self.level_choice = w.ToggleButtons(options=["partscore", "game"], value=None, description=say("table_contract"))
        self.contract_button = w.Button(description=say("table_play_contract"), button_style="success")
        self.contract_button.on_click(self._on_contract)
        self.coach_button = w.Button(description=say("table_ask_coach"), icon="lightbulb-o")
        self.coach_button.on_click(self._on_coach)
        self.contract_box = w.VBox([self.denomination_choice, self.level_choice,
                                    w.HBox([self.contract_button, self.coach_button])])
        self.next_button = w.Button(description=say("table_next_deal"), button_style="primary")
        self.next_button.on_click(lambda _b: self.new_deal(self.number_box.value + 1))
        self.announce_html = w.HTML()
        self.pad_html = w.HTML()
        self.controls = w.HBox([self.undo_button, self.step_button, self.next_button])
        self.widget = w.VBox([
            self.style, w.HBox([self.number_box, self.deal_button, self.role_choice, self.rules_choice]),
            *self.teacher_row(), self.announce_html, self.contract_box, self.grid,
            self.message, self.controls, self.pad_html,
        ])
        self.widget.add_class("mb-minibridge-table")
        self.new_deal(deal_number)

    # --- the steps of a hand ---
    def new_deal(self, number: int) -> None:
        """Deal number ``number`` (the dealer moves on with each number) and find declarer."""
        if not isinstance(number, int) or not 1 <= number <= 9999:
            self.say(say("table_deal_range"), good=False)
            return
        self.number_box.value = number
        self.deal, found, self.redeals = minibridge.numbered_deal(number)
        self.declarer = found
        self.game = None
        self.bots = {s: bots.make("minibridge", self.level, seed=self.seed + number * 4 + s) for s in Seat}
        self._seat_pupil()
        said = minibridge.announcements(self.deal)
        lines = [say("table_says_dealer" if s == self.deal.dealer else "table_says", seat=s.word, points=p)
                 for s, p in said]
        total = " + ".join(str(p) for _, p in said) + f" = {sum(p for _, p in said)}"
        redeal = f"<p>{html.escape(say('redeal'))} (×{self.redeals})</p>" if self.redeals else ""
        self.announce_html.value = (
            f"{redeal}<p>{html.escape('; '.join(lines))}. {say('table_check_40', sum=total)}</p><p><b>"
            + html.escape(say("declarer_is", declarer=found.word, points=self.deal[found].hcp,
                                         dummy=found.partner.word)) + "</b></p>")
        self.denomination_choice.value = None
        self.level_choice.value = None
        if self.declarer in self.pupil_seats:
            self.say(say("table_choose_contract"))
        else:
            contract = minibridge.suggest_contract(self.deal[found], self.deal[found.partner]).contract
            self.start(contract)
        self.show()

    def _seat_pupil(self) -> None:
        role = self.role_choice.value
        self.pupil_seat = self.declarer if role == "declarer" else self.declarer.left
        self.pupil_seats = {self.pupil_seat}

    def start(self, contract: Contract) -> None:
        self.game = minibridge.start_play(self.deal, self.declarer, contract)
        key = "table_you_chose" if self.declarer in self.pupil_seats else "table_computer_chose"
        self.say(say(key, seat=self.declarer.word, contract=contract, tricks=contract.tricks_needed))
        self.computer_turns()

    def _on_contract(self, _button=None) -> None:
        if self.game is not None or self.declarer not in self.pupil_seats:
            self.say(say("table_contract_chosen"), good=False)
            return
        denomination, level = self.denomination_choice.value, self.level_choice.value
        if denomination not in DENOMINATIONS or level not in ("partscore", "game"):
            self.say(say("table_choose_first"), good=False)
            return
        self.start(Contract.parse(f"{denomination} {level}"))
        self.show()

    def _on_coach(self, _button=None) -> None:
        if self.deal is None or self.declarer not in self.pupil_seats:
            return
        advice = minibridge.suggest_contract(self.deal[self.declarer], self.deal[self.declarer.partner])
        self.say(say("table_coach", contract=advice.contract, reasons=" ".join(advice.reasons)))

    def finish(self) -> None:
        """Score the hand once and write it on the pad."""
        if self._scored is self.game:
            return
        self._scored = self.game
        game = self.game
        self.pad.add(game.declarer, game.contract, game.declarer_tricks)
        working = minibridge.score_working(game.contract, game.declarer_tricks, self.rules)
        self.say(say("table_result", result=game.result_words(), working=working),
                 good=game.declarer_tricks >= game.contract.tricks_needed)

    # --- settings ---
    def _on_role(self, change) -> None:
        if change["new"] in ROLES and self.deal is not None:
            self.new_deal(self.number_box.value)

    def _on_rules(self, change) -> None:
        if change["new"] in minibridge.PRESETS:
            self.rules = minibridge.scoring_rules(change["new"])
            self.pad = minibridge.ScorePad(self.rules)
            self.show()

    # --- showing ---
    def show(self) -> None:
        game, deal, declarer = self.game, self.deal, self.declarer
        self.viewer = self.pupil_seat
        choosing = game is None and declarer in self.pupil_seats
        self.contract_box.layout.display = None if choosing else "none"
        self.step_button.layout.display = None if self.teacher_mode and game is not None else "none"
        self.undo_button.layout.display = "none" if self.teacher_mode or game is None or game.is_over else None
        self.next_button.layout.display = None if game is not None and game.is_over else "none"
        names = {s: f"{s.word} · " + say("table_you" if s in self.pupil_seats else "table_computer") for s in Seat}
        names[declarer] += " · " + say("table_declarer")
        names[declarer.partner] = f"{declarer.partner.word} · " + say("table_dummy")
        record = ""
        if game is None:
            hands = {s: list(deal[s]) if self.teacher_mode or s == self.pupil_seat or
                     (choosing and s == declarer.partner) else 13 for s in Seat}
            self.draw(hands, names, dummy=declarer.partner)
            return
        corner = render.label_html(say("table_contract_badge", contract=game.contract, tricks=game.contract.tricks_needed),
                                   self.side_scale, True)
        record = render.trick_record_html(game.tricks, self.pupil_seat.side, theme=self.theme,
                                          scale=self.side_scale)
        if game.is_over:
            self.draw({s: list(deal[s]) for s in Seat}, names, corner=corner, record=record)
        else:
            plays, winner = self.shown_plays()
            self.draw(self.visible_hands(self.pupil_seats), names, to_play=game.to_play, plays=plays,
                      winner=winner, dummy=game.dummy, trumps=game.trumps, corner=corner, record=record)
        self.pad_html.value = render.score_pad_html(self.pad) if self.pad.lines else ""
