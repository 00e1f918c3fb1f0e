// The kit's own tests: `node --test conformance/harness/js/` (or `npm test` in this folder).
// A toy engine stands in for a Rook engine: two seats, a nest of one card, an auction of
// one bid each (the higher bid takes the hand), and the game to 100.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { PassThrough } = require('node:stream');
const { serve, Table, Refusal, Code, parseAction } = require('..');

class Toy {
  constructor(deal) {
    this.deal = deal;
    this.phase = 'bidding';
    this.toAct = (deal.dealer + 1) % 2;
    this.bids = [null, null];   // per seat
    this.result = null;
  }

  legal() {
    return this.phase === 'bidding' ? ['bid 10', 'bid 20', 'pass'] : [];
  }

  apply(seat, action) {
    if (action.kind === 'play') throw new Refusal(Code.WRONG_PHASE, 'the auction is on');
    if (action.kind === 'bid' && action.value % 10 !== 0) throw new Refusal(Code.BID_NOT_MULTIPLE, 'tens');
    if (action.kind === 'bid' && action.value === 0) throw new Error('a bug in the engine');
    this.bids[seat] = action.kind === 'bid' ? action.value : 0;
    this.toAct = (seat + 1) % 2;
    if (!this.bids.includes(null)) this.score();
    return [{ event: action.kind, seat }];
  }

  score() {
    const winner = this.bids[0] >= this.bids[1] ? 0 : 1;
    const changes = [0, 0];
    changes[winner] = Math.max(...this.bids);
    this.phase = 'done';
    this.toAct = null;
    this.result = {
      made: true, changes, scores: this.deal.scores.map((s, k) => s + changes[k]),
      taken: changes, nestTo: winner, thrownIn: false,
    };
  }

  get highBid() {
    const made = this.bids.filter((bid) => bid !== null);
    return made.length ? Math.max(...made) : null;
  }

  gameOver() {
    if (!this.result) return null;
    const winners = [0, 1].filter((k) => this.result.scores[k] >= 100);
    return winners.length ? winners : null;
  }

  view(seat) {
    return { hand: this.deal.hands[seat], bids: [...this.bids] };
  }
}

const TOY = {
  name: 'toy', version: '0.1', variants: ['toy'], seats: 2, keepers: 2,
  deck: ['A', 'B', 'C', 'D', 'E'], start: (deal) => new Toy(deal),
};

const DEAL = { cmd: 'deal', variant: 'toy', dealer: 0, hands: [['A', 'B'], ['C', 'D']], nest: ['E'] };

function table(...requests) {
  const t = new Table(TOY);
  return requests.map((request) => t.answer(request));
}

test('hello names the engine, its variants and the features the kit speaks', () => {
  const [hello] = table({ cmd: 'hello', protocol: 1 });
  assert.deepEqual(hello, {
    ok: true, name: 'toy', version: '0.1', variants: ['toy'], features: ['next-hand', 'batch'],
    error_codes: true, protocol: 1,
  });
});

test('the notation is read into kind and value, or refused bad-action', () => {
  assert.deepEqual(parseAction('bid  75'), { kind: 'bid', value: 75, text: 'bid 75' });
  assert.deepEqual(parseAction('play R14'), { kind: 'play', value: 'R14', text: 'play R14' });
  assert.deepEqual(parseAction('pass'), { kind: 'pass', value: null, text: 'pass' });
  for (const text of ['dance', 'bid seventy', 'bid -5', 'pass now', 'play', 'bid 1234567890', '']) {
    assert.throws(() => parseAction(text), (e) => e instanceof Refusal && e.code === Code.BAD_ACTION, text);
  }
});

test('an action is accepted with its events, or refused with its code and the state kept', () => {
  const answers = table(DEAL, { cmd: 'apply', seat: 1, action: 'bid 15' },
    { cmd: 'apply', seat: 0, action: 'bid 10' }, { cmd: 'apply', seat: 1, action: 'play A' },
    { cmd: 'apply', seat: 1, action: 'dance' }, { cmd: 'apply', seat: 1, action: 'bid 20' },
    { cmd: 'state' });
  assert.deepEqual(answers[0], { ok: true });
  assert.equal(answers[1].code, 'bid-not-multiple');
  assert.equal(answers[2].code, 'not-your-turn');
  assert.equal(answers[3].code, 'wrong-phase');
  assert.equal(answers[4].code, 'bad-action');
  assert.deepEqual(answers[5], { ok: true, accepted: true, events: [{ event: 'bid', seat: 1 }] });
  assert.equal(answers[6].state.to_act, 0);
});

test('the state answer is read from the hand, in the protocol words', () => {
  const [, , , seat1, table0] = table(DEAL, { cmd: 'apply', seat: 1, action: 'bid 20' },
    { cmd: 'apply', seat: 0, action: 'pass' }, { cmd: 'state', seat: 1 }, { cmd: 'state' });
  assert.deepEqual(table0.state, {
    phase: 'done', to_act: null, legal: [], high_bid: 20,
    result: { made: true, changes: [0, 20], scores: [0, 20], taken: [0, 20], nest_to: 1, thrown_in: false },
    game_over: false, hand_over: true, dealer: 0, number: 0, scores: [0, 0],
  });
  assert.deepEqual(seat1.state.hand, ['C', 'D']);
  assert.deepEqual(seat1.state.view, { hand: ['C', 'D'], bids: [0, 20] });
});

test('once the hand is over every action is refused hand-over, even another seat\'s', () => {
  const answers = table(DEAL, { cmd: 'apply', seat: 1, action: 'pass' }, { cmd: 'apply', seat: 0, action: 'pass' },
    { cmd: 'apply', seat: 1, action: 'pass' }, { cmd: 'apply', seat: 0, action: 'bid 10' });
  assert.equal(answers[3].code, 'hand-over');
  assert.equal(answers[4].code, 'hand-over');
});

test('a next hand is dealt by the next dealer, with the scores carried and the number counted', () => {
  const t = new Table(TOY);
  t.answer({ ...DEAL, scores: [30, 70], number: 4 });
  assert.equal(t.answer({ ...DEAL, next: true }).error, 'no-game');   // the hand is not over
  t.answer({ cmd: 'batch', actions: [{ seat: 1, action: 'bid 20' }, { seat: 0, action: 'pass' }] });
  const next = t.answer({ cmd: 'deal', variant: 'toy', next: true, hands: [['E', 'D'], ['C', 'B']], nest: ['A'], state: {} });
  assert.equal(next.state.dealer, 1);
  assert.equal(next.state.number, 5);
  assert.deepEqual(next.state.scores, [30, 90]);
  assert.equal(next.state.to_act, 0);
  // The game ends at 100: no hand follows.
  t.answer({ cmd: 'batch', actions: [{ seat: 0, action: 'bid 20' }, { seat: 1, action: 'pass' }] });
  t.answer({ cmd: 'deal', variant: 'toy', next: true, hands: [['E', 'D'], ['C', 'B']], nest: ['A'] });
  t.answer({ cmd: 'batch', actions: [{ seat: 1, action: 'bid 20' }, { seat: 0, action: 'pass' }] });
  const last = t.answer({ cmd: 'state' }).state;
  assert.deepEqual(last.game_over, { winners: [1] });
  assert.equal(t.answer({ ...DEAL, next: true }).error, 'no-game');
});

test('a batch stops at the first refusal and carries the state asked for', () => {
  const [, some, all, none] = table(DEAL,
    { cmd: 'batch', actions: [{ seat: 1, action: 'bid 10' }, { seat: 1, action: 'bid 20' }, { seat: 0, action: 'pass' }], state: { seat: 0 } },
    { cmd: 'batch', actions: [{ seat: 0, action: 'pass' }], state: {} },
    { cmd: 'batch', actions: [] });
  assert.equal(some.applied, 1);
  assert.deepEqual(some.rejected, { code: 'not-your-turn', message: "it is seat 0's turn, not seat 1's" });
  assert.deepEqual(some.state.hand, ['A', 'B']);
  assert.deepEqual([all.applied, all.rejected, all.state.phase], [1, undefined, 'done']);
  assert.deepEqual(none, { ok: true, applied: 0 });
});

test('requests it cannot serve get error answers, and nothing is applied', () => {
  const answers = table({ cmd: 'state' }, { cmd: 'deal', variant: 'chess', dealer: 0, hands: [] },
    { ...DEAL, hands: [['A', 'Z'], ['C', 'D']] }, { ...DEAL, hands: [['A', 'A'], ['C', 'D']] },
    { ...DEAL, hands: [['A'], ['B'], ['C']] }, { ...DEAL, dealer: 2 }, { ...DEAL, scores: [1] },
    { ...DEAL, hands: 'ABCD' }, DEAL, { cmd: 'apply', seat: '1', action: 'pass' },
    { cmd: 'apply', seat: 1, action: 7 }, { cmd: 'state', seat: 2 },
    { cmd: 'batch', actions: [{ seat: 1, action: 'pass' }, { seat: 0 }] },
    { cmd: 'batch', actions: [{ seat: 1, action: 'pass' }], state: { seat: 5 } },
    { cmd: 'shuffle' }, [1, 2], { cmd: 'apply', seat: 1, action: 'bid 0' }, { cmd: 'state' });
  assert.deepEqual(answers.map((a) => a.error), ['no-deal', 'unsupported-variant', 'bad-deal',
    'bad-deal', 'bad-deal', 'bad-deal', 'bad-deal', 'bad-request', undefined, 'bad-request',
    'bad-request', 'bad-request', 'bad-request', 'bad-request', 'unknown-command', 'bad-request',
    'internal-error', undefined]);
  assert.equal(answers[17].state.to_act, 1);   // no batch applied anything
  assert.match(answers[16].message, /a bug in the engine/);
});

test('a refused deal keeps the message the engine gave', () => {
  const t = new Table({ ...TOY, start: () => { throw new Refusal('bad-deal', 'no aces today'); } });
  assert.deepEqual(t.answer(DEAL), { ok: false, error: 'bad-deal', message: 'no aces today' });
});

test('serve answers one line per line until quit, bad JSON included', async () => {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.on('data', (chunk) => { written += chunk; });
  const done = serve(TOY, { input, output });
  input.write('{"cmd": "hello", "protocol": 1}\nnot json\n');
  input.write(`${JSON.stringify(DEAL)}\n{"cmd": "quit"}\n{"cmd": "hello"}\n`);
  await done;
  const answers = written.trim().split('\n').map((line) => JSON.parse(line));
  assert.deepEqual(answers.map((a) => a.ok), [true, false, true, true]);
  assert.equal(answers[1].error, 'bad-json');
});

test('serve ends at the end of its input', async () => {
  const input = new PassThrough();
  const output = new PassThrough();
  const done = serve(TOY, { input, output });
  input.end('{"cmd": "hello", "protocol": 1}\n');
  await done;
});

test('the refusal codes are the protocol\'s, each once', () => {
  const codes = Object.values(Code);
  assert.equal(new Set(codes).size, codes.length);
  assert.ok(Object.isFrozen(Code));
  assert.equal(Code.MUST_FOLLOW_COLOR, 'must-follow-color');
});
