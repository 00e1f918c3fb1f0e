// rookery-harness: the engine protocol of rookery (docs/protocol.md), owned here, so that a
// Rook engine written in JavaScript is checked by `rookery conformance` and `rookery fuzz`
// by implementing a few methods in its own terms: start a hand from a deal, the phase,
// the seat to act and its legal actions, apply an action (or refuse it with a code), a
// seat's view, the hand's result and the game's end.  The kit reads the requests, checks
// them, answers in JSON lines, keeps the running deal (dealer, number, scores) for the
// next hand, plays batches, and refuses what the protocol refuses for every engine alike
// (unreadable notation, a finished hand, another seat's turn).  No dependencies; Node 18+.
'use strict';

const readline = require('readline');

const PROTOCOL = 1;

/** Every refusal code of docs/protocol.md ("Rejection codes"), in the order an engine
 * checks them: the first check an action fails gives its code. */
const Code = Object.freeze({
  HAND_OVER: 'hand-over',
  NOT_YOUR_TURN: 'not-your-turn',
  WRONG_PHASE: 'wrong-phase',
  BAD_ACTION: 'bad-action',
  UNKNOWN_CARD: 'unknown-card',
  CARD_NOT_IN_HAND: 'card-not-in-hand',
  MUST_BID: 'must-bid',
  NO_MOON_BID: 'no-moon-bid',
  BID_TOO_LOW: 'bid-too-low',
  BID_TOO_HIGH: 'bid-too-high',
  BID_NOT_MULTIPLE: 'bid-not-multiple',
  BID_JUMP: 'bid-jump',
  CANNOT_DISCARD_CARD: 'cannot-discard-card',
  CANNOT_DISCARD_COUNTERS: 'cannot-discard-counters',
  CANNOT_DISCARD_TRUMP: 'cannot-discard-trump',
  EXCHANGE_LIMIT: 'exchange-limit',
  MUST_DISCARD_TRUMP_COUNTER: 'must-discard-trump-counter',
  TRUMP_NOT_ALLOWED: 'trump-not-allowed',
  TRUMP_BURIAL_UNMET: 'trump-burial-unmet',
  MUST_PASS_BEST: 'must-pass-best',
  MUST_PASS_WORST: 'must-pass-worst',
  CANNOT_CALL_OWN_CARD: 'cannot-call-own-card',
  ALREADY_CALLED: 'already-called',
  CLAIM_NOT_ON_LEAD: 'claim-not-on-lead',
  CLAIM_NOT_CERTAIN: 'claim-not-certain',
  MUST_FOLLOW_COLOR: 'must-follow-color',
  GAME_OVER: 'game-over',
});

/** An action refused (thrown by a hand's `apply`), or a deal refused (thrown by the
 * engine's `start`: its code is then the error word, e.g. 'bad-deal'). */
class Refusal extends Error {
  constructor(code, message) {
    super(message || code);
    this.name = 'Refusal';
    this.code = code;
  }
}

// -- The action notation (docs/conformance.md "Notation") -------------------------------
const KINDS = ['bid', 'pass', 'discard', 'give', 'trump', 'rook', 'call', 'leader', 'play',
  'redeal', 'keep', 'claim'];
const BARE = ['pass', 'redeal', 'keep', 'claim'];    // written without a value
const MAX_BID_DIGITS = 9;

/** Read `bid 75`, `pass`, `play R14` ... into `{kind, value, text}` (`value`: a number
 * for a bid, a word for the others, null for a bare kind); an action that cannot be read
 * is refused `bad-action`, before anything else (docs/protocol.md). */
function parseAction(text) {
  const parts = String(text).trim().split(/\s+/).filter(Boolean);
  const kind = parts[0];
  if (!KINDS.includes(kind)) throw new Refusal(Code.BAD_ACTION, `'${text}' is not an action`);
  if (BARE.includes(kind)) {
    if (parts.length !== 1) throw new Refusal(Code.BAD_ACTION, `'${text}': ${kind} takes no value`);
    return Object.freeze({ kind, value: null, text: kind });
  }
  if (parts.length !== 2) throw new Refusal(Code.BAD_ACTION, `'${text}': ${kind} takes one value`);
  if (kind !== 'bid') return Object.freeze({ kind, value: parts[1], text: `${kind} ${parts[1]}` });
  if (!/^[0-9]+$/.test(parts[1]) || parts[1].length > MAX_BID_DIGITS) {
    throw new Refusal(Code.BAD_ACTION, `'${text}': a bid is a whole number`);
  }
  const amount = Number(parts[1]);
  return Object.freeze({ kind, value: amount, text: `bid ${amount}` });
}

// -- Reading the author's hand -------------------------------------------------------
/** A member of the hand: a value (a field, a getter) or a method that returns it. */
function read(hand, name, ...args) {
  const member = hand[name];
  return typeof member === 'function' ? member.apply(hand, args) : member;
}

const isInt = (value) => Number.isInteger(value);
const isSeat = (value, seats) => isInt(value) && value >= 0 && value < seats;
const isCards = (value) => Array.isArray(value) && value.every((card) => typeof card === 'string');

class RequestError extends Error {
  constructor(error, message) {
    super(message);
    this.error = error;
  }
}

function resultOf(result) {
  if (result === null || result === undefined) return null;
  return {
    made: result.made === undefined ? null : result.made,
    changes: [...result.changes], scores: [...result.scores], taken: [...result.taken],
    nest_to: result.nestTo === undefined ? null : result.nestTo,
    thrown_in: Boolean(result.thrownIn),
  };
}

function trickOf(trick) {
  if (trick === null || trick === undefined) return null;
  return { winner: trick.winner, points: trick.points, cards: [...trick.cards] };
}

/** The optional members of a hand, under their protocol keys. */
const OPTIONAL = [
  ['highBid', 'high_bid', (v) => (v === undefined ? null : v)],
  ['bidder', 'bidder', (v) => (v === undefined ? null : v)],
  ['trump', 'trump', (v) => (v === undefined ? null : v)],
  ['tricksWon', 'tricks_won', (v) => [...v]],
  ['lastTrick', 'last_trick', trickOf],
  ['result', 'result', resultOf],
  ['gameOver', 'game_over', gameOverOf],
];

function gameOverOf(winners) {
  return Array.isArray(winners) && winners.length ? { winners: [...winners] } : false;
}

// -- One engine's table: the hand in play and how it was dealt -------------------------
class Table {
  /** `engine`: `{name, version, variants, start(deal) -> hand}`, and optionally
   * `features`, `deck` (every card code, to refuse deals of other cards), `seats`,
   * `keepers` (score keepers: a deal's `scores: null` is that many zeros),
   * `errorCodes` (false if the engine gives no refusal codes). */
  constructor(engine) {
    for (const key of ['name', 'version', 'variants', 'start']) {
      if (engine[key] === undefined) throw new TypeError(`the engine needs '${key}'`);
    }
    this.engine = engine;
    this.hand = null;
    this.deal = null;
  }

  /** The answer to one request (an object already read from its line). */
  answer(request) {
    try {
      if (request === null || typeof request !== 'object' || Array.isArray(request)) {
        throw new RequestError('bad-request', 'a request is a JSON object');
      }
      if (!Object.prototype.hasOwnProperty.call(COMMANDS, request.cmd)) {
        throw new RequestError('unknown-command',
          `unknown cmd ${JSON.stringify(request.cmd)}; commands: ${Object.keys(COMMANDS).join(', ')}`);
      }
      return COMMANDS[request.cmd].call(this, request);
    } catch (error) {
      if (error instanceof RequestError) return { ok: false, error: error.error, message: error.message };
      if (error instanceof Refusal) return { ok: false, error: error.code, message: error.message };
      process.stderr.write(`rookery-harness: ${(error && error.stack) || error}\n`);
      return { ok: false, error: 'internal-error', message: String(error) };
    }
  }

  hello() {
    const e = this.engine;
    const features = [...new Set(['next-hand', 'batch', ...(e.features || [])])];
    return {
      ok: true, name: e.name, version: e.version, variants: [...e.variants], features,
      error_codes: e.errorCodes !== false, protocol: PROTOCOL,
    };
  }

  dealHand(request) {
    const look = stateArguments(request);
    if (typeof request.variant !== 'string') throw new RequestError('bad-request', "a deal needs a 'variant'");
    if (!this.engine.variants.includes(request.variant)) {
      throw new RequestError('unsupported-variant', `this engine plays ${this.engine.variants.join(', ')}`);
    }
    const deal = request.next === true ? this.nextDeal(request) : this.firstDeal(request);
    this.checkCards(deal);
    const hand = this.engine.start(Object.freeze(deal));
    if (hand === null || typeof hand !== 'object') throw new TypeError('start(deal) must return a hand');
    this.hand = hand;
    this.deal = deal;
    return look === null ? { ok: true } : { ok: true, state: this.state(look.seat) };
  }

  firstDeal(request) {
    const { hands, nest = [], dealer, number = 0 } = request;
    checkHands(hands, nest);
    if (!isSeat(dealer, hands.length)) throw new RequestError('bad-deal', `the dealer must be a seat 0..${hands.length - 1}`);
    if (!isInt(number) || number < 0) throw new RequestError('bad-request', "'number' must be a whole number");
    let scores = request.scores === undefined ? null : request.scores;
    if (scores === null && isInt(this.engine.keepers)) scores = new Array(this.engine.keepers).fill(0);
    if (scores !== null && !(Array.isArray(scores) && scores.every(isInt))) {
      throw new RequestError('bad-deal', "'scores' are whole numbers, one per score keeper");
    }
    if (scores !== null && isInt(this.engine.keepers) && scores.length !== this.engine.keepers) {
      throw new RequestError('bad-deal', `there are ${this.engine.keepers} score keepers`);
    }
    return { variant: request.variant, dealer, hands: copyHands(hands), nest: [...nest], scores, number };
  }

  /** The next hand of the game: the deal passes to the left (after a thrown-in hand
   * too), the scores carry over, the number counts on (docs/protocol.md "deal"). */
  nextDeal(request) {
    const { hands, nest = [] } = request;
    if (this.hand === null || read(this.hand, 'phase') !== 'done') {
      throw new RequestError('no-game', 'a next hand needs a game whose hand is over');
    }
    if (this.gameOver()) throw new RequestError('no-game', 'the game is over: there is no next hand');
    checkHands(hands, nest);
    const last = this.deal;
    const result = 'result' in this.hand ? read(this.hand, 'result') : null;
    return {
      variant: request.variant, dealer: (last.dealer + 1) % last.hands.length,
      hands: copyHands(hands), nest: [...nest],
      scores: result ? [...result.scores] : last.scores, number: last.number + 1,
    };
  }

  checkCards(deal) {
    const { seats, deck } = this.engine;
    if (isInt(seats) && deal.hands.length !== seats) throw new RequestError('bad-deal', `a deal has ${seats} hands`);
    if (!deck) return;
    const left = new Map();
    for (const card of deck) left.set(card, (left.get(card) || 0) + 1);
    for (const card of [].concat(...deal.hands, deal.nest)) {
      if (!left.has(card)) throw new RequestError('bad-deal', `'${card}' is not a card of the deck`);
      if (left.get(card) === 0) throw new RequestError('bad-deal', `${card} is dealt too often`);
      left.set(card, left.get(card) - 1);
    }
  }

  gameOver() {
    return 'gameOver' in this.hand && gameOverOf(read(this.hand, 'gameOver')) !== false;
  }

  apply(request) {
    this.playing();
    if (!isInt(request.seat)) throw new RequestError('bad-request', "'seat' must be a whole number");
    if (typeof request.action !== 'string') throw new RequestError('bad-request', "'action' must be a string like 'bid 70'");
    return { ok: true, ...this.offer(request.seat, request.action) };
  }

  /** Offer one action: refused by the kit where the protocol refuses it for every
   * engine (its notation unreadable, the hand over, another seat's turn), else by the
   * hand's own rules. */
  offer(seat, text) {
    try {
      const action = parseAction(text);
      if (read(this.hand, 'phase') === 'done') throw new Refusal(Code.HAND_OVER, 'the hand is over');
      const toAct = read(this.hand, 'toAct');
      if (seat !== toAct) throw new Refusal(Code.NOT_YOUR_TURN, `it is seat ${toAct}'s turn, not seat ${seat}'s`);
      const events = this.hand.apply(seat, action);
      return { accepted: true, events: Array.isArray(events) ? events : [] };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return { accepted: false, code: error.code, message: error.message };
    }
  }

  batch(request) {
    this.playing();
    const { actions } = request;
    if (!Array.isArray(actions) || !actions.every((a) => a !== null && typeof a === 'object'
        && isInt(a.seat) && typeof a.action === 'string')) {
      throw new RequestError('bad-request', 'actions must be a list of {"seat": S, "action": A}');
    }
    const look = stateArguments(request);
    if (look !== null) this.checkSeat(look.seat);
    const out = { ok: true, applied: 0 };
    for (const { seat, action } of actions) {
      const said = this.offer(seat, action);
      if (!said.accepted) {
        out.rejected = { code: said.code, message: said.message };
        break;
      }
      out.applied += 1;
    }
    if (look !== null) out.state = this.state(look.seat);
    return out;
  }

  stateRequest(request) {
    this.playing();
    const seat = request.seat === undefined ? null : request.seat;
    this.checkSeat(seat);
    return { ok: true, state: this.state(seat) };
  }

  /** The state answer (docs/protocol.md "state"), read from the hand. */
  state(seat) {
    const hand = this.hand;
    const phase = read(hand, 'phase');
    const toAct = read(hand, 'toAct');
    const out = { phase, to_act: toAct === undefined ? null : toAct, legal: [...read(hand, 'legal')] };
    for (const [member, key, convert] of OPTIONAL) {
      if (member in hand) out[key] = convert(read(hand, member));
    }
    out.hand_over = phase === 'done';
    out.dealer = this.deal.dealer;
    out.number = this.deal.number;
    if (this.deal.scores !== null) out.scores = [...this.deal.scores];
    if (seat !== null) {
      const view = { ...read(hand, 'view', seat) };
      if (!isCards(view.hand)) throw new TypeError(`view(${seat}) must hold 'hand', the seat's cards`);
      out.hand = [...view.hand];
      out.view = view;
    }
    return out;
  }

  checkSeat(seat) {
    if (seat !== null && !isSeat(seat, this.deal.hands.length)) {
      throw new RequestError('bad-request', `there is no seat ${JSON.stringify(seat)}`);
    }
  }

  playing() {
    if (this.hand === null) throw new RequestError('no-deal', 'no deal has been started');
  }
}

const COMMANDS = {
  hello: Table.prototype.hello,
  deal: Table.prototype.dealHand,
  apply: Table.prototype.apply,
  state: Table.prototype.stateRequest,
  batch: Table.prototype.batch,
  quit: () => ({ ok: true }),
};

function checkHands(hands, nest) {
  if (!Array.isArray(hands) || hands.length === 0 || !hands.every(isCards) || !isCards(nest)) {
    throw new RequestError('bad-request', "a deal needs 'hands' (a list of lists of cards) and 'nest'");
  }
}

function copyHands(hands) {
  return hands.map((cards) => [...cards]);
}

/** The `state` a `deal` or `batch` request asks to be answered with: {seat} or null. */
function stateArguments(request) {
  const { state } = request;
  if (state === undefined || state === null) return null;
  if (typeof state !== 'object' || Array.isArray(state)) {
    throw new RequestError('bad-request', '\'state\' must be {} or {"seat": S}');
  }
  const seat = state.seat === undefined ? null : state.seat;
  if (seat !== null && !isInt(seat)) throw new RequestError('bad-request', "'seat' must be a whole number");
  return { seat };
}

// -- The loop ----------------------------------------------------------------------------
/** Read one request a line from `input`, write one answer a line to `output`, until
 * `quit` or the end of the input.  Resolves when done; with the process's own streams,
 * the process then ends. */
function serve(engine, { input = process.stdin, output = process.stdout } = {}) {
  const table = new Table(engine);
  const lines = readline.createInterface({ input, terminal: false, crlfDelay: Infinity });
  return new Promise((resolve) => {
    let quitting = false;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      lines.close();
      if (input === process.stdin) input.destroy();
      resolve(table);
    };
    lines.on('line', (line) => {
      if (quitting) return;
      let request;
      let reply;
      try {
        request = JSON.parse(line);
      } catch (error) {
        reply = { ok: false, error: 'bad-json', message: `not JSON: ${error.message}` };
      }
      if (reply === undefined) reply = table.answer(request);
      quitting = reply.ok === true && request.cmd === 'quit';
      output.write(JSON.stringify(reply) + '\n', quitting ? finish : undefined);
    });
    lines.on('close', () => {
      if (!quitting) finish();
    });
  });
}

module.exports = { serve, Table, Refusal, Code, parseAction, PROTOCOL };
