"""Pieces every card table shares: card buttons, the picture, messages, undo, computer turns.

A widget never decides a rule: it asks the play state (``legal_plays``, ``why_illegal``,
``play``) and shows the answer. What a seat may not see never reaches the browser: the
picture is drawn with hidden hands as a count of card backs, and only the cards the pupil
may play become buttons. Every callback checks what it receives, because in Voilà any
widget message can be forged.
"""
from __future__ import annotations

import html

import ipywidgets as w

from cardlib import render
from cardlib.cards import Card
from cardlib.messages import say
from cardlib.play import TrickPlay
from cardlib.seats import Seat

CARD_CSS_CLASS = "mb-card"
POSITIONS = {Seat.N: "top", Seat.W: "left", Seat.E: "right", Seat.S: "bottom"}
SIDE_SIZE = 0.6  # hidden hands, the trick record and the corner notes are drawn smaller
ROW_CARDS = 13     # card buttons in a row; fewer on a projector so the table fits the screen
# ipywidgets boxes have no background setting, so the felt and the card buttons' look
# come from one small style sheet shipped with each table.
TABLE_CSS = f"""<style>
.mb-table {{ background: {render.FELT}; border-radius: 12px; }}
.mb-card {{ border-radius: 6px !important; box-shadow: 0 1px 3px rgba(0,0,0,.45); }}
.mb-card:disabled {{ opacity: .8 !important; }}
.mb-card:focus-visible {{ outline: 4px solid {render.GOLD} !important; outline-offset: 2px; }}
.mb-card:hover:enabled {{ transform: translateY(-6px); }}
</style>"""


def card_button(card: Card, theme, scale: float) -> w.Button:
    """A button that looks like a card: white face, rank and suit, the suit's colour."""
    colour = render.suit_colour(card.suit, theme)
    button = w.Button(
        description=f"{card.rank.symbol}{card.suit.symbol}",
        tooltip=render.card_words(card),
        layout=w.Layout(width=f"{round(52 * scale)}px", height=f"{round(74 * scale)}px",
                        border="1px solid #555", margin=f"{round(2 * scale)}px", padding="0"),
        style=w.ButtonStyle(button_color="white", text_color=colour,
                            font_size=f"{round(20 * scale)}px", font_weight="bold"),
    )
    button.add_class(CARD_CSS_CLASS)
    return button


def close_tree(widget: w.Widget) -> None:
    """Close a widget and everything it holds, so the browser lets go of its models too."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for part in ("layout", "style"):
        if isinstance(getattr(widget, part, None), w.Widget):
            getattr(widget, part).close()
    widget.close()


class TableBase:
    """A play state, the pupil's seats, computer players for the rest, and the view."""

    def __init__(self, theme=None, scale: float | None = None):
        self.theme = render.theme(theme)
        self.scale = scale = render.PREFERENCES.scale if scale is None else scale
        self.game: TrickPlay | None = None
        self.pupil_seats: set[Seat] = set()
        self.bots: dict[Seat, object] = {}
        # The teacher's tools exist only where a teacher reads the page (MINIBRIDGE_AUDIENCE):
        # in the pupils' app there is no box, nothing in the widget state, and no way to switch.
        self.teacher_tools = render.PREFERENCES.teacher_tools
        self._teacher_mode = False
        self._buttons: dict[w.Button, Card] = {}
        self.viewer = Seat.S  # the seat drawn at the bottom of the table
        self.grid = w.GridBox(layout=w.Layout(
            grid_template_columns="auto auto auto", grid_gap=f"{round(12 * scale)}px",
            grid_template_areas='"corner top record" "left centre right" ". bottom ."',
            align_items="center", justify_items="center", padding=f"{round(12 * scale)}px"))
        self.grid.add_class("mb-table")
        self.style = w.HTML(TABLE_CSS)
        self.message = w.HTML()
        self.message.add_class("mb-message")
        self.undo_button = w.Button(description=say("table_take_back"), icon="undo", tooltip=say("table_take_back_tip"))
        self.undo_button.on_click(self._on_undo)
        self.step_button = w.Button(description=say("table_next_card"), tooltip=say("table_next_card_tip"))
        self.step_button.on_click(self._on_step)
        self.teacher_box = None
        if self.teacher_tools:
            self.teacher_box = w.Checkbox(value=False, description=say("table_teacher_mode"), indent=False)
            self.teacher_box.observe(self._on_teacher, "value")

    @property
    def teacher_mode(self) -> bool:
        """Every hand face up, the computer playing each card on "Next card" (teachers only)."""
        return self._teacher_mode

    @teacher_mode.setter
    def teacher_mode(self, on: bool) -> None:
        self._teacher_mode = bool(on) and self.teacher_tools

    def teacher_row(self) -> list[w.Widget]:
        """The teacher's switch for the table's layout: nothing in the pupils' app."""
        return [] if self.teacher_box is None else [self.teacher_box]

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    # --- the pupil's turn ---
    def pupil_to_play(self) -> bool:
        game = self.game
        return (game is not None and not game.is_over and not self.teacher_mode
                and game.controller(game.to_play) in self.pupil_seats)

    def _on_card(self, button: w.Button) -> None:
        card = self._buttons.get(button)
        if card is None or not self.pupil_to_play() or card not in self.game.hands[self.game.to_play]:
            self.say(say("table_cannot_play"), good=False)
            return
        reason = self.game.why_illegal(card)
        if reason:
            self.say(reason, good=False)
            return
        self.game.play(card)
        self.say("")  # an earlier ✘ must not stay beside a card that was accepted
        self.after_card()

    def after_card(self) -> None:
        """Let the computer reply, score the hand when it is over, and redraw."""
        self.computer_turns()
        if self.game.is_over:
            self.finish()
        self.show()

    def finish(self) -> None:
        """Score the finished play (each table knows its game's scoring)."""
        raise NotImplementedError

    def computer_turns(self) -> None:
        """The computer plays every seat that is not the pupil's, until the pupil's turn."""
        game = self.game
        while game is not None and not game.is_over and not self.teacher_mode \
                and game.controller(game.to_play) not in self.pupil_seats:
            self.computer_card()

    def computer_card(self) -> None:
        game = self.game
        seat = game.to_play
        bot = self.bots[game.controller(seat)]
        game.play(bot.choose(game, seat))

    def _on_step(self, _button=None) -> None:
        if self.game is None or self.game.is_over or not self.teacher_mode:
            self.say(say("table_no_card"), good=False)
            return
        self.computer_card()
        self.after_card()

    def _on_teacher(self, change) -> None:
        """Teacher mode: every hand face up, and the computer plays each card on "Next card"."""
        if not self.teacher_tools:
            return  # the pupils' app: a forged switch changes nothing
        self.teacher_mode = bool(change["new"])
        if self.game is not None:
            self.after_card()
        else:
            self.show()

    def _on_undo(self, _button=None) -> None:
        """Take back the pupil's last card and the computer's replies after it."""
        game = self.game
        if game is None or self.teacher_mode:
            return
        if game.is_over:
            self.say(say("table_scored"), good=False)
            return
        if not any(game.controller(s) in self.pupil_seats for s, _ in game.plays):
            self.say(say("nothing_to_undo"), good=False)
            return
        while True:
            seat, _card = game.plays[-1]
            game.undo()
            if game.controller(seat) in self.pupil_seats:
                break
        self.say(say("table_taken_back"))
        self.show()

    # --- showing ---
    def say(self, words: str, good: bool | None = None) -> None:
        mark = {True: "✔ ", False: "✘ ", None: ""}[good]
        size = round(16 * self.scale)
        self.message.value = f'<div style="font-size:{size}px">{mark}{html.escape(words)}</div>'

    def visible_hands(self, viewer_seats: set[Seat]) -> dict[Seat, list[Card] | int]:
        """Each hand as its cards if the pupil may see it, else just how many cards."""
        game = self.game
        shown = {}
        for seat, cards in game.hands.items():
            visible = self.teacher_mode or any(game.can_see(v, seat) for v in viewer_seats)
            shown[seat] = list(cards) if visible else len(cards)
        return shown

    def button_seats(self) -> set[Seat]:
        """The hands the pupil plays from: their own, and dummy's when they are declarer."""
        game = self.game
        if game is None or game.is_over or self.teacher_mode:
            return set()
        return {s for s in game.hands if game.controller(s) in self.pupil_seats}

    def shown_plays(self):
        """The trick on the table: the one in progress, or the last one finished."""
        game = self.game
        if game.current or not game.tricks:
            return list(game.current), None
        return list(game.tricks[-1].plays), game.tricks[-1].winner

    def draw(self, hands: dict[Seat, list[Card] | int], names: dict[Seat, str], to_play: Seat | None = None,
             plays=(), winner: Seat | None = None, dummy: Seat | None = None, trumps=None,
             corner: str = "", record: str = "", pack=None) -> None:
        """Lay out the table with the pupil at the bottom; the pupil's hands as card buttons."""
        scale, theme = self.scale, self.theme
        playable = self.button_seats()
        self._buttons = {}
        cells = {}
        for seat, hand in hands.items():
            label = render.label_html(names[seat], scale)
            if seat == to_play:
                label += render.label_html("▶ " + say("render_to_play", seat=seat.word), scale, highlight=True)
            if seat in playable:
                body = self.button_row(hand, enabled=seat == to_play, pack=pack)
            elif isinstance(hand, int):
                body = w.HTML(render.hidden_hand_html(hand, theme, scale * SIDE_SIZE))
            elif seat == dummy:
                body = w.HTML(render.dummy_html(hand, trumps, theme, scale, seat=self.drawn_at(seat)))
            else:
                body = w.HTML(render.hand_html(hand, theme, scale, pack=pack))
            cell = w.VBox([w.HTML(label), body], layout=w.Layout(align_items="center"))
            cell.add_class(f"mb-seat-{seat.name}")
            cells[seat] = cell
        where = {seat: POSITIONS[self.drawn_at(seat)] for seat in cells}
        centre = w.HTML(render.trick_html(plays, theme, scale, winner=winner, bottom=self.viewer))
        if record:
            record = f'<div style="background:#fff;border-radius:8px;padding:6px">{record}</div>'
        children = [w.HTML(corner, layout=w.Layout(grid_area="corner")), centre,
                    w.HTML(record, layout=w.Layout(grid_area="record"))]
        centre.layout.grid_area = "centre"
        for seat, cell in cells.items():
            cell.layout.grid_area = where[seat]
            children.append(cell)
        old = self.grid.children
        self.grid.children = children
        for child in old:
            close_tree(child)

    @property
    def side_scale(self) -> float:
        """The size of the notes at the table's corners: smaller on a projector, never tiny."""
        return max(1.0, self.scale * SIDE_SIZE)

    def drawn_at(self, seat: Seat) -> Seat:
        """Where a seat is drawn when the table is turned so the pupil sits at the bottom (South)."""
        return Seat((seat - self.viewer + Seat.S) % 4)

    def button_row(self, cards, enabled: bool, pack=None) -> w.Box:
        buttons = []
        for card in (pack.in_order(cards) if pack else cards):
            button = card_button(card, self.theme, self.scale)
            button.disabled = not enabled
            button.on_click(self._on_card)
            self._buttons[button] = card
            buttons.append(button)
        per_row = ROW_CARDS if self.scale <= 1.25 else 7
        row = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap", justify_content="center",
                                              max_width=f"{round(per_row * 57 * self.scale)}px"))
        row.add_class("mb-hand")
        return row

    @property
    def hand_buttons(self) -> list[w.Button]:
        """The card buttons on the table now."""
        return list(self._buttons)
