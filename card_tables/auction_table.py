"""The Auction Manille table: the pupil against 2 to 6 computer players, each for himself,
in any of the three forms (the privilege or the bids, the widow, trumps, the play, the
winnings and the match). The round decides every rule; the table shows what it says."""
from __future__ import annotations

import random

import ipywidgets as w

from cardlib import render
from cardlib.bots.manille_auction import move
from cardlib.manille_auction import ALL, PACK, AuctionMatch, AuctionRound, AuctionRules, bid_words, player_word
from cardlib.messages import say
from cardlib.play import Action
from card_tables.base import TableView

PUPIL = 0  # the pupil is Player 1
FIRST_DEALER = -1  # the player before the pupil deals first, so the pupil is asked first in deal 1
TRUMPS = ("♠", "♥", "♦", "♣", "NT")


class AuctionTable:
    """A match of Auction Manille in a notebook.

    >>> table = AuctionTable(form=2, players=4)   # doctest: +SKIP
    >>> table                                     # doctest: +SKIP
    """

    def __init__(self, form: int = 1, players: int = 4, rules: AuctionRules | None = None, seed: int = 0,
                 theme=None, scale: float | None = None):
        self.rules = rules or AuctionRules(form=form, players=players)
        self.seed, self.theme, self.scale = seed, theme, scale
        self.match = self._new_match()
        self.rng = random.Random(seed)
        self.message = ""
        self.view = TableView()
        self.view.add_class("mb-table")
        self.view.on_msg(self._on_message)
        self.widget = w.VBox([self.view])
        self.widget.add_class("mb-auction-table")
        self.new_deal()

    def _new_match(self) -> AuctionMatch:
        """Each player starts with ``rules.counters`` points to pay with (docs/rules.md §3)."""
        return AuctionMatch(self.rules, first_dealer=FIRST_DEALER % self.rules.players)

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    # --- the deal: computer players move until it is the pupil's turn ---
    def new_deal(self) -> None:
        if self.match.is_over:
            self.match = self._new_match()
        number = len(self.match.lines)
        self.round = AuctionRound(self.rules, seed=f"auction:{self.seed}:{number}", dealer=self.match.next_dealer)
        self.scored = False
        self.message = ""
        self.computer_moves()

    def computer_moves(self) -> None:
        r = self.round
        while r.to_act is not None and r.to_act != PUPIL:
            r.act(move(r, self.rng))
        if r.to_act is None and not self.scored:
            self.match.add(r.result())
            self.scored = True
            self.message = " ".join([r.result().words] + [
                say("auction_short", player=player_word(p), had=had) if had else say("auction_short_nothing", player=player_word(p))
                for p, had in self.match.short[-1]])
        self.show()

    def do(self, action: Action) -> None:
        """The pupil's action: refused in words (nothing changes), or done."""
        r = self.round
        why = say("table_cannot_do") if r.to_act != PUPIL else r.why_illegal(action)
        if why:
            self.message = why
            self.show()
            return
        r.act(action)
        self.message = say("auction_drew", card=r.just_drawn) if r.phase == "discard" else ""
        self.computer_moves()

    # --- clicks from the browser, every one checked ---
    def _on_message(self, _view, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        card, action, value = content.get("card"), content.get("action"), content.get("value", "")
        if isinstance(card, str) and len(card) <= 3:
            self.click_card(card)
        elif isinstance(action, str) and isinstance(value, str) and action in self.actions():
            self.press(action, value)
        else:
            self.message = say("table_cannot_do")
            self.show()

    def click_card(self, letters: str) -> None:
        """A card of the pupil's hand clicked: played, or discarded after a draw."""
        card = next((c for c in self.round.hands[PUPIL] if c.letters == letters), None)
        phase = self.round.phase
        if card is None or phase not in ("play", "discard"):
            self.message = say("table_cannot_do")
            self.show()
        else:
            self.do(Action("card" if phase == "play" else "discard", card))

    def actions(self) -> list[str]:
        """The buttons the pupil may press now."""
        r = self.round
        if r.to_act != PUPIL:
            return ["next"] if r.to_act is None else []
        return {"privilege": ["take", "pass"], "bidding": ["bid", "pass"], "trumps": ["trumps"],
                "draw": ["draw", "stop"]}.get(r.phase, [])

    def press(self, action: str, value: str = "") -> None:
        """A button pressed (``value``: the promise, the trumps, the face-up card to draw)."""
        if action == "next":
            self.new_deal()
        elif action in ("take", "pass", "stop"):
            self.do(Action(action))
        elif action == "bid":
            self.do(Action("bid", value))
        elif action == "trumps" and value in TRUMPS:
            self.do(Action("trumps", "no trumps" if value == "NT" else value))
        elif action == "draw":
            self.do(Action("draw", value or None))
        else:
            self.message = say("table_cannot_do")
            self.show()

    def bid_choices(self) -> list:
        """The promises offered as buttons: the next one up, then every 5 points, and all the tricks."""
        r = self.round
        low = r.rules.bid_value(r.highest_bid) + 1
        if r.highest_bid == ALL:
            return []
        steps = [low] + [n for n in range(5 * (low // 5 + 1), r.rules.most, 5)]
        return steps[:8] + [ALL]

    # --- drawing ---
    def controls_html(self) -> str:
        r, b = self.round, render.button_html
        parts = []
        for action in self.actions():
            if action == "take":
                parts.append(b("take", say("auction_take"), kind="go"))
            elif action == "pass":
                parts.append(b("pass", say("auction_pass")))
            elif action == "bid":
                parts += [b("bid", say("auction_bid_all_button") if n == ALL else say("auction_bid_button", points=n),
                            str(n), kind="go") for n in self.bid_choices()]
            elif action == "trumps":
                parts += [b("trumps", say("no_trumps") if t == "NT" else t, t, kind="go") for t in TRUMPS]
            elif action == "draw":
                if Action("draw") in r.legal_actions():
                    parts.append(b("draw", say("auction_draw_down"), "", kind="go"))
                parts += [b("draw", say("auction_draw_card", card=render.card_words(c)), c.letters, kind="go")
                          for c in r.face_up_cards]
            elif action == "stop":
                parts.append(b("stop", say("auction_stop"), kind="main"))
            elif action == "next":
                parts.append(b("next", say("table_new_match" if self.match.is_over else "table_next_deal"), kind="main"))
        return "".join(parts)

    def info_html(self) -> str:
        r = self.round
        lines = [say("auction_form_title", form=r.rules.form)]
        if r.declarer is not None:
            lines.append(say("auction_declarer_is", player=player_word(r.declarer)))
        if r.bids:
            lines.append(say("auction_high_bid", bid=bid_words(r.highest_bid)))
        if r.trumps != "unnamed":
            lines.append(render.trumps_words(r.trump_suit))
        totals = self.match.totals
        lines.append(" · ".join(f"{player_word(p)}: {totals[p]}" for p in totals))
        return "".join(f"<div>{render.text_html(line)}</div>" for line in lines)

    def html(self) -> str:
        r = self.round
        plays = dict(r.current) if r.current or not r.tricks else dict(r.tricks[-1][1])
        players = []
        for p in [q for q in range(r.rules.players) if q != PUPIL] + [PUPIL]:
            name = say("auction_you", player=player_word(p)) if p == PUPIL else player_word(p)
            players.append((name, len(r.hands[p]) if p != PUPIL else r.hands[p], plays.get(p), r.to_act == p))
        legal = set(r.legal_plays()) if r.to_act == PUPIL else set()
        discarding = r.phase == "discard" and r.to_act == PUPIL
        states = {c: "playable" if c in legal or discarding else ("other" if r.to_act == PUPIL and r.phase == "play" else "off")
                  for c in r.hands[PUPIL]}
        face_up = set(r.face_up_cards)
        widow = [c if c in face_up else None for c in r.widow] if r.phase in ("privilege", "bidding", "draw", "discard") else []
        message = render.text_html(self.message or self.turn_words())
        return render.ring_table_html(players, r.hands[PUPIL], states, widow, message, self.controls_html(),
                                      self.info_html(), self.theme, self.scale, PACK)

    def turn_words(self) -> str:
        r = self.round
        if r.to_act != PUPIL:
            return ""
        return say(f"auction_your_{r.phase.replace(' ', '_')}")

    def show(self) -> None:
        self.view.html = self.html()
