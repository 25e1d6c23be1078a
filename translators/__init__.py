"""The translators' tool: the message catalogues' PO files, kept in step and compiled
(``python -m translators.catalogue compile``). It needs Babel, and imports none of the packages whose
words it keeps, so it is not part of the lessons' install."""
