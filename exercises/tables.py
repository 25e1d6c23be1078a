"""The card table that plays a set deal in a lesson (imports ipywidgets).

``table_for(set_deal, **options)`` reads the set deal's ``table`` ("tricks", "minibridge"
or "manille"), its contract or trumps and its leader, and builds that table on its deal;
``options`` go to the table (``pace=0``, ``scale=2``, ``choose_trumps=True``...).

>>> from exercises.set_deals import SetDeal
>>> deal = SetDeal("1A", "N:AK2... QJ3... 1098... 765...", "tricks", why="the ace wins")
>>> table = table_for(deal, pace=0)
>>> type(table).__name__, table.game.first_leader.word, table.game.trumps is None
('TrickTable', 'East', True)
"""
from __future__ import annotations

import re

from cardlib import CardError
from cardlib.cards import parse_denomination


# The lesson that teaches "partscore" and "game" (the glossary's; a test holds the two together): before
# it the table names a contract by its trumps and tricks only. Not read from the glossary, which
# reads the course, which reads the set deals, which make their tables here.
LEVELS_NAMED_FROM = 5
# The lesson that teaches "trumps" and "no trumps" (the glossary's; a test holds the two together):
# before it the trick table does not name the trumps.
TRUMPS_NAMED_FROM = 2
# The lesson that teaches Manille's score (card points over 30, times the taps): before it a Manille
# table ends a deal with the card points and who won them.
MANILLE_SCORES_FROM = 16


def _lesson_number(set_deal) -> int:
    """The lesson a set deal belongs to, from its name ("4A" is lesson 4's); 99 if none."""
    digits = re.match(r"\d+", set_deal.name)
    return int(digits.group()) if digits else 99


def _trumps(text: str):
    """A set deal's trump words: "" or "no trumps" for none, else a suit ("♥", "hearts")."""
    text = (text or "").strip()
    return None if not text else parse_denomination(text)


def table_for(set_deal, **options):
    """The table for ``set_deal`` (an ``exercises.set_deals.SetDeal``), its options passed on.

    - "tricks": ``TrickTable(deal, trumps=<contract>, leader=<leader>)``;
    - "minibridge": ``MiniBridgeTable(deal=deal, contract=<contract or None: the pupil chooses>)``,
      with the deal's stored double-dummy figures for the review (no solver needed: the website)
      and its script and replies, the cards the computer plays as the page says;
    - "auction": ``BiddingTable(deal)``: the auction finds the contract, then it is played;
    - "manille": ``ManilleTable(deal=deal)``; a contract of "no trumps" with no trump suit
      named plays it ``with_trumps=False`` unless the options say otherwise; before the scoring
      lesson it ends with the card points, not the score (``show_score=False``).
    """
    from card_tables import BiddingTable, ManilleTable, MiniBridgeTable, TrickTable

    options.setdefault("name", set_deal.name)
    deal = set_deal.deal
    if set_deal.table == "tricks":
        options.setdefault("trumps", _trumps(set_deal.contract))
        options.setdefault("name_trumps", _lesson_number(set_deal) >= TRUMPS_NAMED_FROM)
        if set_deal.leader is not None:
            options.setdefault("leader", set_deal.leader)
        return TrickTable(deal, **options)
    if set_deal.table == "minibridge":
        options.setdefault("contract", set_deal.contract or None)
        options.setdefault("tricks_table", set_deal.tricks_table)
        options.setdefault("script", set_deal.script)
        options.setdefault("replies", set_deal.replies)
        options.setdefault("name_level", _lesson_number(set_deal) >= LEVELS_NAMED_FROM)
        return MiniBridgeTable(deal=deal, **options)
    if set_deal.table == "auction":
        return BiddingTable(deal, **options)
    if set_deal.table == "manille":
        if set_deal.contract and _trumps(set_deal.contract) is None:
            options.setdefault("with_trumps", False)
        options.setdefault("show_score", _lesson_number(set_deal) >= MANILLE_SCORES_FROM)
        return ManilleTable(deal=deal, **options)
    raise CardError("table_kind", text=set_deal.table, tables="tricks, minibridge, auction, manille")
