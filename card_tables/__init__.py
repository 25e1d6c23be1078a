"""The card tables, the lessons' widgets over cardlib's rules: the trick, MiniBridge (with or
without an auction), Manille and Auction Manille tables.

This package imports ipywidgets (and anywidget, for the table itself); ``import cardlib`` does not.
The tables load on first use (``from card_tables import ManilleTable``), so a lesson that only
needs ``exercises.lesson_page`` does not load the games and the computer players with them.
"""
from pathlib import Path

from cardlib import messages

messages.register("card_tables", Path(__file__).parent / "locale")  # before any table says something

_TABLES = {"AuctionTable": "card_tables.auction_table", "BiddingTable": "card_tables.bidding_table", "ManilleTable": "card_tables.manille_table",
           "MiniBridgeTable": "card_tables.minibridge_table", "TrickTable": "card_tables.trick_table",
           # the Manille rule book's other games, one call each
           "three_player_table": "card_tables.manille_games", "parlee_table": "card_tables.manille_games",
           "blind_table": "card_tables.manille_games"}


def __getattr__(name: str):
    if name in _TABLES:
        import importlib

        return getattr(importlib.import_module(_TABLES[name]), name)
    raise AttributeError(f"module 'card_tables' has no attribute '{name}'")


__all__ = ["AuctionTable", "BiddingTable", "ManilleTable", "MiniBridgeTable", "TrickTable", "blind_table", "parlee_table",
           "three_player_table"]
