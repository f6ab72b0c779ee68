import { Query } from 'mingo/query';
import type { Collection } from '../storage/collection.js';
import { planQuery, type Plan } from './planner.js';
import { scanRids } from './scan.js';
import { sortDocs, sortYieldingBy } from './sort.js';
import { queryOptionsFor } from './mingo-context.js';
import { toCommandError } from '../errors.js';
import { validateFilter } from './filter-validate.js';
import { compileSimpleFilter, testOnBytes, type SimpleFilter } from './simple-filter.js';
import { translateFilter } from './regex-translate.js';
import { decodeTyped } from '../bson/typed-decode.js';
import { decodeFields } from '../bson/decode-fields.js';
import { decodeForAggregation, decodeStored } from '../bson/command-decode.js';
import { storedKinds, TYPED_NUMBERS, UNDEFINED_VALUES } from '../bson/aggregation-values.js';
import { markUndefined } from '../bson/undefined-value.js';
import { checkDeadline } from '../server/deadline.js';
import { Yielder } from '../server/yielding.js';

type Doc = Record<string, unknown>;

export type FindSpec = {
  filter: Doc;
  sort: [string, number][];
  skip: number;
  limit: number; // 0 = no limit
  hint?: string;
  /**
   * False when the caller reads matched documents from their bytes itself (an update): the filter
   * may then decode only the fields it names, and matches carry no document.
   */
  decodeMatches?: boolean;
  /**
   * Only these record ids, in this order, each tested against the filter as it is now: the next
   * batch of a multi-document write that pauses for other connections (yielding-writes.ts).
   */
  rids?: readonly number[];
};

/** A matched document: record id plus its decoded form (decoded lazily when the filter allowed it). */
export type Match = { rid: number; doc?: Doc };

function compileFilter(filter: Doc): Query | SimpleFilter {
  try {
    return compileSimpleFilter(filter) ?? new Query(translateFilter(filter), queryOptionsFor(filter));
  } catch (err) {
    throw toCommandError(err);
  }
}

/**
 * How documents are decoded to be tested against a filter. The usual decode (JS numbers) cannot
 * tell int32, int64 and double apart: `$type` tests the decode that keeps every type, and `$expr`
 * the one aggregation reads (int64 values and whole doubles kept), since its expressions compute
 * with MongoDB's numeric types (`{$expr: {$eq: [{$type: "$n"}, "long"]}}`).
 */
function filterDecode(filter: Doc): 'plain' | 'typed' | 'aggregation' {
  let type = false;
  let expr = false;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype)
      return;
    for (const [k, v] of Object.entries(value)) {
      if (k === '$type') type = true;
      if (k === '$expr' || k === '$where') expr = true;
      visit(v);
    }
  };
  visit(filter);
  if (expr) return 'aggregation';
  return type ? 'typed' : 'plain';
}

/**
 * The top-level fields a filter reads, when its outcome depends on those alone (no `$expr`,
 * `$where`, `$text`, `$jsonSchema` or other whole-document operator); undefined otherwise.
 */
function filterFields(filter: Doc, into = new Set<string>()): Set<string> | undefined {
  for (const [key, value] of Object.entries(filter)) {
    if (!key.startsWith('$')) into.add(key.split('.')[0] ?? key);
    else if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(value)) return undefined;
      for (const branch of value as unknown[]) {
        if (!branch || typeof branch !== 'object' || !filterFields(branch as Doc, into)) return undefined;
      }
    } else if (key !== '$comment') return undefined;
  }
  return into;
}

// Below this size picking fields costs about what decoding the whole document does.
const PARTIAL_DECODE_MIN_BYTES = 512;

/** The document for a record id, decoded for the filter's tests (see filterDecode). */
function decodeForFilter(coll: Collection, rid: number, mode: 'typed' | 'aggregation'): Doc | undefined {
  const raw = coll.raw(rid);
  coll.stats.docsExamined++;
  if (!raw) return undefined;
  const doc = mode === 'typed' ? decodeTyped(raw) : decodeForAggregation(raw);
  // `{$type: "undefined"}` (or its `$expr` form) sees BSON undefined as a value, not as missing.
  return storedKinds(raw) & UNDEFINED_VALUES ? markUndefined(doc) : doc;
}

/**
 * One read of a collection under a filter: its plan, the test of each candidate and the ordering of
 * the matches. A class rather than closures: every update statement prepares one, and five closures
 * per statement were a visible share of a submit's cost.
 */
class Scan {
  readonly plan: Plan;
  /** Matches to collect before stopping early. */
  readonly stopAt: number;
  private readonly query: Query | SimpleFilter | null;
  private readonly mode: 'plain' | 'typed' | 'aggregation';
  private readonly typed: boolean;
  private readonly needSort: boolean;
  private readonly fields: Set<string> | undefined;

  constructor(
    private readonly coll: Collection,
    private readonly spec: FindSpec,
  ) {
    validateFilter(spec.filter);
    this.plan = planQuery(coll, spec.filter, spec.sort, spec.hint);
    // Given record ids were not found through the plan's index: each is tested against the filter.
    this.query = this.plan.exact && !spec.rids ? null : compileFilter(spec.filter);
    this.mode = this.query === null ? 'plain' : filterDecode(spec.filter);
    this.typed = this.mode !== 'plain';
    // Given record ids come in their own order (a batch of a write, a find's min/max range).
    this.needSort = spec.sort.length > 0 && (!this.plan.sorted || spec.rids !== undefined);
    this.fields =
      this.query && !this.typed && spec.decodeMatches === false ? filterFields(spec.filter) : undefined;
    this.stopAt = !this.needSort && spec.limit > 0 ? spec.skip + spec.limit : Infinity;
  }

  /** The match for a record id, or null when the filter rejects it or it is gone. */
  visit(rid: number): Match | null {
    checkDeadline();
    const { query, fields, coll, mode } = this;
    if (!query) return { rid };
    const raw = fields && coll.raw(rid);
    const partial = fields !== undefined && raw !== undefined && raw.length >= PARTIAL_DECODE_MIN_BYTES;
    if (partial) coll.stats.docsExamined++;
    // ObjectId conditions read on the bytes, the others on a decode of their fields alone.
    const onBytes =
      partial && !(query instanceof Query) ? testOnBytes(query, raw, (f) => decodeFields(raw, f)) : undefined;
    if (onBytes !== undefined) return onBytes ? { rid } : null;
    const doc = partial
      ? decodeFields(raw, fields)
      : mode === 'plain'
        ? coll.doc(rid)
        : decodeForFilter(coll, rid, mode);
    if (!doc) return null;
    try {
      if (!query.test(doc)) return null;
    } catch (err) {
      throw toCommandError(err);
    }
    // Typed filters were tested on the typed decode, partial ones on some fields: callers get the usual one.
    return { rid, doc: this.typed || partial ? undefined : doc };
  }

  private docOf(m: Match): Doc {
    return m.doc ?? this.coll.doc(m.rid) ?? {};
  }

  private page<T>(sorted: T[]): T[] {
    const { skip, limit } = this.spec;
    return sorted.slice(skip, limit > 0 ? skip + limit : sorted.length);
  }

  finish(out: Match[]): { matches: Match[]; plan: Plan } {
    const { plan } = this;
    if (!this.needSort) return { matches: out.slice(this.spec.skip), plan };
    const docs = out.map((m) => this.docOf(m));
    const byDoc = new Map(docs.map((d, i) => [d, out[i]?.rid ?? 0]));
    return {
      matches: this.page(sortDocs(docs, this.spec.sort)).map((d) => ({ rid: byDoc.get(d) ?? 0, doc: d })),
      plan,
    };
  }

  /** finish, with pauses for other connections while an unindexed sort decodes and orders. */
  async finishYielding(out: Match[]): Promise<{ matches: Match[]; plan: Plan }> {
    const { plan } = this;
    if (!this.needSort) return { matches: out.slice(this.spec.skip), plan };
    const yielder = new Yielder();
    const withDocs: Required<Match>[] = [];
    for (const m of out) {
      withDocs.push({ rid: m.rid, doc: this.docOf(m) });
      if (yielder.tick()) await yielder.pause();
    }
    return { matches: this.page(await sortYieldingBy(withDocs, (m) => m.doc, this.spec.sort)), plan };
  }
}

function prepareScan(coll: Collection, spec: FindSpec): Scan {
  return new Scan(coll, spec);
}

/** Runs a filter/sort/skip/limit against a collection, using an index when one fits. */
export function findMatches(coll: Collection, spec: FindSpec): { matches: Match[]; plan: Plan } {
  const scan = prepareScan(coll, spec);
  const out: Match[] = [];
  for (const rid of spec.rids ?? scanRids(coll, scan.plan)) {
    const match = scan.visit(rid);
    if (!match) continue;
    out.push(match);
    if (out.length >= scan.stopAt) break;
  }
  return scan.finish(out);
}

/**
 * findMatches for long reads: candidates are filtered and decoded with pauses for other connections
 * (Yielder). `onMatch` sees each match in the turn its document was tested, so what it reads of the
 * document is what matched. Documents deleted during a pause are left out. With `decode`, every
 * match carries its document.
 *
 * A scan that collects everything it meets takes its record ids in one go before the first pause.
 * A bounded one (limit without sort) reads them as it goes, pauses included (scanRids re-finds its
 * place after writes), so it costs the keys it reads, not the rest of its range: writes made in a
 * pause can then show in the keys still ahead, as in a mongod read that yields, and a document that
 * moved ahead in the index during a pause is returned once.
 */
export async function findMatchesYielding(
  coll: Collection,
  spec: FindSpec,
  { decode, onMatch }: { decode: boolean; onMatch?: (match: Match) => void },
): Promise<{ matches: Match[]; plan: Plan }> {
  const scan = prepareScan(coll, spec);
  const bounded = scan.stopAt !== Infinity;
  const rids: Iterable<number> =
    spec.rids ?? (bounded ? scanRids(coll, scan.plan) : [...scanRids(coll, scan.plan)]);
  // Set at the first pause of a bounded scan: the record ids returned, against a document read twice.
  let returned: Set<number> | undefined;
  const yielder = new Yielder();
  const out: Match[] = [];
  for (const rid of rids) {
    const match = returned?.has(rid) ? null : scan.visit(rid);
    const doc = match && (match.doc ?? (decode ? coll.doc(rid) : undefined));
    if (match && (doc || (!decode && coll.raw(rid)))) {
      const found = doc ? { rid, doc } : match;
      out.push(found);
      returned?.add(rid);
      onMatch?.(found);
      if (out.length >= scan.stopAt) break;
    }
    if (!yielder.tick()) continue;
    if (bounded && !spec.rids) returned ??= new Set(out.map((m) => m.rid));
    await yielder.pause();
  }
  return scan.finishYielding(out);
}

/**
 * A matched document as an aggregation pipeline reads it: with its int64 values as `Long`s and
 * whole doubles as `Double`s when it holds any (see decodeForAggregation), else the usual decode, reused from the match when the
 * filter already decoded it. Undefined when the document was deleted meanwhile.
 */
export function aggregationDoc(coll: Collection, match: Match): Doc | undefined {
  const raw = coll.raw(match.rid);
  return raw && docWithTypes(raw, match.doc);
}

/**
 * A stored document as aggregation reads it and as replies show it (a find projection,
 * findAndModify's document, distinct): its int64 values and whole doubles keep their types, which
 * the usual decode loses (an int64 5 would go back to the client as an int32). `plain` is the
 * usual decode when the caller has it, reused when no type is at stake. BSON `undefined` values are
 * kept as BSON_UNDEFINED (the usual decode turns them into fields that encode to nothing).
 */
export function docWithTypes(raw: Uint8Array, plain?: Doc): Doc {
  const kinds = storedKinds(raw);
  const doc = kinds & TYPED_NUMBERS ? decodeForAggregation(raw) : (plain ?? decodeStored(raw));
  return kinds & UNDEFINED_VALUES ? markUndefined(doc) : doc;
}

/**
 * A matched document as a reply shows it (see docWithTypes), counted as examined when it is read
 * only now (as `coll.doc` counts it). Undefined when it was deleted meanwhile.
 */
export function fetchWithTypes(coll: Collection, match: Match): Doc | undefined {
  const raw = coll.raw(match.rid);
  if (!match.doc) coll.stats.docsExamined++;
  return raw && docWithTypes(raw, match.doc);
}
