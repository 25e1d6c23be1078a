"""The MiniBridge table: one hand from the deal to the score, against the computer.

Steps, as docs/rules.md §1.1–§1.5 gives them: deal, announce points from the dealer, declarer and dummy (or a
redeal at 20–20), dummy spread, declarer names the contract (the coach explains its
suggestion when asked), 13 tricks, the score, all four hands shown, next deal. The hand
itself is a ``minibridge.Round``: the table only shows what the round says, and every card
and contract goes through it. ``table.actions`` lists the moves (the deal number first) and
``table.replay(actions)`` rebuilds the table from them, after a page reload for instance.

A lesson can fix the deal (``deal=``: "Play again" replays it), the contract (``contract=``)
and leave the score out (``show_score=False``) until the scoring lesson.

During play a hint (``hints=False`` switches it off: quizzes never have it) marks the pupil's
playable cards with what ``cardlib.analysis`` finds: the best cards, those that lose one
trick and those that lose more (a sign and words with each colour), the tricks on request.
Only those cards carry marks, so nothing about the hidden hands reaches the browser. After
the hand, "What could you have made?" sets the result beside every contract declarer could
have chosen, and the same deal can be played again with the same contract or another. A set
deal's stored double-dummy figures (``tricks_table=``) give that review with no solver installed.
"""
from __future__ import annotations

import unicodedata

import ipywidgets as w

from cardlib import analysis, bots, duplicate, minibridge, render
from cardlib.cards import Card
from cardlib.deal import Deal
from cardlib.messages import CardError, plain, say, sentences
from cardlib.minibridge import Contract
from cardlib.play import action_text
from cardlib.seats import Seat, Side
from card_tables.base import Choice, Control, TableBase

ROLES = ("declarer", "defender")
DENOMINATIONS = ("NT", "♠", "♥", "♦", "♣")


def fit_to_words(menu: w.Dropdown) -> None:
    """Make a menu as wide as its label and its longest choice, in the page's text size (a fixed
    width cut "ディクレアラー（ダミーのカードも出す）" in half). A wide character (kana, kanji) is
    about 1 em, a narrow one about 0.6 em; 3.5 em more for the arrow and the padding."""
    def ems(text: str) -> float:
        return sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.6 for ch in text)

    longest = max((ems(str(label)) for label, _value in menu.options), default=0)
    menu.style.description_width = "initial"
    menu.layout.width = f"{ems(menu.description) + longest + 3.5:.1f}em"
    menu.layout.max_width = "100%"


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
                 theme=None, scale: float | None = None, seed: int = 0, pace: float | None = None, name: str = "",
                 tap_to_raise: bool | None = None, hints: bool = True, tricks_table: dict | None = None,
                 script: str = "", replies: tuple[str, ...] = (), name_level: bool = True):
        super().__init__(theme, scale, pace, tap_to_raise)
        # False before the lesson that teaches partscore and game: a given contract is told as
        # its trumps and tricks ("South plays with no trumps: 7 tricks needed")
        self.name_level = bool(name_level)
        self.rules = minibridge.scoring_rules(rules)
        self.pad = minibridge.ScorePad(self.rules)
        self.level, self.seed, self.name, self.show_score = level, seed, name, bool(show_score)
        self.hints = bool(hints)
        self.set_deal = None if deal is None else as_deal(deal)
        self.contract = None if contract is None else Contract.parse(contract)
        if role not in ROLES:
            raise CardError("table_role", text=role, roles=", ".join(ROLES))
        if self.set_deal is not None and minibridge.declarer(self.set_deal) is None:
            raise CardError("table_set_deal_tied")
        if tricks_table is not None and (self.set_deal is None or not isinstance(tricks_table, dict) or not all(
                isinstance(tricks_table.get((c.denomination, s)), int) for c in minibridge.CONTRACTS for s in Seat)):
            raise CardError("wrong_kind", text=tricks_table, example="analysis.tricks_table(deal)")
        self.tricks_table = tricks_table  # the set deal's double-dummy figures, stored: no solver needed
        # the set deal's first cards, then each line on from them after the pupil's answer
        # (exercises.set_deals' script and replies), which the computer's seats play as given
        lines = (script, *(f"{script} {reply}" for reply in replies)) if self.set_deal is not None else ()
        self.script = tuple(tuple(Card.parse(c) for c in line.split()) for line in lines if line.strip())
        self.round: minibridge.Round | None = None
        self.pupil_seat = Seat.S
        self._scored = None  # the play already written on the score pad
        # The label as wide as its words: in a fixed width, the projector's bigger text pushed the
        # number itself out of sight.
        self.number_box = w.BoundedIntText(value=deal_number, min=1, max=9999, description=plain(say("table_deal")),
                                           style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self.deal_button = w.Button(description=plain(say("table_deal_button")), button_style="primary")
        self.deal_button.on_click(lambda _b: self.act(lambda: self.new_deal(self.number_box.value)))
        self.role_choice = w.Dropdown(options=[(plain(say(f"table_role_{r}")), r) for r in ROLES], value=role,
                                      description=plain(say("table_you_play")))
        fit_to_words(self.role_choice)
        self.role_choice.observe(self._on_role, "value")
        self.rules_choice = w.Dropdown(options=[(plain(say(f"rules_label_{name}")), name) for name in minibridge.PRESETS],
                                       value=self.rules.name, description=plain(say("table_scoring")))
        fit_to_words(self.rules_choice)
        self.rules_choice.observe(self._on_rules, "value")
        self.denomination_choice = Choice(self, "trumps", lambda: [(say("nt") if d == "NT" else d, d)
                                                                   for d in DENOMINATIONS], name=lambda: say("table_trumps"))
        self.level_choice = Choice(self, "level", lambda: [(say(level), level) for level in minibridge.LEVELS],
                                   name=lambda: say("table_choice_level"))
        self.contract_button = Control(self, "contract", lambda: say("table_play_contract"), self._on_contract, "go")
        self.coach_button = Control(self, "coach", lambda: say("table_ask_coach"), self._on_coach)
        self.next_button = Control(self, "next", lambda: say("table_play_again" if self.set_deal else "table_next_deal"),
                                   self._on_next, "main")
        self.review_button = Control(self, "review", lambda: say("table_review_button"), self._on_review)
        self.again_button = Control(self, "again_same", lambda: say("table_again_same"), self._on_again_same)
        self.other_button = Control(self, "again_other", lambda: say("table_again_other"), self._on_again_other)
        self.review_html = w.HTML()
        self.announce_html = w.HTML()
        self.pad_html = w.HTML()
        settings = [self.number_box, self.deal_button] if self.set_deal is None else []
        if not render.PREFERENCES.class_screen:  # the class screen plays as the teacher chose: no role or scoring menus
            settings += [self.role_choice] + ([self.rules_choice] if self.show_score else [])
        self.widget = w.VBox([w.HBox(settings, layout=w.Layout(flex_flow="row wrap")), *self.teacher_row(),
                              self.announce_html, self.view, self.review_html, self.pad_html])
        self.widget.add_class("mb-minibridge-table")
        self.act(lambda: self.new_deal(deal_number))

    # --- what the round says ---
    @property
    def game(self) -> minibridge.MiniBridgePlay | None:
        return None if self.round is None else self.round.game

    @property
    def deal(self) -> Deal | None:
        return None if self.round is None else self.round.deal

    @property
    def declarer(self) -> Seat | None:
        return None if self.round is None else self.round.declarer

    @property
    def redeals(self) -> int:
        return 0 if self.round is None else self.round.redeals

    @property
    def actions(self) -> list[tuple]:
        """The table's moves: ``("deal", number)``, then the round's actions in words
        (``minibridge.Round.actions``, as ``play.action_text`` writes them)."""
        return [("deal", self.number_box.value)] + [action_text(a) for a in self.round.actions]

    def replay(self, actions) -> None:
        """Rebuild the table from ``actions`` (as ``actions`` lists them): the same deal, contract
        and cards. A move that cannot be replayed gets a message and changes nothing."""
        def rebuild() -> None:
            moves = list(actions) if isinstance(actions, (list, tuple)) else []
            first = moves[0] if moves else None
            if not (isinstance(first, (list, tuple)) and len(first) == 2 and first[0] == "deal"):
                self.say(say("table_replay_start"), good=False)
                return
            number = first[1]
            if self.set_deal is not None:
                number = self.number_box.value
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 9999:
                self.say(say("table_deal_range"), good=False)
                return
            try:
                hand = minibridge.Round(self.set_deal, None if self.set_deal is not None else number,
                                        self.rules, actions=moves[1:])
            except CardError as error:
                self.say(say("table_replay_refused", why=str(error)), good=False)
                return
            if self.contract is not None and hand.contract not in (None, self.contract):
                self.say(say("table_replay_refused", why=say("round_contract_chosen")), good=False)
                return
            self.new_deal(number, hand)
        self.act(rebuild)

    # --- the steps of a hand ---
    def new_deal(self, number: int, hand: minibridge.Round | None = None) -> None:
        """Deal number ``number`` (the dealer moves on with each number) and find declarer;
        with a set deal, that deal again. ``hand``: a round already under way (a replay)."""
        if not isinstance(number, int) or not 1 <= number <= 9999:
            self.say(say("table_deal_range"), good=False)
            return
        self.stop_pace()
        self.number_box.value = number
        if hand is None:
            hand = minibridge.Round(self.set_deal, None if self.set_deal is not None else number, self.rules)
        while hand.phase == "redeal":
            hand.redeal()
        self.round = hand
        self._hint = None
        self.review_html.value = ""
        found = hand.declarer
        self._seen_tricks = 0
        self.show_last = False
        self.bots = {s: bots.make("minibridge", self.level, seed=self.seed + number * 4 + s) for s in Seat}
        self._seat_pupil()
        said = hand.announcements
        lines = [say("table_says_dealer" if s == self.deal.dealer else "table_says", seat=s.word, points=p)
                 for s, p in said]
        total = " + ".join(str(p) for _, p in said) + f" = {sum(p for _, p in said)}"
        redeal = f"<p>{render.text_html(say('redeal'))} (×{self.redeals})</p>" if self.redeals else ""
        said_all = say("table_says_all", says=say("table_says_between").join(lines), sum=total)
        self.announce_html.value = (
            f"{redeal}<p>{render.text_html(said_all)}</p><p><b>"
            + render.text_html(say("declarer_is", declarer=found.word, points=self.deal[found].hcp,
                              dummy=found.partner.word)) + "</b></p>")
        self.denomination_choice.value = None
        self.level_choice.value = None
        if hand.phase != "contract":
            self._started()
        elif self.contract is not None:
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
        self.round.choose_contract(contract, seat=self.declarer)
        self._started()

    def _started(self) -> None:
        contract = self.round.contract
        if self.contract is not None and not self.name_level:
            key = "table_plays_no_trumps" if contract.denomination is None else "table_plays_trumps"
        elif self.contract is not None:
            key = "table_contract_is"
        else:
            key = "table_you_chose" if self.declarer in self.pupil_seats else "table_computer_chose"
        words = say(key, seat=self.declarer.word, contract=contract, tricks=contract.tricks_needed,
                    suit=contract.denomination_symbol)
        self.say(sentences(words, say("bot_expert_says")) if self.level == bots.EXPERT else words)
        self.after_card()

    def play_card(self, card) -> None:
        self.round.play(card)

    def take_back(self) -> None:
        self.round.undo()

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
        contract = advice.contract  # selected on the buttons: "Choose" then plays it, or the pupil changes it
        self.denomination_choice.value = "NT" if contract.denomination is None else contract.denomination.symbol
        self.level_choice.value = "game" if contract.game else "partscore"
        self.say(say("table_coach", contract=advice.contract, reasons=" ".join(advice.reasons)))

    # --- the hint and the review ---
    def analyse(self, game: minibridge.MiniBridgePlay) -> dict:
        return analysis.card_tricks(game)

    def _on_review(self) -> None:
        game = self.game
        if game is None or not game.is_over:
            return
        try:
            table = self.tricks_table or analysis.tricks_table(self.deal)
        except analysis.NotInstalled as error:
            self.say(str(error), good=False)
            return
        declarer, rows = self.declarer, []
        for contract in minibridge.CONTRACTS:
            tricks = table[contract.denomination, declarer]
            rows.append((minibridge.score(contract, tricks, self.rules), contract, tricks))
        best = max(rows, key=lambda row: row[0])
        played = game.contract
        lines = [say("table_review_played", contract=played, tricks=game.declarer_tricks),
                 say("table_review_best" if self.show_score else "table_review_most",
                     contract=best[1] if self.show_score else max(rows, key=lambda row: row[2])[1],
                     tricks=best[2] if self.show_score else max(row[2] for row in rows))]
        cells = "".join(
            f'<tr style="font-weight:{"bold" if contract == played else "normal"}">'
            f"<td>{render.text_html(str(contract))}</td><td style='text-align:right'>{tricks}</td>"
            f"<td style='text-align:right'>{render.text_html(duplicate.written_score(points if declarer.side is Side.NS else -points)) if self.show_score else ''}</td></tr>"
            for points, contract, tricks in rows)
        head = "".join(f"<th>{render.text_html(say(k))}</th>" for k in
                       ("table_review_contract", "table_review_tricks", "table_review_score"))
        self.review_html.value = (
            f'<div class="mb-review" style="font-size:{round(16 * self.scale)}px"><h3>{render.text_html(say("table_review"))}</h3>'
            + "".join(f"<p>{render.text_html(line)}</p>" for line in lines)
            + f'<table role="table"><tr>{head}</tr>{cells}</table>'
            f"<p><i>{render.text_html(say('table_review_perfect'))}</i></p></div>")

    def _on_again_same(self) -> None:
        """The same deal and contract from its first card."""
        contract = self.round.contract
        if self.game is None or contract is None:
            return
        number = self.number_box.value
        hand = minibridge.Round(self.set_deal, None if self.set_deal is not None else number, self.rules)
        while hand.phase == "redeal":
            hand.redeal()
        if hand.phase == "contract":
            hand.choose_contract(contract, seat=hand.declarer)
        self.new_deal(number, hand)

    def _on_again_other(self) -> None:
        """The same deal, the contract chosen again."""
        self.new_deal(self.number_box.value)

    def _on_next(self) -> None:
        self.new_deal(self.number_box.value + (self.set_deal is None))

    def finish(self) -> None:
        """Score the hand once and write it on the pad (or, before the scoring lesson, just say
        whether the contract was made), told from the pupil's side: a defender who beats the
        contract has won."""
        if self._scored is self.game:
            return
        self._scored = self.game
        r = self.round
        declaring = self.pupil_seat.side is r.declarer.side
        won = r.game.made == declaring
        key = {(True, True): "table_verdict_made", (True, False): "table_verdict_down",
               (False, True): "table_verdict_not_beaten", (False, False): "table_verdict_beaten"}[declaring, r.game.made]
        if not self.name_level:  # before the lessons of partscore, game and making: the tricks only
            tricks, needed = r.declarer_tricks, r.contract.tricks_needed
            plain = {(True, True): "table_tricks_enough", (True, False): "table_tricks_not_enough",
                     (False, True): "table_tricks_they_had_enough",
                     (False, False): "table_tricks_they_fell_short"}[declaring, r.game.made]
            self.say(say(plain, tricks=tricks, needed=needed, seat=r.declarer.word), good=won)
            return
        verdict = say(key)
        if not self.show_score:
            self.say(sentences(verdict, r.game.result_words()), good=won)
            return
        line = self.pad.add(r.declarer, r.contract, r.declarer_tricks, name=self.name if self.set_deal else "")
        self.say(say("table_result", verdict=verdict, result=line.words, working=line.working), good=won)

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
    def seat_names(self) -> dict[Seat, str]:
        """Who plays each seat, as the table writes it beside the hand (dummy's is "Dummy")."""
        return {s: say("table_you" if s in self.pupil_seats else "table_computer") for s in Seat}

    def show(self) -> None:
        game, deal, declarer = self.game, self.deal, self.declarer
        self.viewer = self.pupil_seat
        choosing = game is None and declarer in self.pupil_seats
        for part in (self.denomination_choice, self.level_choice, self.contract_button, self.coach_button):
            part.visible = choosing
        over = game is not None and game.is_over
        self.show_hint_buttons()
        self.review_button.visible = over
        self.again_button.visible = over
        self.other_button.visible = over and self.contract is None and self.declarer in self.pupil_seats
        self.step_button.visible = self.teacher_mode and game is not None and not over
        self.undo_button.visible = not self.teacher_mode and game is not None and not over
        self.next_button.visible = over
        # dummy's hand is labelled "dummy", with "you" too when dummy is the pupil's own seat
        names = {s: name for s, name in self.seat_names().items() if s != declarer.partner or s == self.pupil_seat}
        label = (say("table_set_deal", name=self.name) if self.set_deal is not None and self.name
                 else "" if self.set_deal is not None else say("table_deal_number", number=self.number_box.value))
        info = render.badge_html(render.text_html(label)) if label else ""
        common = dict(names=names, theme=self.theme, scale=self.scale, viewer=self.viewer, dummy=declarer.partner,
                      declarer=declarer, message=self.message.value,
                      turn=render.text_html(say("table_hands_as_dealt")) if over else None)
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
            contract = game.contract if self.name_level else render.trumps_words(game.contract.denomination)
            info += render.badge_html(render.text_html(say("table_contract_badge", contract=contract,
                                                      tricks=game.contract.tricks_needed)), highlight=True)
            record = render.table_record_html(game.tricks, self.pupil_seat.side)
            plays, winner = self.shown_plays()
            last = self.last_trick()
            if over:  # the four hands are back and the review's buttons fill the corner
                self.last_button.visible = False
            hands = {s: list(deal[s]) for s in Seat} if over else self.visible_hands(self.pupil_seats)
            self.view.html = render.table_html(
                hands, plays, trumps=game.trumps, to_play=None if over else game.to_play, winner=winner,
                buttons=self.button_states(), info=info, record=record, last=last,
                beside=self.controls_html(self.step_button),
                controls=self.controls_html(self.hint_button, self.numbers_button, self.undo_button, self.last_button,
                                            self.review_button, self.again_button, self.other_button,
                                            self.next_button), **common)
        if self.show_score and self.pad.lines:
            self.pad_html.value = (f'<div style="font-size:{round(16 * self.scale)}px"><b>'
                                   f"{render.text_html(say('table_pad_rules', rules=self.rules.description))}</b></div>"
                                   + render.score_pad_html(self.pad, self.theme, self.scale))
        else:
            self.pad_html.value = ""
