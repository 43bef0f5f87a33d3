import type { Compilable, CompiledQuery } from 'kysely';

/** What a stand-in value starts with: no value a caller sends begins with a NUL. */
const STAND_IN = '\u0000compiled-once:';

type Slot<K> = { name: K } | { value: unknown };

/**
 * A statement Kysely builds and compiles once, then runs with each call's values: building and
 * compiling a statement was ~10 µs of CPU, a fifth of a card review's or a reading report's (each
 * 6–11 statements; docs/performance.md § Answers kept for a few seconds). `articles.repo#stamp` did this
 * by hand; this is the one way to do it.
 *
 * `build` is given a stand-in for each named value and must hand each to Kysely as a plain value
 * (compared, inserted or set: never into `sql.lit` or computed with), so the statement's shape
 * cannot depend on the values. The first call checks that every stand-in became a parameter and
 * throws if one did not. Not for `in` lists: a list would be bound as one value, which the driver
 * refuses at the first run. The SQL is the dialect's: make one per database
 * (in a repo's factory), and run what it gives with `executeQuery` of the current connection.
 */
export function compiledOnce<V extends object, R>(
  names: readonly (keyof V & string)[],
  build: (values: V) => Compilable<R>,
): (values: V) => CompiledQuery<R> {
  let made: { query: CompiledQuery<R>; slots: Slot<keyof V & string>[] } | null = null;
  return (values) => {
    if (!made) {
      // Stand-ins in place of V's values: only ever passed through to Kysely as parameters.
      const standIns = Object.fromEntries(names.map((name) => [name, STAND_IN + name])) as unknown as V;
      const query = build(standIns).compile();
      const slots = query.parameters.map((p): Slot<keyof V & string> => {
        if (typeof p !== 'string' || !p.startsWith(STAND_IN)) return { value: p };
        const name = names.find((n) => n === p.slice(STAND_IN.length));
        if (name === undefined) throw new Error(`compiledOnce: "${p.slice(STAND_IN.length)}" is not a named value`);
        return { name };
      });
      const missing = names.filter((n) => !slots.some((s) => 'name' in s && s.name === n));
      if (missing.length) throw new Error(`compiledOnce: ${missing.join(', ')} did not become parameters of: ${query.sql}`);
      made = { query, slots };
    }
    const { query, slots } = made;
    return { ...query, parameters: slots.map((s) => ('name' in s ? values[s.name] : s.value)) };
  };
}
