"""One word for each idea in the Japanese edition (JAPANESE.md, "Words"): the word the lessons,
messages and printouts use, and the other spellings that must not appear. The table is both
the test's list (tests/japanese/test_japanese.py fails on any other spelling) and the replacement that
puts the one word in, so it can be run again after new Japanese text arrives:

    python -m exercises.japanese_words      # the Japanese lessons' markdown and the ja catalogues

(code cells are never touched: they stay the English lessons' code, byte for byte), then
``python -m translators.catalogue compile``.

>>> one_word("北南はスートをそろえてプレーします。カードを切って配ります。")
'南北はスーツをそろえてプレイします。カードをシャッフルして配ります。'
>>> one_word("南は♣2で♥Qを切ります。東が切ったら、")
'南は♣2で♥Qをラフします。東がラフしたら、'
"""
from __future__ import annotations

import re

# "To trump" a card when void (lesson 2) and "ruff" (lesson 8) are one idea: ラフ. 切る also means
# shuffling to a child, so shuffling is シャッフル; the glossary says once that players say 切る too
# (written 「切る」, in brackets, which the check lets be).
_RUFF_ENDINGS = {"れます": "ラフできます", "れる": "ラフできる", "れない": "ラフできない", "られません": "ラフされません",
                 "られる": "ラフされる", "られない": "ラフされない", "ったら": "ラフしたら", "っても": "ラフしても",
                 "った": "ラフした", "って": "ラフして", "ります": "ラフします", "る": "ラフする", "り": "ラフし"}
_CUT = r"(?<![区「])切(?!り札|札|り分|<)"  # not 切り札, 区切る, 切り分ける (paper), <ruby>切<rt>
RUFF = re.compile(_CUT + "(" + "|".join(sorted(_RUFF_ENDINGS, key=len, reverse=True)) + ")")

_RUBY = r"(?:<ruby>{word}(?:<rp>（</rp>)?<rt>{reading}</rt>(?:<rp>）</rp>)?</ruby>|{word})"


def _after(*words: str) -> str:
    """A look-behind for any of ``words`` (Python's look-behinds take one length each)."""
    return "(?:" + "|".join(f"(?<={word})" for word in words) + ")"


# A one word with a kanji above grade 3, written in a replacement as 〔word〕: in a lesson's
# markdown its ruby has the brackets JupyterLab shows; in a catalogue, the catalogue's form.
_WITH_READING = {"得点": ("<ruby>得点<rp>（</rp><rt>とくてん</rt><rp>）</rp></ruby>", "<ruby>得点<rt>とくてん</rt></ruby>"),
                 "手札": ("<ruby>手札<rp>（</rp><rt>てふだ</rt><rp>）</rp></ruby>", "手<ruby>札<rt>ふだ</rt></ruby>")}

# the idea: (the one word, {other spelling (a regular expression): what replaces it})
WORDS: dict[str, tuple[str, dict[str, str]]] = {
    "long suit": ("ロングスーツ", {r"(?<!いちばん)長いスーツ": "ロングスーツ"}),  # いちばん長いスーツ is "the longest suit"
    "draw trumps": ("<ruby>切り札<rt>きりふだ</rt></ruby>をぬく", {r"はき出させ": "ぬか"}),
    "deal": ("ディール", {r"配り方": "ディール"}),
    "score pad": ("スコア表", {r"点数表": "スコア表"}),
    "Python": ("パイソン", {r"Python": "パイソン"}),
    "suit": ("スーツ", {r"スート": "スーツ"}),
    "play": ("プレイ", {r"プレー(?!ヤ)": "プレイ", r"プレーヤー": "プレイヤー"}),
    "N–S": ("南北", {r"北南": "南北"}),
    "E–W": ("東西", {r"西東": "東西"}),
    "shuffle": ("シャッフル", {r"カードを切っ": "カードをシャッフルし", r"よく切っ": "よくシャッフルし",
                              r"多く切ります": "多くシャッフルします", r"^切る：カード": "シャッフル：カード"}),
    "to trump": ("ラフする", {RUFF.pattern: ""}),  # each ending its own replacement (one_word)
    "announce": ("発表", {_RUBY.format(word="宣言", reading="せんげん"): "発表"}),
    "redeal": ("配り直し", {r"配りなおし": "配り直し"}),
    "last": ("さいご", {_RUBY.format(word="最後", reading="さいご"): "さいご"}),
    "next": ("次", {r"つぎ": "次"}),
    "sequence": ("シークエンス", {r"つづき(?=のいちばん上)": "シークエンス"}),  # lesson 10's word; つづく (to follow) stays
    "exit quiz": ("まとめのテスト", {r"まとめのクイズ": "まとめのテスト"}),
    "well": ("じょうずに", {r"上手に": "じょうずに", r"うまく(?=プレイ|プレー|やれ|でき)": "じょうずに"}),
    # 点数 is the points a hand holds (HCP); a deal's result on the score sheet is 得点, as the club
    # guide and the score sheets write it; the points of the tricks over six are トリック点 (the
    # glossary's word); a quiz's end says how many were right. Only the places where 点数 is
    # surely the result are listed: 「ペアの点数」 is a pair's HCP in lesson 3.
    "score": ("得点", {_after("南北の", "北と南の", "東西の", "東と西の", "自分のペアの", "勝ったペアの", "ディクレアラーのペアの")
                      + r"点数|点数(?=をつけ|のつけ方|の計算|を計算|のルール|は?×|[はが]?2倍)": "〔得点〕"}),
    "card points": ("カードの点", {r"カードの点数": "カードの点"}),  # Manille's: the glossary's word
    "trick points": ("トリック点", {r"トリックの点数?": "トリック点"}),
    "quiz mark": ("何問せいかいしたか", {r"さいごに点数が出ます": "さいごに、何問せいかいしたかが出ます"}),
    # Counting what declarer can take at once is one idea from lesson 1 on (lesson 7 counts lesson 1's
    # sure tricks over two hands): かならず取れるトリック, as the English says "sure tricks" throughout. かならず勝てるカード is a card
    # (an ace, or a queen once the ace and king have gone), never what is counted.
    "sure trick": ("かならず取れるトリック", {r"かならず勝てるトリック": "かならず取れるトリック",
                                     r"かならず勝てるカード(?=(?:は|：) ?[♠♥♦♣0-9]|[0-9]+つ|の数|を数え|はいくつ)": "かならず取れるトリック"}),
    "take tricks": ("取る", {r"トリックと(?=る|れ|り|っ)": "トリック取"}),
    # a player's cards are 手札; 札 alone is a card (カード), but in 切り札 and 絵札
    "hand": ("<ruby>手札<rt>てふだ</rt></ruby>", {r"手の(?=<ruby>札)": "手", _after("2つの", "1つの", "方の", "ほうの", "自分の", "ほかの", "あなたの",
                                                       "同じ", "その", "両方の", "相手の", "どちらの", "カードのある")
                                             + r"手(?![札<順]|の<ruby>札)|手(?=にもど)": "〔手札〕"}),
    "card": ("カード", {r"(?<![切絵手り])<ruby>札(?:<rp>（</rp>)?<rt>ふだ</rt>(?:<rp>）</rp>)?</ruby>|(?<![切絵手り>])札(?!<r)": "カード"}),
}
_OTHER = re.compile("|".join(f"(?:{other})" for _, others in WORDS.values() for other in others), re.M)


def other_spellings(text: str) -> list[str]:
    """The spellings in ``text`` that WORDS replaces by its one word, each once, in order.

    >>> other_spellings("長いスーツの点数表"), other_spellings("いちばん長いスーツ、ロングスーツ、「切る」とも言います")
    (['長いスーツ', '点数表'], [])
    """
    return list(dict.fromkeys(match.group(0) for match in _OTHER.finditer(text)))


def one_word(text: str, markdown: bool = False) -> str:
    """``text`` with every other spelling replaced by the one word (``markdown``: a lesson's text,
    whose ruby carries brackets).

    >>> one_word("北と南の点数は620点。短い方の手から出します。")
    '北と南の<ruby>得点<rt>とくてん</rt></ruby>は620点。短い方の手<ruby>札<rt>ふだ</rt></ruby>から出します。'
    """
    for idea, (_, others) in WORDS.items():
        for other, word in others.items():
            if idea == "to trump":
                text = RUFF.sub(lambda m: _RUFF_ENDINGS[m.group(1)], text)
            else:
                text = re.sub(other, word, text, flags=re.M)
    for word, (in_lesson, in_catalogue) in _WITH_READING.items():
        text = text.replace(f"〔{word}〕", in_lesson if markdown else in_catalogue)
    return text


def apply(root=None) -> list[str]:
    """Put the one word into the Japanese lessons' markdown and the ja catalogues; returns what changed."""
    import json
    from pathlib import Path

    from translators import catalogue

    root = Path(root) if root else Path(__file__).resolve().parents[1]
    changed = []
    for path in sorted((root / "notebooks" / "ja").glob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        before = json.dumps(notebook, ensure_ascii=False)
        for cell in notebook["cells"]:
            if cell["cell_type"] == "markdown":
                text = one_word("".join(cell["source"]), markdown=True)
                cell["source"] = text.splitlines(keepends=True)
        if json.dumps(notebook, ensure_ascii=False) != before:
            path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            changed.append(path.name)
    for domain in catalogue.DOMAINS:
        catalog = catalogue.read_po(domain, "ja")
        edited = False
        for message in catalog:
            if message.id and message.string and one_word(message.string) != message.string:
                message.string = one_word(message.string)
                edited = True
                changed.append(f"{domain} {message.id}")
        if edited:
            catalogue.write_po(catalog, domain, "ja")
    return changed


if __name__ == "__main__":
    for where in apply():
        print(where)
