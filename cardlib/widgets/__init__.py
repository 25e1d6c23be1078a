"""ipywidgets views over the rules objects: the MiniBridge and Manille tables.

This package imports ipywidgets; ``import cardlib`` does not.
"""
from cardlib.widgets.manille_table import ManilleTable
from cardlib.widgets.minibridge_table import MiniBridgeTable

__all__ = ["ManilleTable", "MiniBridgeTable"]
