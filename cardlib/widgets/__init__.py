"""ipywidgets views over the rules objects: the trick, MiniBridge (with or without an auction),
Manille and Auction Manille tables.

This package imports ipywidgets (and anywidget, for the table itself); ``import cardlib`` does not.
The tables load on first use (``from cardlib.widgets import ManilleTable``), so a lesson that only
needs ``cardlib.widgets.lesson`` does not load the games and the computer players with them.
"""
_TABLES = {"AuctionTable": "cardlib.widgets.auction_table", "BiddingTable": "cardlib.widgets.bidding_table", "ManilleTable": "cardlib.widgets.manille_table",
           "MiniBridgeTable": "cardlib.widgets.minibridge_table", "TrickTable": "cardlib.widgets.trick_table",
           # the Manille rule book's other games, one call each
           "three_player_table": "cardlib.widgets.manille_games", "parlee_table": "cardlib.widgets.manille_games",
           "blind_table": "cardlib.widgets.manille_games"}


def __getattr__(name: str):
    if name in _TABLES:
        import importlib

        return getattr(importlib.import_module(_TABLES[name]), name)
    raise AttributeError(f"module 'cardlib.widgets' has no attribute '{name}'")


__all__ = ["AuctionTable", "BiddingTable", "ManilleTable", "MiniBridgeTable", "TrickTable", "blind_table", "parlee_table",
           "three_player_table"]
