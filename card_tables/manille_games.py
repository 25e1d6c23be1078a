"""Tables for the Manille rule book's other games, on the Manille table: Blind Manille
(``blind_table()``) and Manille parlée (``parlee_table()``). The rounds decide
(``cardlib.manille_variants``); these tables only show what they say."""
from __future__ import annotations

from html import escape

from cardlib import bots, manille, render
from cardlib.cards import Card
from cardlib.deal import Deal
from cardlib.manille_variants import BlindRound, ParleeRound
from cardlib.messages import CardError, plain, say, sentences
from cardlib.seats import Seat
from card_tables.base import Choice, Control
from card_tables.manille_table import ManilleTable, start_words, trump_options, trumps_badge


class BlindTable(ManilleTable):
    """Blind Manille: the pupil (South) sees every hand but their own, which stays face down
    (its cards are not sent to the browser until played); on their turn "Draw a card" plays
    one at random."""

    def __init__(self, **options):
        self.draw_button = None
        super().__init__(**options)
        self.draw_button = Control(self, "draw", lambda: say("table_draw"), self._on_draw, "go")
        self.act(lambda: None)

    def _new_round(self, deal: Deal) -> BlindRound:
        return BlindRound(deal, self.rules, seed=self.seed)

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
        self.undo_button.visible = False  # nothing to take back: the same card would be drawn again
        return [self.draw_button]

    def show(self) -> None:
        if self.draw_button is not None:  # built: ManilleTable's __init__ draws before it is
            super().show()


SUITS = ("♠", "♥", "♦", "♣")
# The questions the pupil may ask their partner before leading: "how many|♠", "how many|10",
# "holds|♠10"..., and "lead" (partner says which lead to make).
ASK = tuple(f"how many|{s}" for s in SUITS) + ("how many|10", "how many|A") + \
    tuple(f"holds|{s}10" for s in SUITS) + ("lead|",)
ROWS = (("table_ask_how_many", ASK[:4]), ("table_ask_rank", ASK[4:6]), ("table_ask_holds", ASK[6:10]),
        ("table_ask_lead", ASK[10:]))  # the menu's rows: a heading and its buttons' values


def question_options() -> list[tuple[str, str]]:
    """The menu's buttons and what each sends: a suit or a rank (how many?), a suit's 10 (held?),
    and the lead."""
    options = []
    for value in ASK:
        kind, subject = value.split("|")
        options.append((say("table_ask_lead_button") if kind == "lead" else subject, value))
    return options


class ParleeTable(ManilleTable):
    """Manille parlée: before leading, the pupil may ask their computer partner one question
    from a short menu (how many cards of a suit or a rank, do you hold the 10 of a suit, which
    lead do you want); the partner answers truthfully and every seat hears it; a lead asked for
    must be made if the pupil can. What was said stays on the table."""

    def __init__(self, **options):
        self.question = None
        super().__init__(**options)
        self.question = Choice(self, "question", question_options, self._on_question)
        self.act(lambda: None)

    def _new_round(self, deal: Deal) -> ParleeRound:
        return ParleeRound(deal, self.rules)

    def _on_question(self) -> None:
        value, self.question.value = self.question.value, None
        if not (self.pupil_to_play() and self.round.may_talk(self.pupil_seat)):
            self.say(say("parlee_not_now"), good=False)
            return
        kind, subject = value.split("|")
        try:
            talk = self.round.ask(kind, subject or None, seat=self.pupil_seat)
            if talk is None:  # the computer partner answers: which lead it wants
                self.round.act(bots.manille.parlee_answer(self.round))
                talk = self.round.talk[-1]
        except CardError as error:
            self.say(str(error), good=False)
            return
        if talk.question == "lead":
            self.say(sentences(talk.words, say("table_lead_asked", what=str(talk.subject))))
        else:
            self.say(talk.words)

    def beside_controls(self) -> list:
        self.question.visible = self.pupil_to_play() and self.round.may_talk(self.pupil_seat)
        return [_Menu(self.question)]

    def show(self) -> None:
        if self.question is None:
            return  # still building: ManilleTable's __init__ draws before this table is ready
        super().show()
        talk = getattr(self.round, "talk", [])
        if talk:
            heard = "".join(f"<li>{render.text_html(t.words)}</li>" for t in talk)
            self.deal_words.value += f"<p><b>{render.text_html(say('table_heard'))}</b></p><ul>{heard}</ul>"


class _Menu:
    """The questions beside the trick: a heading, then small buttons a row for each kind."""

    def __init__(self, choice: Choice):
        self.choice, self.visible = choice, choice.visible

    def html(self) -> str:
        rows = []
        for key, values in ROWS:  # each row a group a screen reader names by its heading
            buttons = "".join(render.button_html(self.choice.action, label, value)
                              for label, value in self.choice.options if value in values)
            rows.append(f"<div>{render.text_html(say(key))}</div>"
                        f'<div role="group" aria-label="{escape(plain(say(key)))}" '
                        f'style="display:grid;grid-template-columns:repeat(4,1fr);gap:2px">{buttons}</div>')
        return f"<div><b>{render.text_html(say('table_ask_partner'))}</b></div>" + "".join(rows)


def parlee_table(**options) -> ParleeTable:
    """A table of Manille parlée: before leading, the pupil may ask their partner one question."""
    return ParleeTable(**options)


class ThreeTable(ManilleTable):
    """Three-player Manille: the pupil (South) against or with two computer players at East and
    West, North's seat empty. The dealer names trumps, then may swap 0, 1 or 2 cards for the
    two face-down ones, unseen; the first trick's winner takes their points. Each player scores
    for themselves in the match."""

    def __init__(self, **options):
        self.aside_choice = None
        self.picked: list[Card] = []
        super().__init__(**options)
        self.trump_choice._options = lambda: trump_options()[:-1]  # no partner: no "en face"
        self.aside_choice = Choice(self, "aside", self._aside_options, self._on_pick,
                                   name=lambda: say("table_choice_swap"))
        self.swap_button = Control(self, "swap", lambda: say("table_swap", count=len(self.picked)), self._on_swap, "go")
        self.act(lambda: None)

    def deal_of(self, number: int) -> Deal:
        dealer = manille.dealer_of(number, self.rules, first=Seat.S, players=3)
        return manille.deal_three(seed=f"manille3:{self.seed}:{number}", dealer=dealer, rules=self.rules)

    def _new_round(self, deal: Deal) -> manille.ThreeRound:
        self.picked = []
        return manille.ThreeRound(deal, self.rules)

    def _on_trumps(self) -> None:
        choice = self.trump_choice.value
        if self.round.phase != "trumps" or self.round.dealer != self.pupil_seat:
            self.say(say("table_trumps_named"), good=False)
            return
        try:
            self._pupil_move(self.round, ("trumps", choice))
        except CardError as error:
            self.say(str(error), good=False)
            return
        self.say(say("table_swap_question"))

    def _aside_options(self) -> list[tuple[str, str]]:
        r = self.round
        if r is None or r.phase != "aside":
            return []
        return [(str(c), c.letters) for c in r.deal[r.dealer]]

    def _on_pick(self) -> None:
        card, self.aside_choice.value = Card.parse(self.aside_choice.value), None
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) == 2:
            self.say(say("swap_count", count=3), good=False)
            return
        else:
            self.picked.append(card)
        self.say(say("table_swap_picked", cards=" ".join(map(str, self.picked)) or "—"))

    def _on_swap(self) -> None:
        if self.round.phase != "aside" or self.round.dealer != self.pupil_seat:
            self.say(say("three_not_aside"), good=False)
            return
        self._pupil_move(self.round, ("aside", tuple(self.picked)))
        self.new_deal(self.number, (self.round, self.round.game))

    def _go_on(self) -> None:
        r = self.round
        if r.game is None:
            self.say(say("table_you_deal_three" if r.phase == "trumps" else "table_swap_question"))
            return
        self.game = r.game
        self.say(start_words(r.call, self.game.multiplier, self.game.to_play))
        self.after_card()

    def finish(self) -> None:
        if self._scored is self.game:
            return
        self._scored = self.game
        result = self.round.result()
        self.match.add(result)
        mine = next(v for t, v in result.scores.items() if self.pupil_seat in t)
        self.say(result.words, good=mine > 0 if any(result.scores.values()) else None)

    def show(self) -> None:
        if self.aside_choice is None:
            return  # still building
        r, game = self.round, self.game
        seats = self.deal.seats
        names = {s: say("table_you" if s == self.pupil_seat else "table_computer") for s in seats}
        names[self.deal.dealer] += " · " + say("table_dealer")
        self.deal_words.value = f"<p>{render.text_html(say('table_three_deal', dealer=self.deal.dealer.word))}</p>"
        pupil_deals = r.dealer == self.pupil_seat
        self.trump_choice.visible = self.trump_button.visible = pupil_deals and r.phase == "trumps"
        self.aside_choice.visible = self.swap_button.visible = pupil_deals and r.phase == "aside"
        self.tap_button.visible = self.no_tap_button.visible = False
        over = game is not None and game.is_over
        self.next_button.visible = over and not self.match.is_over
        self.new_match_button.visible = self.match.is_over
        self.step_button.visible = self.teacher_mode and game is not None and not over
        self.undo_button.visible = not (self.teacher_mode or game is None or over)
        info = render.badge_html(render.text_html(say("table_deal_number", number=self.number)))
        near = ""
        if r.call is not None:
            near = render.badge_html(render.text_html(trumps_badge(r.call, manille.multiplier(r.call.trumps))),
                                     highlight=True)
        common = dict(names=names, theme=self.theme, scale=self.scale, pack=manille.PACK, message=self.message.value,
                      near=near)
        if game is None:
            hands = {s: list(self.deal[s]) if self.teacher_mode or s == self.pupil_seat else 10 for s in seats}
            centre = ""
            if self.trump_choice.visible:
                centre = f"<div>{self.trump_choice.html()}</div><div>{self.controls_html(self.trump_button)}</div>"
            elif self.aside_choice.visible:
                centre = f"<div>{self.aside_choice.html()}</div><div>{self.controls_html(self.swap_button)}</div>"
            self._buttons, self._buttons_key = {}, None
            self.view.html = render.table_html(hands, info=info, centre=centre, **common)
        else:
            alone = (game.dealer,)
            two = tuple(s for s in seats if s != game.dealer)
            info += render.badge_html(render.text_html(say("table_three_points", dealer=game.dealer.word,
                                                          alone=game.card_points(alone), two=game.card_points(two))))
            plays, winner = self.shown_plays()
            hands = {s: list(self.deal[s]) for s in seats} if over else self.visible_hands(self.pupil_seats)
            self.view.html = render.table_html(
                hands, plays, trumps=game.trumps, to_play=None if over else game.to_play, winner=winner,
                buttons=self.button_states(), info=info, last=self.last_trick(),
                beside=self.controls_html(self.step_button),
                controls=self.controls_html(self.undo_button, self.last_button, self.next_button,
                                            self.new_match_button), **common)
        totals = self.match.totals
        self.match_html.value = (f'<div style="font-size:{round(16 * self.scale)}px"><b>'
                                 f'{render.text_html(say("table_match", target=say("table_first_to", target=self.rules.target)))}</b> '
                                 + " · ".join(f"{s.word} {totals.get(s, 0)}" for s in seats)
                                 + (f" — {render.text_html(self.match.words)}" if self.match.is_over else "") + "</div>")


def three_player_table(**options) -> ThreeTable:
    """A table of three-player Manille: the pupil at South, computer players at East and West."""
    return ThreeTable(**options)


def blind_table(**options) -> BlindTable:
    """A table of Blind Manille: the pupil sees every hand but their own and draws at random."""
    return BlindTable(**options)
