"""cardlib: cards, deals and the rules of MiniBridge and Manille, for the lessons.

>>> import cardlib
>>> cardlib.Hand("♠AK1032 ♥K32 ♦Q52 ♣J2").hcp
13

Pure Python with no dependencies: pictures are in ``cardlib.render`` (plain HTML/SVG),
widgets in ``card_tables`` (imports ipywidgets itself).
"""
from cardlib.cards import BRIDGE_PACK, PIQUET_PACK, Card, Pack, Rank, Suit
from cardlib.deal import Deal, Draw, draw_for_partners
from cardlib.hand import Hand
from cardlib.messages import CardError, IllegalPlay, current_language, languages, say, sentences, set_language
from cardlib.play import Trick, TrickPlay, winner_of
from cardlib.seats import Seat, Side

# The games, the pictures and the computer players load on first use (cardlib.minibridge,
# from cardlib import manille, ...), which keeps ``import cardlib`` quick.
_SUBMODULES = ("bots", "manille", "minibridge", "render")
_LAZY_NAMES = {"Contract": "minibridge"}  # ``from cardlib import *`` asks for these too


def __getattr__(name: str):
    import importlib

    if name in _SUBMODULES:
        return importlib.import_module(f"cardlib.{name}")
    if name in _LAZY_NAMES:
        return getattr(importlib.import_module(f"cardlib.{_LAZY_NAMES[name]}"), name)
    raise AttributeError(f"module 'cardlib' has no attribute '{name}'")

__all__ = [
    "BRIDGE_PACK", "PIQUET_PACK", "Card", "CardError", "Contract", "Deal", "Draw", "Hand", "IllegalPlay",
    "Pack", "Rank", "Seat", "Side", "Suit", "Trick", "TrickPlay", "draw_for_partners",
    "bots", "current_language", "languages", "manille", "minibridge", "render", "say", "sentences", "set_language", "winner_of",
]
