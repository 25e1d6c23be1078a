"""Helpers for driving widgets from Python and reading what the browser would hold."""
from __future__ import annotations

import json

from ipywidgets.widgets import widget as _widget_module

from cardlib import Card
from cardlib.render import card_words


def browser_state() -> str:
    """Everything every live widget would send to the browser, as one text."""
    states = []
    for model in list(_widget_module._instances.values()):
        try:
            state = model.get_state()
        except Exception:  # a widget being torn down
            continue
        states.append(json.dumps(state, ensure_ascii=False, default=str))
    return "\n".join(states)


def card_forms(card: Card) -> list[str]:
    """The ways a card can be written in a page: ♠A, A♠, 'ace of spades'."""
    return [str(card), f"{card.rank.symbol}{card.suit.symbol}", card_words(card)]


def leaked(cards, text: str) -> list[Card]:
    """The cards of ``cards`` that appear in ``text`` in any of their forms."""
    return [c for c in cards if any(form in text for form in card_forms(c))]


def close_all() -> None:
    for model in list(_widget_module._instances.values()):
        model.close()
