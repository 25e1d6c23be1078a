"""ipywidgets views over the rules objects: the trick, MiniBridge and Manille tables.

This package imports ipywidgets (and anywidget, for the table itself); ``import cardlib`` does not.
"""
from cardlib.widgets.manille_table import ManilleTable
from cardlib.widgets.minibridge_table import MiniBridgeTable
from cardlib.widgets.trick_table import TrickTable

__all__ = ["ManilleTable", "MiniBridgeTable", "TrickTable"]
