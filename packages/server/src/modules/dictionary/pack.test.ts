import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { paragraphFromText } from '../articles/index.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const pack = (articleId: number, token: string | null = null) => t.call('dict.pack', { article_id: articleId }, { token });

describe('GET /api/english/pack/{article_id}', () => {
  it('gives every headword of the article once, with the forms it uses, its phonetics and Chinese meanings', async () => {
    const id = await createArticle(t, {
      paragraphs: ['They negotiated a new contract.', 'The talks were negotiated in Geneva by two mice.'],
    });
    const res = await pack(id);
    expect(res.code, res.msg).toBe('200');
    const words = res.result!.words;
    const negotiate = words.filter((w) => w.word === 'negotiate');
    expect(negotiate).toHaveLength(1);
    expect(negotiate[0]!.forms).toEqual(['negotiated']);
    expect(negotiate[0]!.phonetic).toBeTruthy();
    expect(negotiate[0]!.phonetics.map((p) => p.variant)).toContain('UK');
    expect(negotiate[0]!.meanings.map((m) => m.text).join()).toContain('谈判');
    expect(words.find((w) => w.word === 'mouse')?.forms).toEqual(['mice']);
    expect(words.find((w) => w.word === 'contract')).toBeTruthy();
    // A name is not a word to look up.
    expect(words.find((w) => w.word.toLowerCase() === 'geneva')).toBeUndefined();
    expect(res.result).toMatchObject({ article_id: id, full: true });
  });

  it('holds only the preview’s words of a members-only article for a non-member', async () => {
    const id = await createArticle(t, {
      is_lock: true,
      paragraphs: [
        'Opening about a castle.',
        'Second about a lighthouse.',
        'Third about a glacier.',
        'Hidden about a volcano.',
        'More about a meadow.',
        'Last about an orchard.',
      ],
    });
    const reader = await t.createUser();
    const preview = (await pack(id, reader.token)).result!;
    const kept = preview.words.map((w) => w.word);
    expect(preview.full).toBe(false);
    expect(kept).toContain('castle');
    expect(kept).not.toContain('volcano');
    expect(kept).not.toContain('orchard');

    const member = await t.createUser();
    await t.db.kysely
      .updateTable('users')
      .set({ member_level: 1, member_expires_at: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString() })
      .where('id', '=', member.user.id)
      .execute();
    const full = (await pack(id, member.token)).result!;
    expect(full.full).toBe(true);
    expect(full.words.map((w) => w.word)).toEqual(expect.arrayContaining(['volcano', 'orchard']));
  });

  it('makes a new pack when the article changes, and refuses an article no one may read', async () => {
    const id = await createArticle(t, { paragraphs: ['A quiet harbour.'] });
    const before = (await pack(id)).result!;
    await t.db.kysely
      .updateTable('articles')
      .set((eb) => ({ version: eb('version', '+', 1), content: JSON.stringify([paragraphFromText('p', 'A noisy glacier.', null)]) }))
      .where('id', '=', id)
      .execute();
    const after = (await pack(id)).result!;
    expect(after.version).toBe(before.version + 1);
    expect(after.words.map((w) => w.word)).toContain('glacier');
    expect(after.words.map((w) => w.word)).not.toContain('harbour');

    const draft = await createArticle(t, { status: 'draft' });
    expect((await pack(draft)).code).toBe('404');
  });
});
