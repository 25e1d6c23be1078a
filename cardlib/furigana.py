"""Readings for a 3rd-grade class: the Japanese edition's kanji of grade 3 with their furigana.

The Japanese lessons and messages write the kanji of grades 1–3 bare and give every other kanji
its reading in ruby (``<ruby>札<rt>ふだ</rt></ruby>``). A 3rd-grade class is still learning the
kanji of grade 3, so a teacher may choose 「3年生」 (``MINIBRIDGE_CLASS_GRADE=3``, the app's and the
printouts' ``--class-grade 3``): ``add_readings`` then gives those kanji their reading too.

A kanji's reading depends on its word (取る と, 勝つ か, 最後 さいご, 表 ひょう but 表にして おもて), so
the readings come from ``WORDS``, a reviewed list of the words the Japanese texts use, each
written ``{word|reading}`` with what follows it where that decides the reading. A word is read
by the longest entry that matches where it starts; a word already in ruby is left as it is.
A test proves that the list reads every grade-3 kanji of every Japanese lesson and message:
a new word needs its line here.
"""
from __future__ import annotations

import re
from functools import lru_cache

# 学年別漢字配当表, 第3学年 (200字): the table of the 小学校学習指導要領 (文部科学省, 平成29年告示,
# 令和2年度から実施), in its order (五十音順 of the 音読み).
GRADE_3 = ("悪安暗医委意育員院飲運泳駅央横屋温化荷界開階寒感漢館岸起期客究急級宮球去橋業曲局銀区苦具君係軽"
           "血決研県庫湖向幸港号根祭皿仕死使始指歯詩次事持式実写者主守取酒受州拾終習集住重宿所暑助昭消商"
           "章勝乗植申身神真深進世整昔全相送想息速族他打対待代第題炭短談着注柱丁帳調追定庭笛鉄転都度投豆"
           "島湯登等動童農波配倍箱畑発反坂板皮悲美鼻筆氷表秒病品負部服福物平返勉放味命面問役薬由油有遊予"
           "羊洋葉陽様落流旅両緑礼列練路和")

# The words of the Japanese texts that hold a kanji of grade 3, with their readings. First the
# verbs and adjectives by the kanji before their okurigana, marked ～ ({取|と}～: 取る, 取り,
# 取れる, 取って): a stem is read only where kana follow it, so a compound (取材) is never read
# as the verb and needs its own line. Then the other words. Any other text after the braces must
# follow in the text for the entry to apply ({表|おもて}にして: face up; {表|ひょう} alone: a table).
WORDS = """
{取|と}～ {先取|さきど}～ {勝|か}～ {負|ま}け {持|も}～ {配|くば}～ {返|かえ}～ {決|き}～ {起|お}～ {使|つか}～
{終|お}～ {始|はじ}～ {向|む}～ {表向|おもてむ}～ {裏向|うらむ}～ {動|うご}～ {遊|あそ}～ {開|ひら}～
{追|お}～ {調|しら}～ {待|ま}～ {進|すす}～ {守|まも}～ {打|う}～ {落|お}～ {着|つ}～ {助|たす}～ {流|なが}～
{受|う}～ {消|け}～ {区切|くぎ}～ {仕上|しあ}～ {見落|みお}～ {重|かさ}な {速|はや}～ {等|ひと}～
{安|やす}～ {短|みじか}～ {指|ゆび}さ {指|さ}し {表|あらわ}す {悪|わる}～ {写|うつ}～ {送|おく}～

{表|ひょう} {表|おもて}にして {表|おもて}のまま {表|おもて}と {表|おもて}1
{発表|はっぴょう} {代表|だいひょう} {表示|ひょうじ} {勝負|しょうぶ} {勝者|しょうしゃ} {負|ふ}の数 {配分|はいぶん}
{問|もん} {問題|もんだい} {質問|しつもん} {問答|もんどう} {練習問題|れんしゅうもんだい}
{次|つぎ} {次々|つぎつぎ} {目次|もくじ} {全部|ぜんぶ} {全員|ぜんいん} {全体|ぜんたい}
{両|りょう} {両方|りょうほう} {対|たい} {反対|はんたい} {倍|ばい} {式|しき} {列|れつ} {秒|びょう} {係|かかり}
{役|やく} {横|よこ} {緑|みどり} {運|うん} {第|だい} {実|じっ}けん
{相手|あいて} {一度|いちど} {何度|なんど} {今度|こんど} {本物|ほんもの} {練習|れんしゅう} {学習|がくしゅう}
{学習指導|がくしゅうしどう} {黒板|こくばん} {予想|よそう} {画面|がめん} {番号|ばんごう} {記号|きごう} {目安|めやす}
{児童|じどう} {交代|こうたい} {授業|じゅぎょう} {整数|せいすう} {整理|せいり} {追加|ついか} {自由|じゆう} {理由|りゆう}
{定規|じょうぎ} {言葉|ことば} {活動|かつどう} {場所|ばしょ} {場面|ばめん} {正面|しょうめん} {指定|してい} {実験|じっけん}
{実行|じっこう} {初心者|しょしんしゃ} {自身|じしん} {意味|いみ} {印刷物|いんさつぶつ} {部分|ぶぶん} {道具|どうぐ}
{不注意|ふちゅうい} {安心|あんしん} {用意|ようい} {発展|はってん} {投票|とうひょう} {大事|だいじ} {教育|きょういく}
{味方|みかた} {平成|へいせい} {事前|じぜん} {反映|はんえい}
"""

_ENTRY = re.compile(r"(?:\{[^{}|]+\|[^{}|]+\}[^\s{}]*)+")
_STEM = "～"
_PART = re.compile(r"\{([^{}|]+)\|([^{}|]+)\}")
_RUBY = r"<ruby>.*?</ruby>"
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff々]")


def _ruby(word: str, reading: str, brackets: bool) -> str:
    rt = f"<rp>（</rp><rt>{reading}</rt><rp>）</rp>" if brackets else f"<rt>{reading}</rt>"
    return f"<ruby>{word}{rt}</ruby>"


@lru_cache(maxsize=2)
def _reader(brackets: bool) -> tuple[re.Pattern, dict[str, str]]:
    """One pattern that finds a ruby (kept as it is) or a listed word, longest word first, and
    each word's text with its readings."""
    written, patterns = {}, {}
    for entry in _ENTRY.findall(WORDS):
        stem = entry.endswith(_STEM)
        entry = entry.removesuffix(_STEM)
        plain = _PART.sub(r"\1", entry)
        if plain in written:
            raise ValueError(f"{plain} is in the word list twice")
        written[plain] = _PART.sub(lambda m: _ruby(m[1], m[2], brackets), entry)
        patterns[plain] = re.escape(plain) + ("(?=[ぁ-ゖ])" if stem else "")
    words = sorted(written, key=len, reverse=True)
    return re.compile("|".join([_RUBY] + [patterns[w] for w in words]), re.S), written


def add_readings(text: str, brackets: bool = False) -> str:
    """``text`` with the words of ``WORDS`` in ruby: ``<ruby>取<rt>と</rt></ruby>る``, or, with
    ``brackets``, as the lessons' markdown writes ruby (``<rp>`` brackets that JupyterLab shows).

    >>> add_readings("トリックを取ると勝ち。<ruby>最後<rt>さいご</rt></ruby>の1まいを表にして")
    'トリックを<ruby>取<rt>と</rt></ruby>ると<ruby>勝<rt>か</rt></ruby>ち。<ruby>最後<rt>さいご</rt></ruby>の1まいを<ruby>表<rt>おもて</rt></ruby>にして'
    >>> add_readings("スコア表", brackets=True)
    'スコア<ruby>表<rp>（</rp><rt>ひょう</rt><rp>）</rp></ruby>'
    >>> add_readings("取材")  # a compound the list does not have: not read as the verb 取る
    '取材'
    """
    pattern, written = _reader(brackets)
    return pattern.sub(lambda m: written.get(m[0], m[0]), text)


def unread(text: str) -> list[str]:
    """The kanji of grade 3 in ``text`` that neither a ruby nor ``WORDS`` reads, in order.

    >>> unread("取る、<ruby>宿題<rt>しゅくだい</rt></ruby>、宿題")
    ['宿', '題']
    """
    left = re.sub(_RUBY, "", add_readings(text), flags=re.S)
    return [k for k in _KANJI.findall(left) if k in GRADE_3]
