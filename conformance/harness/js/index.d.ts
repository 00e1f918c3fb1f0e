// Types of rookery-harness (index.js): the engine protocol of rookery, owned by the kit.

/** The phases of a hand, as the protocol names them. */
export type Phase =
  | 'redeal' | 'bidding' | 'trump' | 'rook' | 'discard' | 'passing' | 'call' | 'leader'
  | 'play' | 'done';

/** A member of a hand: a value (a field, a getter) or a method returning it. */
export type Readable<T> = T | (() => T);

/** A hand as dealt: the cards exactly as given, seat 0 first. */
export interface Deal {
  readonly variant: string;
  readonly dealer: number;
  readonly hands: string[][];
  readonly nest: string[];
  /** The running scores before the hand, one per score keeper; `null` when the request
   * said none and the engine declares no `keepers`. */
  readonly scores: number[] | null;
  /** The hand's number in the game, 0 for the first. */
  readonly number: number;
}

/** An action read from its notation: `bid 75` is `{kind: 'bid', value: 75}`. */
export interface Action {
  readonly kind: 'bid' | 'pass' | 'discard' | 'give' | 'trump' | 'rook' | 'call' | 'leader'
    | 'play' | 'redeal' | 'keep' | 'claim';
  /** A number for a bid, a word (a card code, a color, `high`, `self`...) for the others,
   * null for `pass`, `redeal`, `keep` and `claim`. */
  readonly value: number | string | null;
  /** The action in the notation. */
  readonly text: string;
}

/** The last complete trick. */
export interface Trick {
  winner: number;
  points: number;
  cards: string[];
}

/** A finished hand, one entry per score keeper in each list. */
export interface HandResult {
  /** Whether the bidding side made its bid; null for a thrown-in hand. */
  made: boolean | null;
  changes: number[];
  scores: number[];
  taken: number[];
  /** The seat that took the nest; null for a thrown-in hand. */
  nestTo: number | null;
  thrownIn: boolean;
}

/** What a seat may see: at least its own cards; nothing it may not see. */
export interface View {
  hand: string[];
  [key: string]: unknown;
}

/** An informative event an accepted action reports (`{event: 'trick-won', ...}`). */
export interface GameEvent {
  event: string;
  [key: string]: unknown;
}

/** What the engine implements for one hand. */
export interface Hand {
  phase: Readable<Phase>;
  /** The seat that decides now, null once the hand is over. */
  toAct: Readable<number | null>;
  /** Every legal action now, in the notation. */
  legal: Readable<string[]>;
  /** Take `action` for `seat`, or throw a `Refusal` leaving the hand as it was.  The kit
   * has already refused unreadable notation, a finished hand and another seat's turn. */
  apply(seat: number, action: Action): GameEvent[] | void;
  view(seat: number): View;
  highBid?: Readable<number | null>;
  bidder?: Readable<number | null>;
  /** The trump color's letter, `none`, or null before trump is named. */
  trump?: Readable<string | null>;
  tricksWon?: Readable<number[]>;
  lastTrick?: Readable<Trick | null>;
  /** null until the hand is over. */
  result?: Readable<HandResult | null>;
  /** The winning score keepers once this hand ends the game, else null or false. */
  gameOver?: Readable<number[] | null | false>;
}

/** What the engine tells the kit about itself. */
export interface Engine {
  name: string;
  version: string;
  /** The variant ids it plays (those of `rookery list`). */
  variants: string[];
  /** Start a hand from a deal; throw a `Refusal('bad-deal', ...)` for a deal it refuses. */
  start(deal: Deal): Hand;
  /** Informative words for hello; `next-hand` and `batch` are the kit's. */
  features?: string[];
  /** Every card code of the deck (twice for a card dealt twice): deals of other cards
   * are refused by the kit. */
  deck?: string[];
  /** The number of seats: deals of another number are refused. */
  seats?: number;
  /** The number of score keepers: a deal's `scores: null` is that many zeros. */
  keepers?: number;
  /** false if the engine's refusals carry no rookery codes. */
  errorCodes?: boolean;
}

/** An action refused (thrown by `apply`), or a deal refused (thrown by `start`). */
export class Refusal extends Error {
  constructor(code: string, message?: string);
  readonly code: string;
}

/** Every refusal code of the protocol, in the order an engine checks them. */
export const Code: Readonly<{
  HAND_OVER: 'hand-over';
  NOT_YOUR_TURN: 'not-your-turn';
  WRONG_PHASE: 'wrong-phase';
  BAD_ACTION: 'bad-action';
  UNKNOWN_CARD: 'unknown-card';
  CARD_NOT_IN_HAND: 'card-not-in-hand';
  MUST_BID: 'must-bid';
  NO_MOON_BID: 'no-moon-bid';
  BID_TOO_LOW: 'bid-too-low';
  BID_TOO_HIGH: 'bid-too-high';
  BID_NOT_MULTIPLE: 'bid-not-multiple';
  BID_JUMP: 'bid-jump';
  CANNOT_DISCARD_CARD: 'cannot-discard-card';
  CANNOT_DISCARD_COUNTERS: 'cannot-discard-counters';
  CANNOT_DISCARD_TRUMP: 'cannot-discard-trump';
  EXCHANGE_LIMIT: 'exchange-limit';
  MUST_DISCARD_TRUMP_COUNTER: 'must-discard-trump-counter';
  TRUMP_NOT_ALLOWED: 'trump-not-allowed';
  TRUMP_BURIAL_UNMET: 'trump-burial-unmet';
  MUST_PASS_BEST: 'must-pass-best';
  MUST_PASS_WORST: 'must-pass-worst';
  CANNOT_CALL_OWN_CARD: 'cannot-call-own-card';
  ALREADY_CALLED: 'already-called';
  CLAIM_NOT_ON_LEAD: 'claim-not-on-lead';
  CLAIM_NOT_CERTAIN: 'claim-not-certain';
  MUST_FOLLOW_COLOR: 'must-follow-color';
  GAME_OVER: 'game-over';
}>;

/** The protocol version the kit speaks. */
export const PROTOCOL: 1;

/** Read an action's notation; throws a `Refusal` with code `bad-action`. */
export function parseAction(text: string): Action;

/** One engine's session, request by request (what `serve` runs; handy in tests). */
export class Table {
  constructor(engine: Engine);
  /** The answer to one request, already read from its JSON line. */
  answer(request: unknown): Record<string, unknown>;
}

/** Where `serve` reads its requests (a readable stream: stdin by default). */
export interface LineSource {
  on(event: string, listener: (...args: any[]) => void): unknown;
}

/** Where `serve` writes its answers (a writable stream: stdout by default). */
export interface LineSink {
  write(text: string, callback?: () => void): unknown;
}

/** Answer the requests of `input` on `output`, one JSON line each, until `quit` or the
 * end of the input. */
export function serve(
  engine: Engine,
  streams?: { input?: LineSource; output?: LineSink },
): Promise<Table>;
