"""Checks for Japanese text that every test may use (docs/architecture.md, "The Japanese edition"): kanji above grade 3 must
carry their reading in <ruby>, and no English may be left for a pupil to read."""
from __future__ import annotations

import re

from kanji_lists import KYOIKU

TAUGHT_BY_GRADE_3 = frozenset(KYOIKU.GRADE1) | frozenset(KYOIKU.GRADE2) | frozenset(KYOIKU.GRADE3)
_RUBY = re.compile(r"<ruby>.*?</ruby>", re.S)
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々]")
# What may stay in Latin letters: cards and suits of a hand ("♠A", "♥KJ", "10♥"), the ranks A K Q J, seat letters (N, "N–S") and NT, the
# contract's short sign ("3NT", as Japanese clubs write it too); a set deal's name ("5B", said the same in every edition), or its
# letter after ディール as the lessons' headings and the timing plans name it (ディールB), and the printouts' page-count alias
# ("{nb}", which the PDF shows as a number).
_ALLOWED = re.compile(r"\{nb\}|[♠♥♦♣][\ufe0e]?(?:10|[AKQJ2-9])+|(?:10|[AKQJ2-9])[♠♥♦♣]"
                      r"|(?<![A-Za-z])(?:[AKQJNESW]|NT|\d{1,2}[A-H])(?![A-Za-z])|(?<=ディール)[A-H](?![A-Za-z])")
_RUBY_TAGS = re.compile(r"</?(?:ruby|rt|rp)>")


# A word with its reading in brackets after it, as messages.plain writes ruby: 切り札（きりふだ）
_BRACKETED = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff々]+(?:[ぁ-ゖ][\u3400-\u4dbf\u4e00-\u9fff々]+)*（[ぁ-ゖー]+）")


def kanji_needing_ruby(text: str) -> list[str]:
    """The kanji above grade 3 in ``text`` with no reading: not inside <ruby>…</ruby> and not
    followed by their reading in brackets (切り札（きりふだ）), each once, in order.

    >>> kanji_needing_ruby("<ruby>切り札<rt>きりふだ</rt></ruby>の点数、手札（てふだ）、札、宣言")
    ['札', '宣']
    """
    outside = _BRACKETED.sub("", _RUBY.sub("", text))
    return list(dict.fromkeys(k for k in _KANJI.findall(outside) if k not in TAUGHT_BY_GRADE_3 and k != "々"))


def english_left(text: str) -> list[str]:
    """The Latin words left in a text once cards, ranks and seat letters are taken out.

    >>> english_left("♠Aはハート、Aは4点、N–S 12点、<ruby>札<rt>ふだ</rt></ruby>"), english_left("Trumps: ♥")
    ([], ['Trumps'])
    >>> english_left("点があるのはA、K"), english_left("ディール 3B"), english_left("ディールB（ボードで）"), english_left("Bの手")
    ([], [], [], ['B'])
    """
    return re.findall(r"[A-Za-z]+", _ALLOWED.sub(" ", _RUBY_TAGS.sub("", text)))


# Japanese sentences end with 。 and list with 、: an ASCII ';' anywhere, a ',' next to Japanese, or a
# '.' after a Japanese character or before a space or the end, is English punctuation left. A '.' or
# ',' inside a number, a deal's text (AK1032.K32), code (.hcp), a markdown list's "1. " or what a
# 「quote」 shows typed is not. Nor does a space follow 。 as it follows an English full stop: the next
# sentence starts at once (a line may end after 。, and a markdown line break is two spaces there).
_JAPANESE = r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]"
_ENGLISH_STOP = re.compile(rf";|(?<={_JAPANESE})[.,](?![0-9A-Za-z_{{])|(?<!\.)\.(?=\s|$)|,(?=\s*{_JAPANESE})"
                           r"|(?<=。)[ \t]+(?=\S)")
_LIST_ITEM = re.compile(r"^\s*\d+\.\s", re.M)
# A line of markdown that goes on the paragraph before it: not blank, a heading, a list's item, a
# table's row, a quote, a fence or a block of HTML (an inline tag, <ruby> or <b>, goes on).
_OWN_LINE = re.compile(r"\s*(?:$|#|[-*+>|]|\d+\.\s|```|</?(?:details|summary|div|table|tr|td|th|p|br|img|ul|ol|li|hr|pre|h\d)\b)")


def sentence_breaks(markdown: str) -> list[str]:
    """Each place a Japanese sentence (or clause) ends its line and the paragraph goes on in the
    next: the browser shows that line's end as a space after 。, 、 or ： (a break kept with two spaces
    at the line's end is not one).

    >>> sentence_breaks("勝ちです。\\nつぎは東。\\n\\n- 北。\\n- 南、\\n  <ruby>札<rt>ふだ</rt></ruby>も。  \\nおわり。")
    ['勝ちです。⏎つぎは東。', '- 南、⏎  <rub']
    """
    lines, fenced, found = markdown.split("\n"), False, []
    for line, after in zip(lines, lines[1:]):
        fenced ^= line.lstrip().startswith("```")
        if not fenced and re.search(r"[。、！？：]$", line) and not _OWN_LINE.match(after):
            found.append(f"{line[-5:]}⏎{after[:6]}")
    return found
_QUOTED = re.compile(r"「[^「」]*」")  # what is typed, quoted as typed: 「あいこ,けん」


def english_punctuation(text: str) -> list[str]:
    """Each ASCII ';', sentence-final '.' or list ',' in a Japanese text, and each 。 with a space after
    it, with the words before it.

    >>> english_punctuation("北は13点; 東は13点. 2回に1回, いつも勝つ。 次は東。  \\n南。")
    ['北は13点;', '東は13点.', '2回に1回,', 'いつも勝つ。']
    >>> english_punctuation("1. 0.25、AK1032.K32、hand.hcp、.{name}、♠.♥、[Deal 'N:...']、10,000回。"), english_punctuation("合計は40. ")
    ([], ['合計は40.'])
    """
    text = _QUOTED.sub("「」", _LIST_ITEM.sub("", _RUBY_TAGS.sub("", text)))
    return [text[max(0, m.start() - 6):m.end()].split()[-1] for m in _ENGLISH_STOP.finditer(text)]


# One word, one spelling (README, "The course": the Japanese edition): the table and its check
# live with the course (exercises.japanese_words), which also puts the one word back in.
from exercises.japanese_words import WORDS, other_spellings  # noqa: E402,F401


# JupyterLab's sanitiser drops <ruby> and <rt> from markdown but keeps their text; <rp> brackets
# (hidden wherever ruby is drawn) then keep the reading apart from the word: 手札（てふだ）.
_BARE_RT = re.compile(r"(?<!</rp>)<rt>(.*?)</rt>(?!<rp>)", re.S)


def with_bracket_fallback(text: str) -> str:
    """Each reading with its <rp> brackets, as the Japanese lessons' markdown writes it.

    >>> with_bracket_fallback("<ruby>札<rt>ふだ</rt></ruby>")
    '<ruby>札<rp>（</rp><rt>ふだ</rt><rp>）</rp></ruby>'
    >>> with_bracket_fallback(_) == _
    True
    """
    return _BARE_RT.sub(r"<rp>（</rp><rt>\1</rt><rp>）</rp>", text)


def bare_readings(text: str) -> int:
    """How many readings in ``text`` lack their <rp> brackets."""
    return len(_BARE_RT.findall(text))


if __name__ == "__main__":  # python tests/japanese_tools.py notebooks/ja/*.ipynb: add the brackets
    import json
    import sys
    from pathlib import Path

    for name in sys.argv[1:]:
        path = Path(name)
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] == "markdown":
                cell["source"] = [with_bracket_fallback(line) for line in cell["source"]]
        path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
