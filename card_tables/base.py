"""Pieces every card table shares: the table view, card buttons, controls, messages, undo,
and the computer's turns, one card at a time.

The whole table is one small anywidget (``TableView``): Python draws it with
``render.table_html``, the same layout function as the static picture, and the browser shows
that HTML. The pupil's cards are real ``<button>`` elements (Tab to a card, Enter plays it);
a click sends the card's letters back to Python, nothing else. One state update a redraw,
instead of dozens of button models, keeps a class of 30 on one small server quick.

A widget never decides a rule: it asks the play state (``legal_plays``, ``why_illegal``,
``play``) and shows the answer. What a seat may not see never reaches the browser: hidden
hands are drawn as card backs only. Every message from the browser is checked, because in
Voilà any widget message can be forged.

The computer's cards appear one at a time, ``pace`` seconds apart (MINIBRIDGE_PACE, default
0.8; 0 plays them at once), when the pupil acted in the browser. Code that drives a table
(``button.click()`` in a test or a lesson's cell) gets every reply at once.
"""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from html import escape

import anywidget
import ipywidgets as w
import traitlets

from cardlib import render, settings
from cardlib.cards import Card
from cardlib.messages import CardError, plain, say
from cardlib.play import TrickPlay
from cardlib.seats import Seat

PACE = settings.PACE
TRICK_PAUSE = 2  # a finished trick stays this many paces before the next lead

ESM = """
function render({ model, el }) {
  el.classList.add("mb-view");
  const key = (b) => b && (b.dataset.card ? "card:" + b.dataset.card
                          : b.dataset.action ? "action:" + b.dataset.action + ":" + (b.dataset.value || "") : null);
  const find = (k) => [...el.querySelectorAll("button")].find((b) => key(b) === k && !b.disabled);
  const draw = () => {
    const active = document.activeElement;
    const inside = active === el || el.contains(active);
    const before = inside ? key(active) : null;
    el.innerHTML = model.get("html");
    if (!inside) return;
    // The button pressed, drawn again; else a card to play; else, on a table with no card to
    // press yet, its first button: what it asks before the play (the contract, a call, a swap).
    const next = (before && find(before)) || el.querySelector("button.mb-playable:not([disabled])")
                 || el.querySelector("button.mb-card:not([disabled])")
                 || (!el.querySelector("button.mb-card") && el.querySelector("button:not([disabled])"));
    (next || el).focus({ preventScroll: true });
  };
  el.tabIndex = -1;
  // "Tap to raise" (a table setting): on a table, a first tap raises a card, a second plays it.
  // Enter on a card reached with Tab plays it at once (a click with detail 0).
  let raised = null;
  const mark = () => el.querySelectorAll("button.mb-card").forEach(
    (b) => b.classList.toggle("mb-raised", b.dataset.card === raised && !b.disabled));
  // A press that a redraw splits (down on a button, up on its copy) is no click at all: while a
  // finger or the mouse is down on the table, the table is drawn again only once the click is in.
  let pressing = false, held = false;
  const redraw = () => {
    if (pressing) { held = true; return; }
    held = false;
    draw(); if (raised && !find("card:" + raised)) raised = null; mark(); rove();
  };
  const release = () => { if (!pressing) return; pressing = false; if (held) redraw(); };
  const down = () => { pressing = true; };
  const up = () => setTimeout(release, 400);  // a press let go off any button brings no click
  const spaceDown = (event) => { if (event.key === " " && !event.repeat) down(); };  // Space clicks as it comes up
  const spaceUp = (event) => { if (event.key === " ") setTimeout(release, 0); };
  const click = (event) => {
    try { press(event); } finally { release(); }
  };
  const press = (event) => {
    const b = event.target.closest("button");
    if (!b || !el.contains(b) || b.disabled) return;
    if (b.dataset.card) {
      const onTable = b.closest(".mb-felt") !== null;
      if (onTable && model.get("tap_to_raise") && event.detail !== 0 && raised !== b.dataset.card) {
        raised = b.dataset.card;
        mark();
        return;
      }
      raised = null;
      model.send({ card: b.dataset.card });
    }
    else if (b.dataset.action) model.send({ action: b.dataset.action, value: b.dataset.value || "" });
  };
  // Keyboard: the cards are one stop for Tab (the card last focused, else the first the pupil
  // may play); the arrow keys move between the cards that can be pressed, Home and End go to the
  // first and last; Enter (or Space) presses the focused card. Each choice (the trumps,
  // partscore or game, a bid's number) is one stop for Tab the same way (its option pressed,
  // else the one last focused, else the first), and the arrows move between its options.
  const cards = () => [...el.querySelectorAll("button.mb-card:not([disabled])")];
  const options = (action) => [...el.querySelectorAll("button[aria-pressed][data-action]:not([disabled])")]
    .filter((o) => action === undefined || o.dataset.action === action);
  const group = (b) => b.dataset.card ? cards() : b.hasAttribute("aria-pressed") && b.dataset.action ? options(b.dataset.action) : null;
  const last = {};  // the button last focused: of the cards ("card"), of each choice (its action)
  const stop = (all, first) => all.find((b) => key(b) === last[b.dataset.card ? "card" : b.dataset.action]) || first || all[0];
  const rove = () => {
    const all = cards();
    const toCards = stop(all, all.find((b) => b.classList.contains("mb-playable")));
    all.forEach((b) => { b.tabIndex = b === toCards ? 0 : -1; });
    for (const action of new Set(options().map((o) => o.dataset.action))) {
      const mine = options(action), pressed = mine.find((o) => o.getAttribute("aria-pressed") === "true");
      const toChoice = pressed || stop(mine);
      mine.forEach((o) => { o.tabIndex = o === toChoice ? 0 : -1; });
    }
  };
  const arrows = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const keydown = (event) => {
    const b = event.target.closest && event.target.closest("button");
    const all = b && el.contains(b) && !event.altKey && !event.ctrlKey && !event.metaKey && group(b);
    if (!all) return;
    const at = all.indexOf(b);
    const next = event.key in arrows ? all[(at + arrows[event.key] + all.length) % all.length]
               : event.key === "Home" ? all[0] : event.key === "End" ? all[all.length - 1] : null;
    if (!next) return;
    event.preventDefault();
    next.focus();  // focusin: remembered, and the Tab stop
  };
  const focused = (event) => {
    const b = event.target.closest && event.target.closest("button");
    if (b && el.contains(b) && group(b)) { last[b.dataset.card ? "card" : b.dataset.action] = key(b); rove(); }
  };
  el.addEventListener("click", click);
  el.addEventListener("keydown", keydown);
  el.addEventListener("focusin", focused);
  el.addEventListener("pointerdown", down);
  el.addEventListener("keydown", spaceDown);
  el.addEventListener("keyup", spaceUp);
  window.addEventListener("pointerup", up, true);
  window.addEventListener("pointercancel", release, true);
  model.on("change:html", redraw);
  draw();
  rove();
  return () => {
    model.off("change:html", redraw);
    el.removeEventListener("click", click); el.removeEventListener("keydown", keydown);
    el.removeEventListener("focusin", focused); el.removeEventListener("pointerdown", down);
    el.removeEventListener("keydown", spaceDown); el.removeEventListener("keyup", spaceUp);
    window.removeEventListener("pointerup", up, true); window.removeEventListener("pointercancel", release, true);
  };
}
export default { render };
"""

CSS = f"""
.mb-view {{ outline: none; }}
.mb-view button.mb-card {{ transition: transform .12s ease-out; }}
.mb-view button.mb-card:not(.mb-across):not([disabled]):hover {{ transform: translateY(calc(-11 * var(--u))) !important; }}
.mb-view button:focus-visible {{ outline: calc(3 * var(--u)) solid {render.GOLD}; outline-offset: calc(1 * var(--u));
  z-index: 1; }}
.mb-view button.mb-card:not(.mb-across):focus-visible, .mb-view button.mb-card.mb-raised:not(.mb-across) {{
  transform: translateY(calc(-11 * var(--u))) !important; }}
/* A card in a hand stays under the cards drawn after it (rising, it covers none of them); dummy's
   cards stay in place and light up instead, so no card's corner or hint mark is covered. */
.mb-view button.mb-card:focus-visible {{ z-index: auto; }}
.mb-view button.mb-card.mb-across:focus-visible {{ outline-offset: calc(-3 * var(--u)); }}
.mb-view button.mb-card.mb-across:not([disabled]):is(:hover, :focus-visible, .mb-raised) {{
  background: #FFE9A8 !important; }}
/* A raised card keeps the place it was lifted from: the strip it left is still its own, never
   the card beneath (a tap there would play the neighbour). */
.mb-view button.mb-card:not(.mb-across):not([disabled]):is(:hover, .mb-raised)::after {{ content: "";
  position: absolute; left: 0; right: 0; top: 100%; height: calc(4 * var(--u)); }}
.mb-view button.mb-card:is(.mb-other, .mb-wait):not(.mb-across):not([disabled]):is(:hover, .mb-raised)::after {{
  height: calc(16 * var(--u)); }}
.mb-view button.mb-action:hover {{ filter: brightness(1.12); }}
/* A finger needs 44 px. On a touch screen the table fills the screen (with room for dummy's
   longer columns), the cards of a hand lie at least 44 px apart, dummy's cards are 44 px strips,
   and every button is 44 px or more. */
@media (pointer: coarse) {{
  .mb-view .mb-felt {{ --u: min(calc((100cqw - 2px) / {render.TABLE_W}), calc((100vh - 16px) / 400)) !important;
    grid-template-rows: minmax(calc({render.ROWS[0]} * var(--u)), auto) calc({render.ROWS[1]} * var(--u))
      calc({render.ROWS[2]} * var(--u)) !important; }}
  .mb-view button.mb-action {{ min-width: 44px; min-height: 44px !important; }}
  .mb-view .mb-fan > button.mb-card + button.mb-card {{
    margin-left: calc(max(var(--step) * var(--u), 44px) - var(--card-w) * var(--u)) !important; }}
  .mb-view .mb-felt > [role=region]:has(> div > .mb-fan) {{
    grid-template-columns: minmax(0, 1fr) minmax(calc({render.COLUMNS[1]} * var(--u)), auto) !important; }}
  .mb-view .mb-dummy button.mb-card {{ height: max(calc(24 * var(--u)), 48px) !important; }}
  .mb-view .mb-dummy button.mb-card + button.mb-card {{ margin-top: -4px !important; }}
}}
"""


def default_pace(environ=None) -> float:
    """Seconds between the computer's cards: MINIBRIDGE_PACE (0 to 5), else 0.8.

    >>> default_pace({"MINIBRIDGE_PACE": "0"}), default_pace({}), default_pace({"MINIBRIDGE_PACE": "slow"})
    (0.0, 0.8, 0.8)
    """
    return settings.read(environ).pace


class TableView(anywidget.AnyWidget):
    """The table in the browser: the HTML Python drew, and clicks sent back as messages.

    The one way a pupil clicks a card: the tables and the exercise widget's card questions
    both draw their cards as ``<button data-card="SA">`` in this view, and a click (or Enter
    on a card reached with Tab) sends ``{"card": "SA"}``; a control sends ``{"action": ...,
    "value": ...}``. Whoever listens (``view.on_msg``) checks every message.

    >>> view = TableView(html=render.trick_choice_html([("N", "♠A")]))
    >>> 'data-card="SA"' in view.html
    True
    """

    _esm = ESM
    _css = CSS
    html = traitlets.Unicode("").tag(sync=True)
    tap_to_raise = traitlets.Bool(False).tag(sync=True)  # a first tap raises a card, a second plays it


class CardButton:
    """One of the pupil's cards on the table now: a ``<button>`` in the browser.
    ``click()`` plays it from Python, as a pupil's click does."""

    def __init__(self, table: TableBase, card: Card, seat: Seat, state: str):
        self.table, self.card, self.seat, self.state = table, card, seat, state

    @property
    def disabled(self) -> bool:
        return self.state == "off"

    @property
    def description(self) -> str:
        return f"{self.card.rank.symbol}{self.card.suit.symbol}"

    @property
    def tooltip(self) -> str:
        return render.card_words(self.card)

    def click(self) -> None:
        self.table.act(lambda: self.table._on_card(self))

    def __repr__(self) -> str:
        return f"CardButton({self.card!r}, {self.state})"


class Control:
    """A button of the table ("Take back", "Next card", "Play again"...). ``visible`` says
    whether the table draws it now; ``click()`` does what pressing it does."""

    def __init__(self, table: TableBase, action: str, label: Callable[[], str], handler: Callable[[], None],
                 kind: str = "", tip: Callable[[], str] | None = None):
        self.table, self.action, self._label, self.handler, self.kind, self._tip = table, action, label, handler, kind, tip
        self.visible = False
        table._actions[action] = self

    @property
    def description(self) -> str:
        return self._label()

    def click(self) -> None:
        self.table.act(self.handler)

    def html(self) -> str:
        return render.button_html(self.action, self.description, kind=self.kind, tip=self._tip() if self._tip else "")


class Choice:
    """Toggle buttons on the table (trumps, partscore or game...). ``value`` is one of the
    options' values or None; anything else is refused. ``name`` gives the words a screen reader
    says for the group of buttons ("Partscore or game"), in the current language."""

    def __init__(self, table: TableBase, action: str, options: Callable[[], list[tuple[str, str]]],
                 on_change: Callable[[], None] | None = None, name: Callable[[], str] | None = None):
        self.table, self.action, self._options, self.on_change, self.name = table, action, options, on_change, name
        self._value: str | None = None
        self.visible = False
        table._actions[action] = self

    @property
    def options(self) -> list[tuple[str, str]]:
        return self._options()

    @property
    def value(self) -> str | None:
        return self._value

    @value.setter
    def value(self, value: str | None) -> None:
        if value is not None and value not in [v for _, v in self.options]:
            raise ValueError(say("table_not_a_choice", value=value))
        changed = value != self._value
        self._value = value
        if changed and self.on_change is not None and value is not None:
            self.on_change()

    def choose(self, value: str) -> None:
        """A press from the browser: only one of the options is taken."""
        if value in [v for _, v in self.options]:
            self.value = value

    def html(self) -> str:
        buttons = "".join(render.button_html(self.action, label, value, pressed=value == self._value)
                          for label, value in self.options)
        if self.name is None:
            return buttons
        return f'<span role="group" aria-label="{escape(plain(self.name()))}">{buttons}</span>'


class Message:
    """What the table says now (HTML, beside the trick): ``value``."""

    def __init__(self):
        self.value = ""


class TableBase:
    """A play state, the pupil's seats, computer players for the rest, and the view."""

    game: TrickPlay | None = None

    def __init__(self, theme=None, scale: float | None = None, pace: float | None = None,
                 tap_to_raise: bool | None = None):
        self.theme = render.theme(theme)
        self.scale = render.PREFERENCES.scale if scale is None else scale
        self.pace = default_pace() if pace is None else max(0.0, float(pace))
        self.pupil_seats: set[Seat] = set()
        self.bots: dict[Seat, object] = {}
        # The teacher's tools exist only where a teacher reads the page (MINIBRIDGE_AUDIENCE):
        # in the pupils' app there is no box, nothing in the widget state, and no way to switch.
        self.teacher_tools = render.PREFERENCES.teacher_tools
        self._teacher_mode = False
        self.viewer = Seat.S  # the seat drawn at the bottom of the table
        self.busy = False  # the computer is playing its cards one at a time
        self.show_last = False  # the pupil asked to see the last trick
        self.scheduler: Callable[[float, Callable[[], None]], None] | None = None  # tests: run the pace by hand
        self._token = 0  # each run of paced cards has its own; a newer one silences the old
        self._seen_tricks = 0  # tricks finished when the pupil last played a card
        self._lock = threading.RLock()
        self._from_browser = False
        self._actions: dict[str, Control | Choice] = {}
        self._buttons: dict[CardButton, Card] = {}
        self._buttons_key = None
        # Told after each click from the browser (a page keeps the table's ``actions`` then).
        self.on_move: Callable[[TableBase], None] | None = None
        # The class screen's copy of the table the teacher plays on her screen (teacher.presenter):
        # it shows her moves, replayed, and neither the computer nor a click adds any.
        self.follows = False
        # a set deal's scripted lines of play (its first cards, and any longer lines after the pupil's
        # answer), which the computer plays as given
        self.script: tuple[tuple[Card, ...], ...] = ()
        self.view = TableView(tap_to_raise=render.PREFERENCES.tap_to_raise if tap_to_raise is None else bool(tap_to_raise))
        self.view.add_class("mb-table")
        self.view.on_msg(self._on_view_message)
        self.message = Message()
        self.undo_button = Control(self, "undo", lambda: say("table_take_back"), self._on_undo,
                                   tip=lambda: say("table_take_back_tip"))
        self.step_button = Control(self, "step", lambda: say("table_next_card"), self._on_step, kind="main",
                                   tip=lambda: say("table_next_card_tip"))
        self.last_button = Control(self, "last", lambda: say("table_hide_last" if self.show_last else "table_last_trick"),
                                   self._on_last)
        # The hint: a table that offers it sets ``hints`` from its option (off for a quiz, or by a
        # lesson or teacher) and says what it counts (``analyse``, and ``hint_points``).
        self.hints = False
        self.hint_points = False  # the hint counts card points (Manille), not tricks
        self._hint = None  # (cards played when asked, {card: tricks or points kept}, numbers shown?)
        self.hint_button = Control(self, "hint", lambda: say("table_hint"), self._on_hint,
                                   tip=lambda: say("table_hint_tip_points" if self.hint_points else "table_hint_tip"))
        self.numbers_button = Control(self, "hint_numbers", lambda: say(
            "table_hint_numbers_points" if self.hint_points else "table_hint_numbers"), self._on_hint_numbers)
        self.teacher_box = None
        if self.teacher_tools:
            self.teacher_box = w.Checkbox(value=False, description=plain(say("table_teacher_mode")), indent=False)
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

    # --- every action: one at a time, then the table drawn again ---
    def replay(self, actions) -> None:
        """Rebuild the table from ``actions`` (as ``actions`` lists them), after a page reload for
        instance. Moves that cannot be replayed get a message and change nothing."""
        self.act(lambda: self._replay(actions))  # each table reads its own moves in _replay

    def act(self, handler: Callable[[], None]) -> None:
        with self._lock, self.view.hold_sync():
            handler()
            self.show()

    def _on_view_message(self, _view, content, _buffers) -> None:
        """A click in the browser: a card's letters, or a control's name and value. Checked."""
        if not isinstance(content, dict):
            return
        if self.follows:
            self.act(lambda: self.say(say("table_follows_teacher"), good=False))
            return
        card, action, value = content.get("card"), content.get("action"), content.get("value", "")
        self._from_browser = True
        try:
            if isinstance(card, str) and len(card) <= 3:
                button = next((b for b in self._buttons if b.card.letters == card), None)
                self.act(lambda: self._on_card(button))
            elif isinstance(action, str) and isinstance(value, str):
                target = self._actions.get(action)
                if target is None or not target.visible:
                    self.act(lambda: self.say(say("table_cannot_do"), good=False))
                elif isinstance(target, Choice):
                    self.act(lambda: target.choose(value))
                else:
                    target.click()
        finally:
            self._from_browser = False
        if self.on_move is not None:
            self.on_move(self)

    # --- the pupil's turn ---
    def pupil_to_play(self) -> bool:
        game = self.game
        return (game is not None and not game.is_over and not self.teacher_mode and not self.busy
                and game.controller(game.to_play) in self.pupil_seats)

    def _on_card(self, button: CardButton | None) -> None:
        if self.busy:
            self.say(say("table_wait"), good=False)
            return
        card = self._buttons.get(button)
        reason = self.refusal(card)
        if reason:
            self.say(reason, good=False)
            return
        self._seen_tricks = len(self.game.tricks)
        self.show_last = False
        self.play_card(card)
        self.say("")  # an earlier ✘ must not stay beside a card that was accepted
        self.after_card()

    def refusal(self, card: Card | None) -> str | None:
        """Why the pupil may not play ``card`` (one of their buttons, or None) now, in words;
        None if they may. A card of the pupil's other hand (declarer's or dummy's) says which
        hand is to play."""
        game = self.game
        if card is None or not self.pupil_to_play():
            return say("table_cannot_play")
        seat = game.to_play
        if card not in game.hands[seat]:
            if not any(card in game.hands[s] for s in self.button_seats()):
                return say("table_cannot_play")
            return say("table_turn_dummy" if game.controller(seat) != seat else "table_turn_declarer", seat=seat.word)
        return game.why_illegal(card)

    def after_card(self) -> None:
        """Let the computer reply (one card at a time if the pupil acted in the browser),
        and score the hand when it is over."""
        if self._from_browser and self.pace > 0 and self.computer_to_play():
            self._token += 1
            self.busy = True
            self._later(self._delay(), self._paced(self._token))
            return
        self.computer_turns()
        if self.game is not None and self.game.is_over:
            self.finish()

    def computer_to_play(self) -> bool:
        game = self.game
        return (game is not None and not game.is_over and not self.teacher_mode and not self.follows
                and game.controller(game.to_play) not in self.pupil_seats)

    def computer_turns(self) -> None:
        """The computer plays every seat that is not the pupil's, until the pupil's turn."""
        while self.computer_to_play():
            self.computer_card()

    def computer_card(self) -> None:
        game = self.game
        seat = game.to_play
        card = self.scripted_card()
        if card is None:
            card = self.bots[game.controller(seat)].choose(game, seat)
        self.play_card(card)

    def scripted_card(self) -> Card | None:
        """The set deal's next card by its script (``script``: lines of play from the opening
        lead, the first up to the pupil's question as the page and the curtain cards tell it, any
        other going on after an answer the page tells): the next card of the first line that every
        card so far has followed, if it may be played; else None (the computer chooses)."""
        done = [c for _, c in self.game.plays]
        for line in self.script:
            if len(done) < len(line) and done == list(line[:len(done)]):
                card = line[len(done)]
                return card if card in self.game.legal_plays() else None
        return None

    def play_card(self, card: Card) -> None:
        """Play a card for the seat to play (a table with a round plays it through the round)."""
        self.game.play(card)

    def take_back(self) -> None:
        """Take back the last card played."""
        self.game.undo()

    # --- the pace ---
    def _delay(self) -> float:
        game = self.game
        finished = game is not None and game.tricks and not game.current
        return self.pace * (TRICK_PAUSE if finished else 1)

    def _paced(self, token: int) -> Callable[[], None]:
        def step() -> None:
            with self._lock, self.view.hold_sync():
                if token != self._token:
                    return  # a new deal, a take-back or teacher mode came first
                try:
                    if self.computer_to_play():
                        self.computer_card()
                    if self.computer_to_play():
                        self._later(self._delay(), self._paced(token))
                    else:
                        self.busy = False
                        if self.game is not None and self.game.is_over:
                            self.finish()
                except Exception:
                    self.busy = False  # never leave the pupil waiting for a card that will not come
                    raise
                finally:
                    self.show()
        return step

    def stop_pace(self) -> None:
        """Forget the computer cards still to come one at a time (a new deal, teacher mode)."""
        self._token += 1
        self.busy = False

    def _later(self, delay: float, step: Callable[[], None]) -> None:
        if self.scheduler is not None:
            self.scheduler(delay, step)
            return
        try:
            asyncio.get_running_loop().call_later(delay, step)  # the kernel's own loop: no threads
        except RuntimeError:
            timer = threading.Timer(delay, step)
            timer.daemon = True
            timer.start()

    # --- the controls every table has ---
    def finish(self) -> None:
        """Score the finished play (each table knows its game's scoring)."""
        raise NotImplementedError

    def _on_step(self) -> None:
        if self.game is None or self.game.is_over or not self.teacher_mode:
            self.say(say("table_no_card"), good=False)
            return
        self.computer_card()
        if self.game.is_over:
            self.finish()

    def _on_last(self) -> None:
        self.show_last = not self.show_last

    def _on_teacher(self, change) -> None:
        """Teacher mode: every hand face up, and the computer plays each card on "Next card"."""
        with self._lock, self.view.hold_sync():
            self.teacher_mode = bool(change["new"])  # the setter refuses it in the pupils' app
            self.stop_pace()
            if self.game is not None:
                self.after_card()
            self.show()

    def _on_undo(self) -> None:
        """Take back the pupil's last card and the computer's replies after it."""
        game = self.game
        if game is None or self.teacher_mode:
            return
        if self.busy:
            self.say(say("table_wait"), good=False)
            return
        if game.is_over:
            self.say(say("table_scored"), good=False)
            return
        if not any(game.controller(s) in self.pupil_seats for s, _ in game.plays):
            self.say(say("nothing_to_undo"), good=False)
            return
        while True:
            seat, _card = game.plays[-1]
            self.take_back()
            if game.controller(seat) in self.pupil_seats:
                break
        self._seen_tricks = len(game.tricks)
        self.show_last = False
        self.say(say("table_taken_back"))

    # --- showing ---
    def say(self, words: str, good: bool | None = None) -> None:
        mark = {True: "✔ ", False: "✘ ", None: ""}[good]
        self.message.value = f"{mark}{render.text_html(words)}" if words else ""

    def show(self) -> None:
        """Draw the table again (each table puts together its picture)."""
        raise NotImplementedError

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

    # --- the hint ---
    def analyse(self, game: TrickPlay) -> dict[Card, int]:
        """What each legal card keeps for the side to play, with best play by all (``cardlib.analysis``)."""
        raise NotImplementedError

    def _on_hint(self) -> None:
        game = self.game
        if not self.hints or game is None or game.is_over or not self.pupil_to_play():
            self.say(say("table_hint_not_now"), good=False)
            return
        try:
            kept = self.analyse(game)
        except CardError as error:  # the solver is not installed, or a position it cannot do
            self.say(str(error), good=False)
            return
        self._hint = (len(game.plays), kept, False)
        self.say(say("table_hint_shown_points" if self.hint_points else "table_hint_shown"))

    def _on_hint_numbers(self) -> None:
        if self._hint_now() is None:
            self.say(say("table_hint_not_now"), good=False)
            return
        self._hint = self._hint[:2] + (True,)

    def _hint_now(self):
        """The hint, while it is about the position on the table."""
        game = self.game
        if self._hint is None or game is None or game.is_over or self._hint[0] != len(game.plays):
            return None
        return self._hint

    def show_hint_buttons(self) -> None:
        """The hint's buttons, on the pupil's turn during play (the numbers once the hint is shown)."""
        game = self.game
        hinting = (self.hints and not render.PREFERENCES.class_screen and game is not None and not game.is_over
                   and self.pupil_to_play())
        self.hint_button.visible = hinting
        self.numbers_button.visible = hinting and self._hint_now() is not None and not self._hint_now()[2]

    def button_states(self) -> dict[Seat, dict[Card, str]]:
        """Each of the pupil's cards: "playable" (may be played now), "other" (the pupil's
        turn, but the rules forbid it: a click says why), "wait" (the pupil's other hand, declarer's
        or dummy's, is to play: a click says which) or "off" (not the pupil's turn)."""
        game = self.game
        states = {}
        legal = set(game.legal_plays()) if self.pupil_to_play() else set()
        pupils_turn = self.pupil_to_play()
        for seat in self.button_seats():
            turn = seat == game.to_play and pupils_turn
            states[seat] = {c: ("playable" if c in legal else "other") if turn else "wait" if pupils_turn else "off"
                            for c in game.hands[seat]}
        # The same buttons while nothing has been played (a refusal, a message): a button
        # from before a card was played is stale, and a click on it is refused.
        key = (id(game), len(game.plays), self.busy, self.teacher_mode, tuple(sorted(states)))
        if key != self._buttons_key:
            self._buttons_key = key
            self._buttons = {CardButton(self, c, seat, state): c for seat, cards in states.items()
                             for c, state in cards.items()}
        hint = self._hint_now()
        if hint is not None:  # only the playable cards carry a mark: nothing of the hidden hands
            _, kept, numbers = hint
            top = max(kept.values())
            for cards in states.values():
                for card, state in cards.items():
                    if state == "playable" and card in kept:
                        cards[card] = render.hint_state(top - kept[card], kept[card] if numbers else None,
                                                        self.hint_points)
        return states

    def shown_plays(self):
        """The trick in the middle: the one in progress, or the last one finished."""
        game = self.game
        if game.current or not game.tricks:
            return list(game.current), None
        return list(game.tricks[-1].plays), game.tricks[-1].winner

    def last_trick(self):
        """The finished trick shown in the corner: the one before the trick in the middle,
        while the pupil has not played since it finished, or when the pupil asks to see it."""
        game = self.game
        if game is None or not game.tricks:
            return None
        index = len(game.tricks) - 1 if game.current else len(game.tricks) - 2
        if index < 0:
            return None
        fresh = index + 1 > self._seen_tricks and index == len(game.tricks) - 1
        self.last_button.visible = not fresh
        if not (fresh or self.show_last):
            return None
        trick = game.tricks[index]
        return list(trick.plays), trick.winner

    def controls_html(self, *controls: Control) -> str:
        if self.follows:  # the teacher presses them on her screen
            return ""
        return "".join(c.html() for c in controls if c.visible)

    @property
    def hand_buttons(self) -> list[CardButton]:
        """The card buttons on the table now."""
        return list(self._buttons)

    def drawn_at(self, seat: Seat) -> Seat:
        """Where a seat is drawn when the table is turned so the pupil sits at the bottom (South)."""
        return Seat((seat - self.viewer + Seat.S) % 4)
