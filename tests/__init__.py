"""The tests, laid out as the code is: tests/<package>/test_<module>.py tests that module
(tests/house/test_layout.py lists the modules with no test of their own), tests/lessons/ the
lessons, tests/japanese/ the Japanese edition, tests/browser/ the app in a real browser. The
helpers here (lesson_tools, widget_tools, japanese_tools, message_walks) are imported as
``tests.<helper>``."""
