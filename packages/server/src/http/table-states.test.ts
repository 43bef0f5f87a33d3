import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { countRows, diffCounts, diffStates, tableNames, tableStates } from '../../test/fuzz/rows.js';

// The security suites (fuzz, IDOR) judge "a refused request changed nothing" by these states.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('the table states the security suites compare', () => {
  it('see an UPDATE that keeps every row count, which counts alone missed', async () => {
    const { user } = await t.createUser({ username: 'before_name' });
    const tables = await tableNames(t.db);
    const [counts, states] = [await countRows(t.db, tables), await tableStates(t.db, tables)];
    await t.db.kysely.updateTable('users').set({ username: 'after_name' }).where('id', '=', user.id).execute();
    expect(diffCounts(counts, await countRows(t.db, tables))).toEqual([]);
    expect(diffStates(states, await tableStates(t.db, tables))).toEqual(['users: rows changed']);
  });

  it('name inserts and deletes by their counts, and nothing when nothing changed', async () => {
    const tables = await tableNames(t.db);
    const before = await tableStates(t.db, tables);
    expect(diffStates(before, await tableStates(t.db, tables))).toEqual([]);
    const { user } = await t.createUser();
    const added = diffStates(before, await tableStates(t.db, tables));
    expect(added).toContain('users: 0 → 1 rows');
    const middle = await tableStates(t.db, tables);
    await t.db.kysely.deleteFrom('auth_tokens').where('user_id', '=', user.id).execute();
    expect(diffStates(middle, await tableStates(t.db, tables))).toEqual(['auth_tokens: 1 → 0 rows']);
  });
});
