"""The set deals of each lesson: every table in the class plays the same deal at once, and
the teacher's printed hand records show them. Each deal is chosen so that the lesson's idea
decides it (checked in tests/test_set_deals.py).

>>> from exercises.course import lesson_of
>>> all(deal.table in ("tricks", "minibridge", "manille") for deal in lesson_of(1).deals)
True
"""
from __future__ import annotations

from exercises.course import SetDeal

SET_DEALS: dict[int, tuple[SetDeal, ...]] = {}
