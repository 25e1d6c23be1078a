"""Coder's corner: check the functions a pupil writes against cardlib, and say in words what
went wrong: the first case where the answer differs, a line Python cannot read, a mistake
while running (which line of their code, what kind of mistake), a loop that never ends
(stopped by a time limit) or an answer of the wrong kind.

The pupil writes, in a notebook cell:

- ``hcp(hand)``: the high-card points of a hand; ``hand`` is a list of 13 cards, each a
  short text like ``"♠A"`` or ``"♥10"`` (suit first, then the rank).
- ``tricks_needed(contract)``: ``contract`` is a text like ``"♠ game"`` or ``"NT partscore"``.
- ``score(contract, tricks)``: what declarer's side writes on the score pad by the rules in force
  (lesson 6's; the starter code reads them from ``rules``): when the contract fails, 0 under both
  editions' rules (the defenders score it: docs/rules.md §1.6).
- ``card_points(card)``: a Manille card's points, ``card_points("♥10") == 5``.

``suit(card)`` and ``rank(card)`` give a card's two parts (``"♠"`` and ``"10"`` of ``"♠10"``),
so a young coder needs no slicing.

>>> def hcp(hand):
...     return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(rank(card), 0) for card in hand)
>>> check_function("hcp", hcp).passed
True
>>> def hcp(hand):
...     return sum({"A": 4, "K": 3, "Q": 2}.get(card[1:], 0) for card in hand)
>>> print(check_function("hcp", hcp).words)  # doctest: +ELLIPSIS
✘ For the hand ♠..., your hcp gives ..., but it has ... points: ... J 1 = ...

No ipywidgets here: ``exercises.coder_widget`` is the view (and the ``%%check`` cell magic).
"""
from __future__ import annotations

import ast
import contextlib
import inspect
import io
import linecache
import os
import random
import re
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass, field
from itertools import count

from cardlib import CardError, Deal, Hand, Seat, manille, minibridge, render, say, sentences
from cardlib.manille import PACK as MANILLE_PACK
from cardlib.minibridge import CONTRACTS
from exercises.minibridge_kinds import hcp_working

LIMIT = 2.0  # seconds a function (or a cell's own lines) may run before it is stopped
HANDS = 200  # hands the hcp check tries
APP_VARIABLES = ("VOILA_KERNEL_ID", "VOILA_REQUEST_URL", "VOILA_BASE_URL", "VOILA_SERVER_URL",
                 "VOILA_APP_PORT", "VOILA_PREHEAT")


# --- where the lesson runs ----------------------------------------------------------------

def in_app(environ: Mapping[str, str] | None = None) -> bool:
    """Is this kernel showing a lesson in the pupils' app, where nobody can edit or run code?

    Voilà sets VOILA_* variables for every kernel it starts (VOILA_REQUEST_URL,
    VOILA_BASE_URL, VOILA_SERVER_URL, VOILA_APP_PORT, VOILA_PREHEAT; then VOILA_KERNEL_ID
    from inside the kernel). MINIBRIDGE_AUDIENCE=pupils says so too, whatever serves it.

    >>> in_app({}), in_app({"VOILA_KERNEL_ID": "1f2e"}), in_app({"MINIBRIDGE_AUDIENCE": "pupils"})
    (False, True, True)
    """
    environ = os.environ if environ is None else environ  # Voilà's own variables, not ours
    return render.audience(environ) == "pupils" or any(name in environ for name in APP_VARIABLES)


# --- the tasks --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Task:
    """One function to write: its name, its first line, and how to check it.

    ``cases(seed)`` gives the arguments to try, in order; ``expected(*args)`` the right
    answer (from cardlib); ``case(*args)`` names a case in words; ``why(*args)`` is the
    working behind the right answer."""

    name: str
    signature: str
    cases: Callable[[int | str], list[tuple]]
    expected: Callable[..., int]
    case: Callable[..., str]
    why: Callable[..., str]

    @property
    def arity(self) -> int:
        return self.signature.count(",") + 1


def _hand_cases(seed: int | str) -> list[tuple]:
    hands = []
    for i in range(HANDS):
        hand = Deal.random(seed=f"coder {seed}:{i}")[Seat.N]
        hands.append(([str(card) for card in hand.cards],))
    return hands


def _shuffled(items: list, seed: int | str, kind: str) -> list:
    items = list(items)
    random.Random(f"coder {kind} {seed}").shuffle(items)
    return items


def _needs_words(contract: str) -> str:
    c = minibridge.Contract.parse(contract)
    return say("ex_needs_game" if c.game else "ex_needs_partscore", contract=c, tricks=c.tricks_needed,
               denomination=c.denomination_word)


def tasks() -> dict[str, Task]:
    """The four functions of the lesson, by name (built on each call: the words follow the
    language in use).

    >>> [task.signature for task in tasks().values()]
    ['hcp(hand)', 'tricks_needed(contract)', 'score(contract, tricks)', 'card_points(card)']
    """
    return {
        "hcp": Task("hcp", "hcp(hand)", _hand_cases, lambda hand: Hand(hand).hcp,
                    lambda hand: say("code_case_hcp", hand=Hand(hand)), lambda hand: hcp_working(Hand(hand))),
        "tricks_needed": Task("tricks_needed", "tricks_needed(contract)",
                              lambda seed: [(c.text,) for c in _shuffled(CONTRACTS, seed, "contracts")],
                              lambda contract: minibridge.Contract.parse(contract).tricks_needed,
                              lambda contract: say("code_case_contract", contract=contract), _needs_words),
        "score": Task("score", "score(contract, tricks)",
                      lambda seed: _shuffled([(c.text, t) for c in CONTRACTS for t in range(14)], seed, "scores"),
                      lambda contract, tricks: minibridge.declarers_score(contract, tricks),
                      lambda contract, tricks: say("code_case_score", contract=contract, tricks=tricks),
                      lambda contract, tricks: minibridge.score_working(contract, tricks)),
        "card_points": Task("card_points", "card_points(card)",
                            lambda seed: [(str(c),) for c in _shuffled(MANILLE_PACK.cards, seed, "cards")],
                            manille.card_points, lambda card: say("code_case_card", card=card),
                            lambda card: say("ex_manille_points_hint")),
    }


TASK_NAMES = ("hcp", "tricks_needed", "score", "card_points")


# --- helpers for the pupil's code: a card's suit and rank without slicing ------------------

def suit(card: str) -> str:
    """A card's suit, its first sign.

    >>> suit("♠A"), suit("♥10")
    ('♠', '♥')
    """
    return str(card)[:1]


def rank(card: str) -> str:
    """A card's rank, what follows its suit.

    >>> rank("♠A"), rank("♥10")
    ('A', '10')
    """
    return str(card)[1:]


# --- what a check says ----------------------------------------------------------------------

@dataclass(frozen=True)
class Report:
    """The result of checking one function (or a cell that did not get that far).

    ``problem`` is "" when every case was right, else one of "differs", "type", "syntax",
    "error", "too_slow", "missing", "signature", "not_function", "stopped". ``line`` is the
    line of the pupil's cell the problem is on, when there is one."""

    name: str
    passed: bool
    words: str
    problem: str = ""
    line: int | None = None
    case: tuple | None = None
    checked: int = 0
    got: object = None
    expected: object = None
    printed: str = field(default="", repr=False)


class TooSlow(BaseException):
    """Raised inside the pupil's code when its time is up (a BaseException, so that an
    ``except Exception:`` in their code does not swallow it)."""


# --- the time limit --------------------------------------------------------------------------

def alarm_available() -> bool:
    """Can the time limit use SIGALRM here? (Only in the main thread of a system that has it;
    ipywidgets callbacks and notebook cells run in the kernel's main thread.)

    >>> alarm_available() == (hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread())
    True
    """
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def time_limit(seconds: float, use_alarm: bool | None = None):
    """Stop the code inside after ``seconds`` by raising TooSlow in it: with SIGALRM (a timer
    signal) where it can, else with ``sys.settrace`` checking the clock at each line.

    >>> import pytest
    >>> with pytest.raises(TooSlow):
    ...     with time_limit(0.05):
    ...         while True:
    ...             pass
    """
    if use_alarm is None:
        use_alarm = alarm_available()
    manager = _alarm(seconds) if use_alarm else _traced(seconds)
    with manager:
        yield


@contextlib.contextmanager
def _alarm(seconds: float):
    ringing = [True]

    def ring(signum, frame):
        if ringing[0]:
            # Ring again soon, in case the code catches TooSlow with a bare "except:".
            signal.setitimer(signal.ITIMER_REAL, 0.05)
            raise TooSlow

    started = time.monotonic()
    old_handler = signal.signal(signal.SIGALRM, ring)
    old_timer = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        for _ in range(100):  # a ring while switching off is dropped, then we try again
            try:
                ringing[0] = False
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, old_handler)
                if old_timer[0] > 0:  # someone else's timer: give it back what is left
                    left = max(old_timer[0] - (time.monotonic() - started), 0.001)
                    signal.setitimer(signal.ITIMER_REAL, left, old_timer[1])
                break
            except TooSlow:
                continue


@contextlib.contextmanager
def _traced(seconds: float):
    deadline = time.monotonic() + seconds
    old = sys.gettrace()

    def trace(frame, event, arg):
        if time.monotonic() > deadline:
            raise TooSlow
        return trace

    sys.settrace(trace)
    try:
        yield
    finally:
        sys.settrace(old)


# --- the pupil's code: where it came from ----------------------------------------------------

_CELLS = count(1)
_OFFSETS: dict[str, int] = {}  # file name of a checked cell -> lines above its code (%%check)


def _register(source: str, line_offset: int) -> str:
    """Give a cell's code a file name, so errors can show its lines."""
    filename = f"<your code {next(_CELLS)}>"
    lines = source.splitlines(keepends=True)
    linecache.cache[filename] = (len(source), None, lines, filename)
    _OFFSETS[filename] = line_offset
    return filename


def _is_theirs(filename: str, theirs: set[str]) -> bool:
    return (filename in theirs or filename.startswith("<your code") or filename.startswith("<ipython-input")
            or "ipykernel_" in filename)


def _line_of(error: BaseException, theirs: set[str]) -> tuple[int | None, str]:
    """The last line of the pupil's code the error went through: (cell line, its text)."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if _is_theirs(f.filename, theirs)]
    if not frames:
        return None, ""
    frame = frames[-1]
    text = linecache.getline(frame.filename, frame.lineno).strip() or (frame.line or "").strip()
    return frame.lineno + _OFFSETS.get(frame.filename, 0), text


# --- explaining mistakes in words ------------------------------------------------------------

_ONE_EQUALS_TEST = re.compile(r"\s*(if|elif|while)\b[^#]*?(?<![=<>!:])=(?!=)")


def why_syntax(error: SyntaxError) -> str:
    """A plain sentence for a line Python cannot read.

    >>> try:
    ...     compile("for card in hand\\n    pass", "<x>", "exec")
    ... except SyntaxError as error:
    ...     print(why_syntax(error))
    A line that starts with def, if, elif, else, for or while must end with a colon (:).
    """
    message = error.msg or ""
    low = message.lower()
    if isinstance(error, IndentationError):
        if "unexpected indent" in low:
            return say("code_syntax_indent_unexpected")
        if "expected an indented block" in low:
            return say("code_syntax_indent_expected")
        return say("code_syntax_indent_mismatch")
    # "if rank(card) = 'A':" is a test written with one =: Python says "cannot assign to function call",
    # which sent a pupil to change the left side (reader r17); a test needs ==
    if _ONE_EQUALS_TEST.match(error.text or ""):
        return say("code_syntax_compare")
    rules = (
        ("expected ':'", "code_syntax_colon"),
        ("unterminated string", "code_syntax_quote"),
        ("eol while scanning", "code_syntax_quote"),
        ("unterminated triple", "code_syntax_quote"),
        ("was never closed", "code_syntax_bracket_open"),
        ("unmatched", "code_syntax_bracket_close"),
        ("does not match opening", "code_syntax_bracket_close"),
        ("maybe you meant '==' or ':='", "code_syntax_compare"),
        ("cannot assign to", "code_syntax_assign"),
        ("forgot a comma", "code_syntax_comma"),
        ("invalid decimal literal", "code_syntax_number_name"),
        ("'return' outside function", "code_syntax_return_outside"),
    )
    for words, key in rules:
        if words in low:
            return say(key)
    if "invalid character" in low:
        char = message.split("'")[1] if message.count("'") >= 2 else "?"
        return say("code_syntax_character", char=char)
    return say("code_syntax_other", message=message)


def why_error(error: BaseException) -> str:
    """What kind of mistake stopped the code, in words.

    >>> why_error(NameError("name 'pionts' is not defined", name="pionts"))
    "Python does not know the name 'pionts'. Check its spelling, or give it a value first, like pionts = 0."
    """
    message = str(error)
    if isinstance(error, UnboundLocalError):
        name = _quoted_name(message)
        if callable(_globals_where_it_stopped(error).get(name)):  # `rank = rank(card)`: one name, two jobs
            return say("code_why_unbound_function", name=name)
        return say("code_why_unbound", name=name)
    if isinstance(error, NameError):
        return say("code_why_name", name=getattr(error, "name", None) or _quoted_name(message))
    if isinstance(error, CardError):
        return say("code_why_card", message=message)
    if isinstance(error, RecursionError):
        return say("code_why_recursion")
    if isinstance(error, ZeroDivisionError):
        return say("code_why_zero")
    if isinstance(error, IndexError):
        return say("code_why_index")
    if isinstance(error, KeyError):
        return say("code_why_key", missing=message)
    if isinstance(error, AttributeError):
        name = getattr(error, "name", None) or _quoted_name(message.split("attribute")[-1])
        if "'str' object" in message:
            return say("code_why_attribute_text", name=name)
        return say("code_why_attribute", name=name, message=message)
    if isinstance(error, TypeError):
        if "concatenate" in message or ("unsupported operand" in message and "str" in message):
            return say("code_why_text_and_number")
        if "not supported between" in message:
            return say("code_why_compare_types")
        return say("code_why_type", message=message)
    if isinstance(error, ValueError) and "invalid literal for int()" in message:
        return say("code_why_int", value=message.split(":", 1)[-1].strip())
    if isinstance(error, ValueError):
        return say("code_why_value", message=message)
    if isinstance(error, SystemExit):
        return say("code_why_exit")
    return say("code_why_other", kind=type(error).__name__, message=message)


def _globals_where_it_stopped(error: BaseException) -> dict:
    trace = error.__traceback__
    while trace is not None and trace.tb_next is not None:
        trace = trace.tb_next
    return trace.tb_frame.f_globals if trace is not None else {}


def _quoted_name(message: str) -> str:
    parts = message.split("'")
    return parts[1] if len(parts) >= 3 else message.strip()


def _type_problem(name: str, case: str, value: object) -> str | None:
    """A sentence when an answer is not a whole number (None when it is one)."""
    if isinstance(value, bool):
        return say("code_bool", name=name, case=case, value=value)
    if isinstance(value, int):
        return None
    if value is None:
        return say("code_none", name=name, case=case)
    if isinstance(value, str):
        return say("code_text", name=name, case=case, value=repr(value)[:40])
    if isinstance(value, float):
        whole = str(int(value)) if value == value and abs(value) < 1e9 and value == int(value) else "13"
        return say("code_decimal", name=name, case=case, value=value, whole=whole)
    return say("code_other_type", name=name, case=case, value=repr(value)[:40])


# --- checking -----------------------------------------------------------------------------------

def check_function(name: str, function: object, seed: int | str = 0, limit: float = LIMIT,
                   use_alarm: bool | None = None) -> Report:
    """Run the pupil's ``function`` on every case of task ``name`` (seeded) and report the
    first answer that differs from cardlib's, in words.

    >>> def tricks_needed(contract):
    ...     return 7
    >>> report = check_function("tricks_needed", tricks_needed)
    >>> report.passed, report.problem, report.expected
    (False, 'differs', 9)
    """
    all_tasks = tasks()
    if name not in all_tasks:
        return Report(name, False, say("code_unknown_task", name=name, names=", ".join(TASK_NAMES)), "missing")
    task = all_tasks[name]
    if not callable(function):
        return Report(name, False, say("code_not_function", name=name, signature=task.signature), "not_function")
    cases = task.cases(seed)
    try:
        inspect.signature(function).bind(*cases[0])
    except TypeError:
        key = "code_signature_one" if task.arity == 1 else "code_signature"
        return Report(name, False, say(key, name=name, count=task.arity, signature=task.signature), "signature")
    except ValueError:  # no signature to read (a built-in function): try it anyway
        pass
    expected = [task.expected(*args) for args in cases]
    theirs = {getattr(getattr(function, "__code__", None), "co_filename", "")}
    printed = io.StringIO()
    current, got = 0, None
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            with time_limit(limit, use_alarm):
                for current, args in enumerate(cases):
                    got = function(*_fresh(args))
                    if type(got) is not int or got != expected[current]:
                        break
                else:
                    current = len(cases)
    except TooSlow as error:
        line, text = _line_of(error, theirs)
        words = say("code_too_slow", name=name, seconds=f"{limit:g}", case=task.case(*cases[current]))
        return _report(name, "too_slow", words, printed, line=line, case=cases[current], checked=current)
    except KeyboardInterrupt:
        return _report(name, "stopped", say("code_stopped"), printed, checked=current)
    except BaseException as error:  # the pupil's mistake, whatever it is: explain it, never crash
        line, text = _line_of(error, theirs)
        where = say("code_error_line", line=line, code=text) if line else say("code_error_no_line")
        words = say("code_error", name=name, case=task.case(*cases[current]), where=where, why=why_error(error))
        return _report(name, "error", words, printed, line=line, case=cases[current], checked=current)
    if current == len(cases):
        return _report(name, "", say("code_right", name=name, count=len(cases), cases=say(f"code_cases_{name}")),
                       printed, checked=len(cases), passed=True)
    args = cases[current]
    case_words = task.case(*args)
    problem = _type_problem(name, case_words, got)
    before = say("code_passed_before_one" if current == 1 else "code_passed_before", passed=current) if current else ""
    if problem is not None:
        return _report(name, "type", sentences(problem, before), printed, case=args, checked=current + 1,
                       got=got, expected=expected[current])
    words = say(f"code_differs_{name}", name=name, case=case_words, got=_signed(got), expected=_signed(expected[current]),
                why=sentence(task.why(*args)))
    return _report(name, "differs", sentences(words, before), printed, case=args, checked=current + 1,
                   got=got, expected=expected[current])


SENTENCE_ENDS = (".", "!", "?", "。", "！", "？")


def sentence(words: str) -> str:
    """Words that end a sentence: with their own full stop, or the language's one added (a
    working may end with a sum, "A 4 + K 3 = 7", or with its own stop: never two).

    >>> sentence("A 4 + K 3 = 7"), sentence("No A, K, Q or J: 0 points.")
    ('A 4 + K 3 = 7.', 'No A, K, Q or J: 0 points.')
    """
    words = words.rstrip()
    return words if words.endswith(SENTENCE_ENDS) else say("code_sentence", words=words)


def _fresh(args: tuple) -> tuple:
    """A copy of a case's arguments, so a function that changes its list spoils no other case."""
    return tuple(list(a) if isinstance(a, list) else a for a in args)


def _signed(number: object) -> str:
    return minibridge.signed(number) if isinstance(number, int) else str(number)  # a pupil's answer may be anything


def _report(name: str, problem: str, words: str, printed: io.StringIO, passed: bool = False, **values) -> Report:
    text = printed.getvalue()
    if text:
        lines = text.count("\n") + (not text.endswith("\n"))
        words = sentences(words, say("code_printed_one" if lines == 1 else "code_printed", lines=lines))
    return Report(name, passed, words, problem, printed=text, **values)


def check_code(source: str, namespace: MutableMapping | None = None, seed: int | str = 0, limit: float = LIMIT,
               line_offset: int = 0, use_alarm: bool | None = None) -> list[Report]:
    """Read and run a cell of the pupil's code in ``namespace``, then check every function of
    the lesson it defines. A line Python cannot read, a mistake or an endless loop in the
    cell's own lines gives one report that says where (lines counted as in the cell:
    ``line_offset`` lines come before the code, the ``%%check`` line).

    >>> [r.problem for r in check_code("def hcp(hand)\\n    return 0", line_offset=1)]
    ['syntax']
    >>> check_code("def hcp(hand)\\n    return 0", line_offset=1)[0].line
    2
    """
    namespace = {} if namespace is None else namespace
    filename = _register(source, line_offset)
    try:
        code = compile(source, filename, "exec")
    except SyntaxError as error:
        line = (error.lineno or 1) + line_offset
        text = (error.text or linecache.getline(filename, error.lineno or 1)).strip()
        words = say("code_syntax", line=line, code=text, why=why_syntax(error))
        return [Report("", False, words, "syntax", line=line)]
    before = {name: namespace.get(name) for name in TASK_NAMES}
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            with time_limit(limit, use_alarm):
                exec(code, namespace)
    except TooSlow as error:
        line, text = _line_of(error, {filename})
        return [_report("", "too_slow", say("code_too_slow_cell", seconds=f"{limit:g}", line=line, code=text),
                        printed, line=line)]
    except KeyboardInterrupt:
        return [_report("", "stopped", say("code_stopped"), printed)]
    except BaseException as error:  # their mistake: explain it
        line, text = _line_of(error, {filename})
        where = say("code_error_line", line=line, code=text) if line else say("code_error_no_line")
        return [_report("", "error", say("code_error_cell", where=where, why=why_error(error)), printed, line=line)]
    defined = [name for name in _defined_in(source) if namespace.get(name) is not before[name]]
    if not defined:
        return [Report("", False, say("code_missing", names=", ".join(TASK_NAMES)), "missing")]
    return [check_function(name, namespace[name], seed, limit, use_alarm) for name in defined]


def _defined_in(source: str) -> list[str]:
    """The lesson's function names a cell defines, in the order it defines them."""
    names = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found = [node.name]
        elif isinstance(node, ast.Assign):
            found = [t.id for t in node.targets if isinstance(t, ast.Name)]
        else:
            found = []
        names += [n for n in found if n in TASK_NAMES and n not in names]
    return names


__all__ = [
    "LIMIT", "Report", "TASK_NAMES", "Task", "TooSlow", "alarm_available", "check_code", "check_function",
    "in_app", "tasks", "time_limit", "why_error", "why_syntax",
]
