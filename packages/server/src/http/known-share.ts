import { z } from 'zod';

/** The reader's known share of each article (0–100), null where there is none. */
export type KnownShares = (userId: number, articleIds: readonly number[]) => Promise<Map<number, number | null>>;

/** Whether an endpoint's answer holds article cards (objects with `known_pct`): decided once, from its contract schema. */
export function carriesCards(output: z.ZodType): boolean {
  let carries = decided.get(output);
  if (carries === undefined) {
    try {
      carries = JSON.stringify(z.toJSONSchema(output, { io: 'output', unrepresentable: 'any' })).includes('"known_pct"');
    } catch {
      carries = false;
    }
    decided.set(output, carries);
  }
  return carries;
}

/** Decided once per schema and process (a process may build several apps: the test suite). */
const decided = new WeakMap<z.ZodType, boolean>();

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v) as object | null);

const isCard = (v: Record<string, unknown>) => typeof v.id === 'number' && Object.hasOwn(v, 'known_pct');

function collect(value: unknown, ids: Set<number>): void {
  if (Array.isArray(value)) for (const item of value) collect(item, ids);
  else if (isPlain(value)) {
    if (isCard(value)) ids.add(value.id as number);
    for (const child of Object.values(value)) collect(child, ids);
  }
}

function fill(value: unknown, shares: Map<number, number | null>): unknown {
  if (Array.isArray(value)) return value.map((item) => fill(item, shares));
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = fill(child, shares);
  if (isCard(value)) out.known_pct = shares.get(value.id as number) ?? null;
  return out;
}

/**
 * A logged-in reader's answer with each article card's `known_pct` filled in. Cards are made
 * alike for every reader (and kept, shared, replayed), so the one personal figure on them is
 * added here, where the answer leaves the server, in one call for every card of the answer.
 * The result is copied, never changed: a handler may hand out an object it keeps.
 */
export async function withKnownShares(result: unknown, userId: number, knownShares: KnownShares): Promise<unknown> {
  const ids = new Set<number>();
  collect(result, ids);
  if (ids.size === 0) return result;
  return fill(result, await knownShares(userId, [...ids]));
}
