"""The MiniBridge passport: the table skills a teacher ticks while walking round the tables.
The printed passport, the class view's ticks and the progress store read this one list; each
skill's words are the message "passport_skill_<name>".

>>> PASSPORT_SKILLS[0]
'follows_suit'
"""
from __future__ import annotations

PASSPORT_SKILLS = ("follows_suit", "dummy_trumps_on_right", "names_dummys_cards", "checks_the_40",
                   "works_out_a_score_line", "leads_from_the_right_seat")
