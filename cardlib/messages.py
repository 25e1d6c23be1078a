"""Every sentence a pupil may read, in one table, so the lessons can be translated.

``say(key, **values)`` gives the sentence in the current language (English first);
``set_language("ja")`` switches. A key missing from a language falls back to English.
The errors cardlib raises carry their sentence, so a widget shows ``str(error)``.
"""
from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # reading cards, hands and deals
        "unknown_suit": "'{text}' is not a suit: use ♠ ♥ ♦ ♣ or S H D C.",
        "unknown_rank": "'{text}' is not a rank: use A K Q J 10 9 8 7 6 5 4 3 2 (T for 10).",
        "not_a_card": "'{text}' is not a card: write the suit and the rank, like ♠A or SA.",
        "hand_symbol": "'{symbol}' at position {position} of '{text}' is not a suit or a rank.",
        "hand_rank_before_suit": "'{symbol}' at position {position} of '{text}' comes before any suit: start with ♠, S, ♥, H, ♦, D, ♣ or C.",
        "hand_twice": "{card} is in '{text}' twice.",
        "hand_suits": "'{text}' has {count} suits: a hand in the dotted form has 4 (♠.♥.♦.♣), like AK1032.K32.Q52.J2.",
        "hand_not_in_pack": "{card} is not in the {pack} pack.",
        "in_hand": "{seat}'s hand: {message}",
        "deal_seat": "'{text}' is not a seat: use N, E, S or W.",
        "pbn_form": "'{text}' is not a PBN deal: it should look like N:AK1032.K32.Q52.J2 <east> <south> <west>.",
        "pbn_hands": "The deal has {count} hands: it needs 4, separated by spaces.",
        "deal_size": "{seat} has {count} cards: every hand needs {size}.",
        "deal_twice": "{card} is in both {first} and {second}.",
        "deal_mixed": "The hands have {counts} cards: they must all be the same size.",
        "deal_not_found": "No deal matched after {tries} tries: the condition may be impossible.",
        "seed_kind": "A seed must be a whole number or a word, not {kind}.",
        # playing
        "not_your_card": "{card} is not in {seat}'s hand.",
        "not_your_turn": "It is {seat}'s turn, not {other}'s.",
        "must_follow": "You must follow suit: you have {suit}.",
        "must_trump": "You cannot follow suit, so you must play a trump: you have {suit}.",
        "must_overtrump": "You must play a higher trump than {card}: you have one.",
        "play_over": "The play is over: all the tricks have been played.",
        "nothing_to_undo": "There is nothing to take back yet.",
        "revoke": "{seat} broke a rule ({why}) The deal ends: the other side scores {points}.",
        # minibridge
        "contract_form": "'{text}' is not a contract: say a denomination and partscore or game, like '♠ game' or 'NT partscore'.",
        "tricks_range": "{tricks} is not a number of tricks: it must be 0 to 13.",
        "scoring_rules": "'{text}' is not a scoring preset: use one of {names}.",
        "redeal": "Both sides have 20 points: the hand is thrown in and dealt again.",
        "declarer_is": "{declarer} is declarer with {points} points; {dummy} is dummy.",
        "coach_golden_fit": "You have {length} {suit} between you: a golden fit (8 or more), so {suit} are trumps.",
        "coach_two_fits": "You have golden fits in both majors: {length} {suit} is the longer one.",
        "coach_two_fits_equal": "You have {length} cards in both majors: with equal fits choose spades.",
        "coach_no_fit": "No major suit has 8 cards between you, so play in no trumps.",
        "coach_game": "You have {points} points together: 25 or more, so bid game ({tricks} tricks).",
        "coach_partscore": "You have {points} points together: less than 25, so play a partscore (7 tricks).",
        "makes": "{contract}: {tricks} tricks, makes {made}.",
        "down": "{contract}: {tricks} tricks, {short} down.",
        "draw_result": "{first} and {second} drew the higher cards and play together; {dealer} drew the highest card and deals first.",
        # manille
        "trumps_form": "'{text}' is not a trump choice: say ♠ ♥ ♦ ♣, 'no trumps' or 'en face'.",
        "taps_limit": "Only {limit} tap(s) are allowed by these rules.",
        "pattern_form": "The deal pattern {pattern} does not give {size} cards each.",
        "manille_scores": "{side} has {points} card points: {working}, so {side} scores {score}.",
        "manille_no_score": "Both sides have {half} points: nobody scores.",
        "match_over": "The match is over: {side} won with {points}.",
        # pictures (cardlib.render)
        "render_theme": "'{text}' is not a card style: use 'two-colour' or 'four-colour'.",
        "render_scale": "'{text}' is not a picture size: use a number from 0.5 to 4, like 1 or 2.",
        "render_wins": "wins",
        "render_to_play": "{seat} to play",
        "render_dummy": "dummy",
        "render_declarer": "declarer",
        "render_dealer": "dealer",
        "render_trumps": "Trumps: {suit}",
        "render_trumps_word": "trumps",
        "render_no_trumps": "No trumps",
        "render_hcp": "{points} HCP",
        "render_face_down": "{count} cards face down",
        "render_trick_label": "the trick on the table",
        "render_trick_won": "trick {number}, won",
        "render_trick_lost": "trick {number}, lost",
        "render_won_lost": "Won {won} – Lost {lost}",
        "render_pad_columns": "Deal|Declarer|Contract|Tricks|Total",
        "render_chooses": "{seat} chooses",
        # manille (cardlib.manille)
        "manille_option": "'{value}' is not a choice for {option}: use {choices}.",
        "taps_count": "'{taps}' is not a number of taps: use 0, 1, 2 and so on.",
        "en_face_choice": "En face: {partner} chooses the trumps. Say which: ♠ ♥ ♦ ♣ or 'no trumps'.",
        "en_face_twice": "{partner} was asked to choose and cannot pass it back: say ♠ ♥ ♦ ♣ or 'no trumps'.",
        "en_face_three": "With three players there is no partner to choose: the dealer names ♠ ♥ ♦ ♣ or 'no trumps'.",
        "manille_scores_tricks": "{side} has {cards} card points and {tricks} tricks, {points} in all: {working}, so {side} scores {score}.",
        "manille_not_over": "The deal is not over yet: {left} trick(s) still to play.",
        "card_points_range": "{points} is not a number of points for one side: it must be 0 to {total}.",
        "manille_pack": "Manille is played with the 32-card piquet pack (10 A K Q J 9 8 7), not the {pack} pack.",
        "manille_hands": "This deal has {count} hands: Manille for {players} players needs {players}.",
        "three_dealer": "{seat} is not at the table: the players are {seats}.",
        "swap_count": "The dealer may swap 0, 1 or 2 different cards, not {count}.",
        "match_drawn": "The match is over: a draw, with {points} each.",
    },
    "ja": {
        "must_follow": "スーツフォローしなければなりません：{suit}を持っています。",
        "not_your_card": "{card}は{seat}の手札にありません。",
        "play_over": "プレイは終わりました。",
        "redeal": "両ペアが20点なので、配り直しです。",
    },
}

_language = "en"


def set_language(language: str) -> None:
    """Choose the language of every message: "en" or "ja"."""
    if language not in MESSAGES:
        raise ValueError(f"No messages for language '{language}': choose from {sorted(MESSAGES)}.")
    global _language
    _language = language


def say(key: str, **values) -> str:
    """The sentence for ``key`` in the current language, with values filled in.

    >>> say("must_follow", suit="hearts")
    'You must follow suit: you have hearts.'
    """
    template = MESSAGES[_language].get(key) or MESSAGES["en"][key]
    return template.format(**values)


class CardError(ValueError):
    """Bad input about cards, hands or deals; ``str(error)`` is a sentence for a person."""

    def __init__(self, key: str, **values):
        self.key = key
        self.values = values
        super().__init__(say(key, **values))


class IllegalPlay(CardError):
    """A card that may not be played now; the state is unchanged."""
