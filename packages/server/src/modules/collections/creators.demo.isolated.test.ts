import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Repo from './collections.repo.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/** Whether making a collection public fails next (the connection dropping between the two writes). */
const failing = vi.hoisted(() => ({ publish: false }));

vi.mock('./collections.repo.js', async (importOriginal) => {
  const real = await importOriginal<typeof Repo>();
  return {
    ...real,
    collectionsRepo: (...args: Parameters<typeof real.collectionsRepo>) => {
      const repo = real.collectionsRepo(...args);
      return {
        ...repo,
        setPublished: (...a: Parameters<typeof repo.setPublished>) =>
          failing.publish ? Promise.reject(new Error('publish failed')) : repo.setPublished(...a),
      };
    },
  };
});

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  failing.publish = false;
});
afterEach(() => t.close());

const rows = async (table: 'creators' | 'collections') => t.db.kysely.selectFrom(table).selectAll().execute();

describe('the demo creator', () => {
  it('is made with a saved and published collection, all together or not at all', async () => {
    await t.createUser({ username: 'demo' });
    failing.publish = true;
    await expect(t.app.seedDemoContent('http://localhost/api/demo/feed.xml')).rejects.toThrow('publish failed');
    // Not a creator with a private collection for ever (seedDemo runs once: it skips a demo who is a creator).
    expect(await rows('creators')).toEqual([]);
    expect(await rows('collections')).toEqual([]);
  });

  it('is a creator with one public collection when nothing fails', async () => {
    const demo = await t.createUser({ username: 'demo' });
    await t.app.seedDemoContent('http://localhost/api/demo/feed.xml');
    expect((await rows('creators')).map((r) => r.user_id)).toEqual([demo.user.id]);
    expect((await t.call('collection.list', {})).result!.list).toHaveLength(1);
  });
});
