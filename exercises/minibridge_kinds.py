"""MiniBridge questions, one generator a kind; each takes a random.Random and returns a
Question whose answer and explanation come from cardlib.minibridge and cardlib.play.

>>> import random
>>> q = hcp_question(random.Random(1), seed=1)
>>> q.check(q.answer).correct, q.check(q.answer + 1).correct
(True, False)
"""
from __future__ import annotations

import random

from cardlib import BRIDGE_PACK, Card, Deal, Seat, Side, Suit, TrickPlay, say, winner_of
from cardlib import minibridge
from cardlib.minibridge import CONTRACTS, Contract
from exercises.answers import NO, NOBODY, YES
from exercises.question import Picture, Question

def seat_options() -> tuple[tuple[str, str], ...]:
    """The four seats as choices: label in words, value the seat's letter."""
    return tuple((seat.word, seat.name) for seat in Seat)


def yes_no_options() -> tuple[tuple[str, str], ...]:
    return ((say("yes"), YES), (say("no"), NO))


def _deal(rng: random.Random, dealer: Seat | None = None) -> Deal:
    """A deal from the question's own generator (dealer chosen by it too)."""
    dealer = Seat(rng.randrange(4)) if dealer is None else dealer
    return Deal.random(seed=rng.randrange(10**9), dealer=dealer)


def _plus(numbers) -> str:
    return " + ".join(str(n) for n in numbers)


def _cards(cards) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


# --- count the HCP ----------------------------------------------------------------------

def hcp_working(hand) -> str:
    """The count of a hand's high-card points as a sum: "A 4 + K 3 + Q 2 = 9".

    >>> from cardlib import Hand
    >>> hcp_working(Hand.parse("♠AK1032 ♥K32 ♦Q52 ♣J2"))
    'A 4 + K 3 + K 3 + Q 2 + J 1 = 13'
    """
    honours = sorted((c for c in hand.cards if c.hcp), key=lambda c: -c.hcp)
    if not honours:
        return say("ex_hcp_none")
    return f"{' + '.join(f'{c.rank.symbol} {c.hcp}' for c in honours)} = {hand.hcp}"


def hcp_question(rng: random.Random, seed: int | str) -> Question:
    """How many high-card points does this hand hold?"""
    hand = _deal(rng)[Seat(rng.randrange(4))]
    return Question(
        kind="hcp", seed=seed, prompt=say("ex_hcp_prompt"), answer_kind="number",
        answer=hand.hcp, right_answer=str(hand.hcp), explanation=hcp_working(hand),
        hint=say("ex_hcp_hint"), picture=Picture((("", ("hand", _cards(hand.cards))),)))


# --- add the announcements ----------------------------------------------------------------

def announcements_question(rng: random.Random, seed: int | str) -> Question:
    """Add announcements: a side's total, or the fourth announcement (they make 40)."""
    deal = _deal(rng)
    said = minibridge.announcements(deal)
    if rng.random() < 0.5:
        side = rng.choice(list(Side))
        points = [p for s, p in said if s.side is side]
        answer = sum(points)
        table = tuple((s.word, p) for s, p in said)
        prompt = say("ex_side_prompt", side=side)
        explanation = say("ex_side_working", side=side, sum=_plus(points), total=answer)
        hint = say("ex_side_hint", first=side.seats[0].word, second=side.seats[1].word)
    else:
        missing, answer = said[-1]
        table = tuple((s.word, p) for s, p in said[:-1]) + ((missing.word, "?"),)
        known = " − ".join(str(p) for _, p in said[:-1])
        prompt = say("ex_fourth_prompt", seat=missing.word)
        explanation = say("ex_fourth_working", known=known, total=answer)
        hint = say("ex_fourth_hint")
    return Question(
        kind="announcements", seed=seed, prompt=prompt, answer_kind="number", answer=answer,
        right_answer=str(answer), explanation=explanation, hint=hint,
        picture=Picture(((say("ex_announced_label", dealer=deal.dealer.word), ("table", table)),)))


# --- who is declarer ------------------------------------------------------------------------

def declarer_working(deal: Deal) -> str:
    """Why the declarer is who minibridge.declarer says, step by step, in words."""
    said = minibridge.announcements(deal)
    points = {s: p for s, p in said}
    totals = {side: sum(points[s] for s in side.seats) for side in Side}
    sums = " ".join(say("ex_side_total", side=side, sum=_plus(points[s] for s in side.seats),
                        total=totals[side]) for side in Side)
    chosen = minibridge.declarer(deal)
    if chosen is None:
        return f"{sums} {say('redeal')}"
    partner = chosen.partner
    if points[chosen] == points[partner]:
        why = say("ex_declarer_tie", declarer=chosen.word, dummy=partner.word, points=points[chosen])
    else:
        why = say("declarer_is", declarer=chosen.word, points=points[chosen], dummy=partner.word)
    return f"{sums} {say('ex_side_plays', side=chosen.side)} {why}"


def declarer_question(rng: random.Random, seed: int | str) -> Question:
    """Who is declarer, given the four announcements (or nobody, at 20–20)?"""
    deal = _deal(rng)
    said = minibridge.announcements(deal)
    chosen = minibridge.declarer(deal)
    answer = NOBODY if chosen is None else chosen.name
    options = seat_options() + ((say("ex_nobody"), NOBODY),)
    return Question(
        kind="declarer", seed=seed, prompt=say("ex_declarer_prompt"), answer_kind="seat",
        answer=answer, right_answer=say("ex_nobody") if chosen is None else chosen.word,
        explanation=declarer_working(deal), hint=say("ex_declarer_hint"), options=options,
        picture=Picture(((say("ex_announced_label", dealer=deal.dealer.word),
                          ("table", tuple((s.word, p) for s, p in said))),)))


# --- which card wins this trick -----------------------------------------------------------

def _trick(rng: random.Random, trumps: Suit | None) -> list[tuple[Seat, Card]]:
    """Four cards as a trick might go: mostly following suit, sometimes a trump or discard."""
    pack = list(BRIDGE_PACK.cards)
    rng.shuffle(pack)
    leader = Seat(rng.randrange(4))
    led = pack.pop().suit if rng.random() < 0.5 or trumps is None else rng.choice([s for s in Suit if s is not trumps])
    plays = []
    seat = leader
    for i in range(4):
        roll = rng.random()
        if i == 0 or roll < 0.65:
            wanted = [led]
        elif trumps is not None and roll < 0.85:
            wanted = [trumps]
        else:
            wanted = [s for s in Suit if s is not led]
        card = next(c for c in pack if c.suit in wanted)
        pack.remove(card)
        plays.append((seat, card))
        seat = seat.left
    return plays


def trick_working(plays, trumps: Suit | None) -> str:
    """Why the winner wins, in words; the winner comes from cardlib.winner_of."""
    seat = winner_of(plays, trumps)
    card = dict(plays)[seat]
    led = plays[0][1].suit
    if trumps is not None and any(c.suit is trumps for _, c in plays):
        if card.suit is led:
            return say("ex_trick_trump_led", card=card, seat=seat.word, suit=trumps.word)
        return say("ex_trick_trumped", card=card, seat=seat.word, suit=trumps.word)
    if any(c.suit is not led for _, c in plays):
        return say("ex_trick_discard", card=card, seat=seat.word, card_suit=led.one_word)
    return say("ex_trick_highest", card=card, seat=seat.word, card_suit=led.one_word)


def trick_question(rng: random.Random, seed: int | str, kind: str = "trick") -> Question:
    """Which card wins this trick? (kind "trick_no_trumps": always without trumps, for
    the first lesson, before trumps are taught)"""
    trumps = None if kind == "trick_no_trumps" else rng.choice([None, *Suit])
    plays = _trick(rng, trumps)
    winner = winner_of(plays, trumps)
    card = dict(plays)[winner]
    trumps_words = say("ex_no_trumps") if trumps is None else say("ex_trumps_are", suit=trumps.word, symbol=trumps.symbol)
    return Question(
        kind=kind, seed=seed,
        prompt=say("ex_trick_prompt", trumps=trumps_words, leader=plays[0][0].word),
        answer_kind="card", answer=str(card), right_answer=str(card),
        explanation=trick_working(plays, trumps), hint=say("ex_trick_hint"),
        options=tuple((str(c), str(c)) for _, c in plays),
        picture=Picture(((trumps_words, ("trick", tuple((s.name, str(c)) for s, c in plays))),)))


def trick_no_trumps_question(rng: random.Random, seed: int | str) -> Question:
    """Which card wins this trick? Always in no trumps."""
    return trick_question(rng, seed, kind="trick_no_trumps")


# --- may this card be played ---------------------------------------------------------------

def _position(rng: random.Random) -> TrickPlay:
    """A deal played part of the way with random legal cards, stopping inside a trick
    most of the time (that is where the follow-suit rule bites)."""
    deal = _deal(rng)
    game = TrickPlay(deal.hands, leader=Seat(rng.randrange(4)), trumps=rng.choice([None, *Suit]))
    cards = 4 * rng.randrange(0, 6) + rng.choice([0, 1, 1, 2, 2, 3, 3])
    for _ in range(cards):
        game.play(rng.choice(game.legal_plays()))
    return game


def play_working(game: TrickPlay, card: Card) -> str:
    """Why a card may or may not be played now: TrickPlay.why_illegal's sentence, or why it is fine."""
    why = game.why_illegal(card)
    if why is not None:
        return say("ex_may_not", card=card, why=why)
    if not game.current:
        return say("ex_may_lead", card=card)
    led = game.suit_led
    if card.suit is led:
        return say("ex_may_follow", card=card, suit=led.word)
    return say("ex_may_discard", card=card, suit=led.word)


def may_play_question(rng: random.Random, seed: int | str) -> Question:
    """May this card be played now? (yes or no)"""
    game = _position(rng)
    seat = game.to_play
    hand = game.hands[seat]
    legal = game.legal_plays()
    illegal = [c for c in hand if c not in legal]
    card = rng.choice(illegal if illegal and rng.random() < 0.5 else legal)
    answer = NO if game.why_illegal(card) else YES
    trumps = game.trumps
    trumps_words = say("ex_no_trumps") if trumps is None else say("ex_trumps_are", suit=trumps.word, symbol=trumps.symbol)
    rows = []
    if game.current:
        rows.append((say("ex_trick_so_far", trumps=trumps_words), ("trick", tuple((s.name, str(c)) for s, c in game.current))))
    rows.append((say("ex_hand_of", seat=seat.word), ("hand", _cards(hand))))
    prompt_key = "ex_may_prompt" if game.current else "ex_may_prompt_lead"
    return Question(
        kind="may_play", seed=seed, prompt=say(prompt_key, seat=seat.word, card=card, trumps=trumps_words),
        answer_kind="yes-no", answer=answer, right_answer=say("yes" if answer == YES else "no"),
        explanation=play_working(game, card), hint=say("ex_may_hint"), options=yes_no_options(),
        picture=Picture(tuple(rows)))


# --- how many tricks does this contract need ------------------------------------------------

def tricks_question(rng: random.Random, seed: int | str) -> Question:
    """How many tricks does declarer (or do the defenders) need for this contract?"""
    contract = rng.choice(CONTRACTS)
    needed = contract.tricks_needed
    rule = say("ex_needs_game" if contract.game else "ex_needs_partscore", contract=contract,
               tricks=needed, denomination=contract.denomination_word)
    if rng.random() < 0.7:
        answer, prompt, explanation = needed, say("ex_tricks_prompt", contract=contract), rule
    else:
        answer = contract.tricks_to_defeat
        prompt = say("ex_defence_prompt", contract=contract)
        explanation = f"{rule} {say('ex_defence_working', needed=needed, answer=answer)}"
    return Question(
        kind="tricks_needed", seed=seed, prompt=prompt, answer_kind="number", answer=answer,
        right_answer=str(answer), explanation=explanation, hint=say("ex_tricks_hint"))


# --- what does this result score ----------------------------------------------------------

def score_question(rng: random.Random, seed: int | str, rules: str | None = None) -> Question:
    """What does declarer's side score for this contract and number of tricks?
    Both presets (EBU and the club's) come up unless ``rules`` names one."""
    preset = minibridge.scoring_rules(rules or rng.choice(sorted(minibridge.PRESETS)))
    contract = rng.choice(CONTRACTS)
    tricks = max(0, min(13, contract.tricks_needed + rng.choice([-3, -2, -1, -1, 0, 0, 0, 1, 1, 2, 3])))
    declarer = Seat(rng.randrange(4))
    answer = minibridge.score(contract, tricks, preset)
    rules_words = say("ex_rules_words", game_bonus=preset.game_bonus, partscore_bonus=preset.partscore_bonus,
                      short=preset.per_trick_short,
                      who=say("ex_short_opponents" if preset.opponents_score_penalty else "ex_short_lost"))
    return Question(
        kind="score", seed=seed,
        prompt=say("ex_score_prompt", declarer=declarer.word, contract=contract, tricks=tricks,
                   side=declarer.side, rules=rules_words),
        answer_kind="number", answer=answer, right_answer=_signed(answer),
        explanation=minibridge.score_working(contract, tricks, preset), hint=say("ex_score_hint"))


def _signed(number: int) -> str:
    return f"−{-number}" if number < 0 else str(number)


# --- pick a sensible contract ---------------------------------------------------------------

def contract_question(rng: random.Random, seed: int | str) -> Question:
    """Pick a contract for declarer and dummy: every contract the guidelines allow is right."""
    deal = Deal.random_where(lambda d: minibridge.declarer(d) is not None, seed=rng.randrange(10**9),
                             dealer=Seat(rng.randrange(4)))
    declarer = minibridge.declarer(deal)
    mine, dummy = deal[declarer], deal[declarer.partner]
    coach = minibridge.suggest_contract(mine, dummy)
    allowed = minibridge.sensible_contracts(mine, dummy)
    reasons = " ".join(coach.reasons)
    others = [str(c) for c in CONTRACTS if c in allowed and c != coach.contract]
    explanation = reasons if not others else f"{reasons} {say('ex_contract_also', contracts=', '.join(others))}"

    def right_words(value: str) -> str:
        if value == coach.contract.text:
            return say("ex_right", answer=coach.contract, explanation=reasons)
        return say("ex_contract_other_right", given=Contract(value), coach=coach.contract, reasons=reasons)

    return Question(
        kind="contract", seed=seed, prompt=say("ex_contract_prompt", declarer=declarer.word, dummy=declarer.partner.word),
        answer_kind="contract", answer=coach.contract.text, right_answer=str(coach.contract),
        explanation=explanation, hint=say("ex_contract_hint"),
        options=tuple((str(c), c.text) for c in CONTRACTS),
        accepted=frozenset(c.text for c in allowed),
        picture=Picture(((say("ex_hand_declarer", seat=declarer.word), ("hand", _cards(mine.cards))),
                         (say("ex_hand_dummy", seat=declarer.partner.word), ("hand", _cards(dummy.cards))))),
        right_words=right_words)


__all__ = [
    "announcements_question", "contract_question", "declarer_question", "hcp_question",
    "hcp_working", "may_play_question", "score_question", "trick_question", "tricks_question",
]

