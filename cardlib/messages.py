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
        "bot_game": "'{text}' is not a game the computer plays: use {names}.",
        "bot_level": "'{text}' is not a level for a computer player: use {names}.",
        "bot_wrong_game": "This computer player was made for {game}, not {other}.",
        # exercises (the exercises package: questions, answers, practice, quiz, progress)
        "ex_right": "✔ Right: {answer}. {explanation}",
        "ex_wrong": "✘ Not quite: you said {given}. The answer is {answer}. {explanation}",
        "ex_already_answered": "You have answered this one already. {words} Press New question for another.",
        "ex_empty": "Type your answer first, then press Check.",
        "ex_too_long": "'{text}' is far too long for an answer: type just the answer, like 12.",
        "ex_too_big": "'{text}' is too big: every answer here has at most {digits} digits.",
        "ex_not_number": "'{text}' is not a number: type digits like 12.",
        "ex_not_seat": "'{text}' is not a seat: choose North, East, South, West or Nobody.",
        "ex_not_yes_no": "'{text}' is not yes or no: choose Yes or No.",
        "ex_not_an_option": "'{text}' is not one of the choices: pick one of {options}.",
        "ex_choose_first": "Choose an answer first, then press Check.",
        "ex_unknown_kind": "'{kind}' is not a kind of question: use one of {kinds}.",
        "ex_hcp_prompt": "How many high-card points (HCP) are in this hand?",
        "ex_hcp_hint": "Count only the aces and picture cards: A = 4, K = 3, Q = 2, J = 1. The other cards score 0.",
        "ex_hcp_none": "No A, K, Q or J: 0 points.",
        "ex_announced_label": "Announced, starting with the dealer ({dealer}):",
        "ex_side_prompt": "How many points does {side} have together?",
        "ex_side_working": "{side}: {sum} = {total}.",
        "ex_side_hint": "Add {first}'s and {second}'s points.",
        "ex_fourth_prompt": "The four announcements add up to 40. What did {seat} announce?",
        "ex_fourth_working": "40 − {known} = {total}.",
        "ex_fourth_hint": "Start at 40 and take away each number you know.",
        "ex_declarer_prompt": "Who is declarer? (If both sides have 20 points, nobody: the cards are dealt again.)",
        "ex_declarer_hint": "First add up each side: N–S is North + South, E–W is East + West. The side with more plays, and its partner with more points is declarer.",
        "ex_side_total": "{side}: {sum} = {total}.",
        "ex_side_plays": "{side} has more, so {side} plays the hand.",
        "ex_declarer_tie": "{declarer} and {dummy} both have {points}: {declarer} announced first, so {declarer} is declarer and {dummy} is dummy.",
        "ex_nobody": "Nobody (deal again)",
        "ex_no_trumps": "No trumps",
        "ex_trumps_are": "Trumps: {symbol} {suit}",
        "ex_trick_prompt": "{trumps}. {leader} led. Which card wins the trick?",
        "ex_trick_hint": "Is there a trump in the trick? Then the highest trump wins. If not, the highest card of the suit led wins: other suits cannot win.",
        "ex_trick_trump_led": "{card} is the highest trump ({suit}) in the trick, so {seat} wins with {card}.",
        "ex_trick_trumped": "{card} is the highest trump ({suit}) in the trick: a trump beats every card of another suit, so {seat} wins with {card}.",
        "ex_trick_discard": "No trump was played, so the highest {card_suit} (the suit led) wins: {card}, played by {seat}. A card of another suit cannot win, however big.",
        "ex_trick_highest": "Everyone followed suit, so the highest {card_suit} wins: {card}, played by {seat}.",
        "ex_trick_so_far": "The trick so far ({trumps}):",
        "ex_hand_of": "{seat}'s cards:",
        "ex_may_prompt": "It is {seat}'s turn. May {seat} play {card}?",
        "ex_may_prompt_lead": "{trumps}. {seat} leads to a new trick. May {seat} play {card}?",
        "ex_may_hint": "Look at the first card of the trick. Does the player have a card of that suit? Then they must play one.",
        "ex_may_not": "{card} may not be played now. {why}",
        "ex_may_lead": "The first card of a trick may be any card, so {card} is fine.",
        "ex_may_follow": "{card} follows suit ({suit} were led), so it is fine.",
        "ex_may_discard": "There are no {suit} left in this hand, so any card may be played, {card} too.",
        "ex_tricks_prompt": "How many tricks must declarer take to make {contract}?",
        "ex_defence_prompt": "Declarer plays {contract}. How many tricks must the defenders take to beat it?",
        "ex_needs_partscore": "Every partscore needs 7 tricks, so {contract} needs {tricks}.",
        "ex_needs_game": "Game in {denomination} needs {tricks} tricks (9 in no trumps, 10 in ♥ or ♠, 11 in ♣ or ♦).",
        "ex_defence_working": "There are 13 tricks, so the defenders beat it with 14 − {needed} = {answer} (one more than 13 − {needed}).",
        "ex_tricks_hint": "Partscore: always 7. Game: 9 in no trumps, 10 in ♥ or ♠, 11 in ♣ or ♦.",
        "ex_rules_words": "game bonus {game_bonus}, partscore bonus {partscore_bonus}, {short} for each trick short {who}",
        "ex_short_opponents": "to the opponents",
        "ex_short_lost": "lost by declarer's side",
        "ex_score_prompt": "{declarer} played {contract} and took {tricks} tricks. What does {side} score? (Rules: {rules}. Write a minus score like −100.)",
        "ex_score_hint": "Did they make it? If yes: trick points for each trick over six (NT 40 then 30, ♥ ♠ 30, ♣ ♦ 20), plus the bonus. If not: count the tricks short.",
        "ex_contract_prompt": "{declarer} is declarer and can see dummy ({dummy}). Which contract should {declarer} choose?",
        "ex_hand_declarer": "Declarer ({seat}):",
        "ex_hand_dummy": "Dummy ({seat}):",
        "ex_contract_hint": "Count the ♠ and the ♥ in both hands together: 8 or more is a golden fit (trumps). Then add the two hands' points: 25 or more, bid game.",
        "ex_contract_also": "These follow the guidelines too: {contracts}.",
        "ex_contract_other_right": "✔ Right: {given} follows the guidelines. The coach chose {coach}: {reasons}",
        "ex_manille_trick_prompt": "Manille: how many card points are in this trick?",
        "ex_manille_pile_prompt": "Manille: how many card points are in this pile of {count} cards?",
        "ex_manille_points_hint": "10 = 5, A = 4, K = 3, Q = 2, J = 1; 9, 8 and 7 score 0.",
        "ex_manille_no_points": "No 10, A, K, Q or J: 0 points.",
        "ex_manille_blanks": "({ranks}: 0 points)",
        "ex_manille_trumps": "Trumps were {suit}.",
        "ex_manille_no_trumps": "Trumps: no trumps (en voiture), so the points are doubled.",
        "ex_manille_tapped": "{other} tapped the table (points doubled).",
        "ex_manille_tapped_back": "{other} tapped and {side} tapped back (doubled twice).",
        "ex_manille_blind": "The dealer called trumps blind (doubled).",
        "ex_manille_score_prompt": "Manille: {side} took {points} card points. {facts} What does {side} score for this deal?",
        "ex_manille_score_hint": "Take 30 from the card points (30 or fewer scores 0), then multiply: ×2 for no trumps, ×2 for each tap, ×2 for blind trumps.",
        "ex_manille_multiplier": "Multiplier: {factors} = ×{times}.",
        "ex_factor_no_trumps": "×2 (no trumps)",
        "ex_factor_tap": "×2 (a tap)",
        "ex_factor_tap_back": "×2 (tapping back)",
        "ex_factor_blind": "×2 (blind trumps)",
        "ex_factor_none": "×1 (nothing doubled)",
        "ex_manille_zero": "{side} has {points} card points, not more than 30, so {side} scores 0.",
        "ex_name_empty": "Type your name first.",
        "ex_name_long": "That name is too long: use at most {limit} letters.",
        "ex_name_form": "'{name}' cannot be used as a name: use letters and digits, spaces, - or '.",
        "ex_progress_damaged": "{name}, your progress file was damaged, so it was kept aside as {kept} and a fresh one was started.",
        "ex_progress_not_saved": "Your progress could not be saved in {folder} ({reason}): your answers still count here.",
        "ex_hello": "Hello {name}! Your progress is saved in {folder}.",
        "ex_quiz_size": "{size} is not a quiz size: choose 1 to {limit} questions.",
        "ex_quiz_saved": "Answer {number} of {size} written down.",
        "ex_quiz_already": "Question {number} is already answered: your first answer counts.",
        "ex_quiz_mark": "Quiz finished: {mark} out of {size}.",
        "ex_quiz_no_hint": "No hints during the quiz: they come with the answers at the end.",
        "ex_quiz_review_hint": "Every answer, and how to get it, is in the list above.",
        "ex_quiz_not_finished": "The quiz is not finished: {left} question(s) still to answer.",
        "ex_quiz_progress": "{done} of {size} answered.",
        "ex_streak": "Streak: {streak} in a row (best {best}) · {right} right out of {tried}",
        "ex_name_placeholder": "your name",
        "ex_name_label": "Name:",
        "ex_name_button": "That's me",
        "ex_number_placeholder": "your answer",
        "ex_check": "Check",
        "ex_hint": "Hint",
        "ex_new": "New question",
        "ex_next": "Next question",
        "ex_question_number": "Question {number} of {size}",
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
