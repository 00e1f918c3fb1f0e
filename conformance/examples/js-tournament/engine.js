#!/usr/bin/env node
// A small, independent Tournament Rook (Kentucky Discard) engine in plain Node.js, checked
// by rookery through its JavaScript harness kit (conformance/harness/js): the kit speaks
// the protocol of docs/protocol.md, this file only plays the rules.
//
// Written from the rules text (the encyclopedia article's "Official rules", source id
// wikipedia-rook) and the rulings of specs/tournament.rook, not from rookery's Python
// code: its only purpose is to show that the corpus is language-neutral.
'use strict';

// The kit from this repository; an engine of your own would `require('rookery-harness')`.
const { serve, Refusal, Code } = require('../../harness/js');

// -- The deck ("The deal"): four colors of 5..14 and the Rook Bird card: 41 cards. -----
const COLORS = ['B', 'R', 'Y', 'G'];
const LOW_RANK = 5;
const HIGH_RANK = 14;
const ROOK = 'ROOK';
const DECK = new Set([ROOK]);
for (const color of COLORS) {
  for (let rank = LOW_RANK; rank <= HIGH_RANK; rank++) DECK.add(color + rank);
}

// -- The table ("Official rules"): four players, partners opposite (team = seat % 2). --
const PLAYERS = 4;
const TEAMS = 2;
const teamOf = (seat) => seat % TEAMS;
const leftOf = (seat) => (seat + 1) % PLAYERS;

// -- Bidding ("Bidding"): 70 to 120 in fives; a pass is final. ------------------------
const MIN_BID = 70;
const MAX_BID = 120;
const BID_STEP = 5;

// -- The nest ("Bidding", "Play"): the high bidder lays five cards aside; the last
// trick's winner takes them and their counters. -------------------------------------
const NEST_SIZE = 5;

// -- Counters ("Official rules"): each 5 is 5 points, each 10 and 14 is 10, the Rook 20.
const TARGET = 300;
function counterValue(card) {
  if (card === ROOK) return 20;
  const rank = rankOf(card);
  if (rank === 5) return 5;
  if (rank === 10 || rank === 14) return 10;
  return 0;
}

function rankOf(card) {
  return card === ROOK ? null : Number(card.slice(1));
}

/** The color a card belongs to: the Rook is a card of the trump color (ruling on
 * `play.anytime`), and has no color before trump is named. */
function colorOf(card, trump) {
  return card === ROOK ? trump : card[0];
}

/** "The Rook Bird card is the highest trump card"; then trumps by rank; then the led
 * color by rank; any other card cannot take the trick. */
function strength(card, led, trump) {
  if (card === ROOK) return 1000;
  const color = colorOf(card, trump);
  if (color === trump) return 100 + rankOf(card);
  if (color === led) return rankOf(card);
  return -1;
}

function sortCards(cards) {
  const key = (c) => (c === ROOK ? 1000 : COLORS.indexOf(c[0]) * 100 + rankOf(c));
  return [...cards].sort((a, b) => key(a) - key(b));
}

function sum(values) {
  return values.reduce((a, b) => a + b, 0);
}

function knownCard(code) {
  if (!DECK.has(code)) throw new Refusal(Code.UNKNOWN_CARD, `'${code}' is not a card of the Tournament deck`);
  return code;
}

// -- One hand, from the deal to the score. ---------------------------------------------
class Hand {
  constructor({ dealer, hands, nest, scores, number }) {
    this.dealer = dealer;
    this.hands = hands.map((cards) => [...cards]);
    this.nest = [...nest];
    this.scoresBefore = scores ? [...scores] : new Array(TEAMS).fill(0);
    this.number = number || 0;
    // Bidding starts with the player to the left of the dealer.
    this.phase = 'bidding';
    this.toAct = leftOf(dealer);
    this.highBid = null;
    this.bidder = null;
    this.passed = new Array(PLAYERS).fill(false);
    this.auction = [];
    this.laidAside = [];
    this.trump = null;
    this.trick = [];          // [{seat, card}] in the order played
    this.tricks = [];         // finished tricks: {leader, seats, cards, winner, points}
    this.tricksWon = new Array(PLAYERS).fill(0);
    this.taken = new Array(TEAMS).fill(0);
    this.result = null;
  }

  // -- whose turn, what is legal, apply ------------------------------------------------
  legal() {
    switch (this.phase) {
      case 'bidding': return ['pass', ...this.biddable().map((amount) => `bid ${amount}`)];
      case 'discard': return this.hands[this.bidder].map((card) => `discard ${card}`);
      case 'trump': return COLORS.map((color) => `trump ${color}`);
      case 'play': return this.playable(this.toAct).map((card) => `play ${card}`);
      default: return [];
    }
  }

  /** Take `action` (read by the kit: {kind, value}) for the seat to act; the kit has
   * already refused another seat's turn and a finished hand. */
  apply(seat, action) {
    switch (this.phase) {
      case 'bidding': return this.applyBid(action);
      case 'discard': return this.applyDiscard(action);
      case 'trump': return this.applyTrump(action);
      default: return this.applyPlay(action);
    }
  }

  // -- Bidding ----------------------------------------------------------------------------
  /** Bids open at 70, must top the high bid, go in fives, and stop at 120; raising by
   * more than five at once is allowed (ruling on `bidding.raise`). */
  biddable() {
    const amounts = [];
    const lowest = this.highBid === null ? MIN_BID : this.highBid + BID_STEP;
    for (let amount = lowest; amount <= MAX_BID; amount += BID_STEP) amounts.push(amount);
    return amounts;
  }

  applyBid(action) {
    const seat = this.toAct;
    const events = [];
    if (action.kind === 'pass') {
      // "A player that has passed may not make another bid for the round."
      this.passed[seat] = true;
      this.auction.push([seat, 'pass']);
      events.push({ event: 'pass', seat });
    } else if (action.kind === 'bid') {
      const amount = action.value;
      if (amount < MIN_BID) throw new Refusal(Code.BID_TOO_LOW, `the minimum bid is ${MIN_BID}`);
      if (this.highBid !== null && amount <= this.highBid) {
        throw new Refusal(Code.BID_TOO_LOW, `a bid must be higher than ${this.highBid}`);
      }
      if (amount > MAX_BID) throw new Refusal(Code.BID_TOO_HIGH, `the maximum bid is ${MAX_BID}`);
      if ((amount - MIN_BID) % BID_STEP !== 0) {
        throw new Refusal(Code.BID_NOT_MULTIPLE, `bids go in steps of ${BID_STEP}`);
      }
      this.highBid = amount;
      this.bidder = seat;
      this.auction.push([seat, `bid ${amount}`]);
      events.push({ event: 'bid', seat, amount });
    } else {
      throw new Refusal(Code.WRONG_PHASE, `'${action.kind}': the auction is on (bid or pass)`);
    }
    const standing = [...Array(PLAYERS).keys()].filter((s) => !this.passed[s]);
    if (standing.length === 0) return events.concat(this.throwIn());
    if (standing.length === 1 && this.bidder === standing[0]) return events.concat(this.auctionWon());
    let next = leftOf(seat);
    while (this.passed[next]) next = leftOf(next);
    this.toAct = next;
    return events;
  }

  /** Nobody bid (ruling on `bidding.all-pass`): the hand is thrown in and nobody scores. */
  throwIn() {
    this.phase = 'done';
    this.toAct = null;
    this.result = {
      made: null,
      changes: new Array(TEAMS).fill(0),
      scores: [...this.scoresBefore],
      taken: new Array(TEAMS).fill(0),
      nestTo: null,
      thrownIn: true,
    };
    return [{ event: 'thrown-in' }];
  }

  /** "The high bidder adds the five cards of the nest to his or her hand, then lays any
   * five cards to the side." */
  auctionWon() {
    this.hands[this.bidder].push(...this.nest);
    this.phase = 'discard';
    this.toAct = this.bidder;
    return [{ event: 'auction-won', seat: this.bidder, bid: this.highBid },
      { event: 'nest-taken', seat: this.bidder }];
  }

  // -- The nest ---------------------------------------------------------------------------
  applyDiscard(action) {
    if (action.kind !== 'discard') {
      throw new Refusal(Code.WRONG_PHASE, `'${action.kind}': the bid winner is laying cards aside`);
    }
    const card = knownCard(action.value);
    const held = this.hands[this.bidder];
    if (!held.includes(card)) throw new Refusal(Code.CARD_NOT_IN_HAND, `the bid winner does not hold ${card}`);
    // Any five cards, counters and the Rook included (ruling on `nest.forbid`).
    held.splice(held.indexOf(card), 1);
    this.laidAside.push(card);
    const events = [{ event: 'laid-aside', seat: this.bidder }];
    if (this.laidAside.length === NEST_SIZE) this.phase = 'trump';
    return events;
  }

  // -- Trump ------------------------------------------------------------------------------
  /** "The high bidder then names the trump suit": one of the four colors. */
  applyTrump(action) {
    if (action.kind !== 'trump') {
      throw new Refusal(Code.WRONG_PHASE, `'${action.kind}': the bid winner is naming trump`);
    }
    if (!COLORS.includes(action.value)) {
      throw new Refusal(Code.TRUMP_NOT_ALLOWED, `trump is one of ${COLORS.join(', ')}, not '${action.value}'`);
    }
    this.trump = action.value;
    // "the player to the left of the dealer places any card ... on the center of the table"
    this.phase = 'play';
    this.toAct = leftOf(this.dealer);
    return [{ event: 'trump-named', seat: this.bidder, trump: this.trump }];
  }

  // -- Play -------------------------------------------------------------------------------
  /** Follow the led color if able; the Rook may be played at any time; a player with
   * none of the led color may play anything ("Play", "The Rook Bird card"). */
  playable(seat) {
    const held = this.hands[seat];
    if (this.trick.length === 0) return [...held];
    const led = colorOf(this.trick[0].card, this.trump);
    const following = held.filter((card) => colorOf(card, this.trump) === led);
    if (following.length === 0) return [...held];
    if (held.includes(ROOK) && !following.includes(ROOK)) following.push(ROOK);
    return following;
  }

  applyPlay(action) {
    if (action.kind !== 'play') throw new Refusal(Code.WRONG_PHASE, `'${action.kind}': it is time to play a card`);
    const seat = this.toAct;
    const card = knownCard(action.value);
    const held = this.hands[seat];
    if (!held.includes(card)) throw new Refusal(Code.CARD_NOT_IN_HAND, `seat ${seat} does not hold ${card}`);
    if (!this.playable(seat).includes(card)) {
      const led = colorOf(this.trick[0].card, this.trump);
      throw new Refusal(Code.MUST_FOLLOW_COLOR, `seat ${seat} holds ${led} and must follow the led color`);
    }
    held.splice(held.indexOf(card), 1);
    this.trick.push({ seat, card });
    const events = [{ event: 'played', seat, card }];
    if (this.trick.length < PLAYERS) {
      this.toAct = leftOf(seat);
      return events;
    }
    return events.concat(this.takeTrick());
  }

  /** The best card takes the trick; its taker leads next; the last trick also takes the
   * nest and the counters in it. */
  takeTrick() {
    const led = colorOf(this.trick[0].card, this.trump);
    let best = this.trick[0];
    for (const played of this.trick) {
      if (strength(played.card, led, this.trump) > strength(best.card, led, this.trump)) best = played;
    }
    const cards = this.trick.map((p) => p.card);
    const points = sum(cards.map(counterValue));
    const done = {
      leader: this.trick[0].seat, seats: this.trick.map((p) => p.seat), cards,
      winner: best.seat, points,
    };
    this.tricks.push(done);
    this.tricksWon[best.seat] += 1;
    this.taken[teamOf(best.seat)] += points;
    this.trick = [];
    this.toAct = best.seat;
    const events = [{ event: 'trick-won', seat: best.seat, points, cards }];
    if (this.hands.every((held) => held.length === 0)) {
      const nestPoints = sum(this.laidAside.map(counterValue));
      this.taken[teamOf(best.seat)] += nestPoints;
      events.push({ event: 'nest-won', seat: best.seat, points: nestPoints });
      events.push(this.score(best.seat));
    }
    return events;
  }

  // -- Scoring ("Scoring") ----------------------------------------------------------------
  /** Each team counts its counters; a bidding team short of its bid loses the bid and
   * scores nothing for its counters. */
  score(nestTo) {
    const bidders = teamOf(this.bidder);
    const made = this.taken[bidders] >= this.highBid;
    const changes = this.taken.map((points, team) => (team === bidders && !made ? -this.highBid : points));
    this.phase = 'done';
    this.toAct = null;
    this.result = {
      made, changes, scores: this.scoresBefore.map((s, team) => s + changes[team]),
      taken: [...this.taken], nestTo, thrownIn: false,
    };
    return { event: 'hand-scored', made, changes, scores: this.result.scores };
  }

  /** The game goes to 300; if both sides are over it, the higher total wins, and equal
   * totals play on (ruling on `game.winner`). */
  gameOver() {
    if (!this.result) return null;
    const scores = this.result.scores;
    const best = Math.max(...scores);
    if (best < TARGET) return null;
    const leaders = scores.map((s, team) => [s, team]).filter(([s]) => s === best).map(([, team]) => team);
    return leaders.length === 1 ? leaders : null;
  }

  // -- What is known ----------------------------------------------------------------------
  lastTrick() {
    return this.tricks.length ? { ...this.tricks[this.tricks.length - 1] } : null;
  }

  /** What `seat` may see: its own cards, the auction, trump, the trick on the table, and
   * (for the bid winner) the cards it laid aside.  Never another seat's hand, the nest,
   * or tricks already taken ("Tricks taken may not be reviewed ... until the end of the
   * round"). */
  view(seat) {
    return {
      seat,
      hand: sortCards(this.hands[seat]),
      phase: this.phase,
      to_act: this.toAct,
      dealer: this.dealer,
      auction: this.auction.map(([s, said]) => ({ seat: s, said })),
      high_bid: this.highBid,
      bidder: this.bidder,
      trump: this.trump,
      trick: this.trick.map((p) => ({ seat: p.seat, card: p.card })),
      tricks_won: [...this.tricksWon],
      cards_held: this.hands.map((held) => held.length),
      laid_aside: seat === this.bidder ? [...this.laidAside] : [],
      scores: this.result ? [...this.result.scores] : [...this.scoresBefore],
    };
  }
}

// -- The protocol: the kit's, told what this engine plays. ----------------------------
const ENGINE = {
  name: 'js-tournament',
  version: '1.0.0',
  variants: ['tournament'],
  features: ['bidding', 'nest', 'discard', 'trump', 'follow-color', 'rook-anytime',
    'scoring', 'game-over', 'view'],
  seats: PLAYERS,
  keepers: TEAMS,
  deck: [...DECK],
  start: (deal) => new Hand(deal),
};

if (require.main === module) serve(ENGINE);

module.exports = { Hand, ENGINE };
