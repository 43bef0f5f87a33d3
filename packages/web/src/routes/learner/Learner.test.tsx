import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PREREAD_PENDING_HTML, type LearnerArticle, type LearnerProfile } from '@changdu/contract';
import { ok } from '../../test/api-mock';
import { makeCard, makeDetail, makeParagraph } from '../../test/articles';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const profile: LearnerProfile = {
  known_words: 4210,
  learning_words: 35,
  vocabulary_estimate: 5200,
  level: 'B2',
  estimated_at: '2026-11-20T08:00:00.000Z',
  known_by_day: [
    { day: '2026-11-18', known: 120 },
    { day: '2026-11-20', known: 4100 },
    { day: '2026-11-21', known: 4210 },
  ],
};

const panel: LearnerArticle = {
  article_id: 12,
  tokens: 840,
  unique_words: 310,
  known_pct: 93.4,
  learning_pct: 2.1,
  new_words: [
    { word: 'negotiate', count: 3, meaning: 'v. 谈判，协商', sentence: 'They negotiated a new contract.', rank: 3200 },
    { word: 'orchard', count: 2, meaning: 'n. 果园', sentence: 'The orchard was quiet.', rank: 9800 },
  ],
};

describe('learner screens', () => {
  it('shows 我的词汇 on Mine: counts, the estimate with its level, and known words over time', async () => {
    const user = makeUser();
    logIn(user);
    renderApp('/Mine', { 'GET /api/user/me': ok(user), 'GET /api/learner/profile': ok(profile) });
    expect(await screen.findByTestId('vocab-known')).toHaveProperty('textContent', '4,210');
    expect(screen.getByText('≈ 5,200')).toBeTruthy();
    expect(screen.getByText(/B2 · 中高级/)).toBeTruthy();
    expect(screen.getByRole('img', { name: '认识的词：从 120 到 4210（2026-11-18 至 2026-11-21）' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新测试词汇量' }).getAttribute('href')).toBe('/learner/placement');
  });

  it('puts the known share and the new words before the text; a tapped word shows its sentence and can be marked known', async () => {
    const user = makeUser();
    logIn(user);
    const { api } = renderApp('/article/12', {
      'GET /reader/article/12/show': ok(makeDetail({ id: 12 })),
      'GET /api/learner/article/12': ok(panel),
      'POST /api/learner/words': ok({ changed: 1 }),
    });
    expect(await screen.findByTestId('preread-known', {}, { timeout: 15_000 })).toHaveProperty('textContent', '93%');
    expect(screen.getByText('难度正合适：大部分都认识，又有新词可学', { exact: false })).toBeTruthy();
    // The words open below on the reader's tap (the rows above them never change height).
    expect(screen.queryByRole('button', { name: /negotiate/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '生词 2' }));
    await userEvent.click(screen.getByRole('button', { name: /negotiate/ }));
    expect(screen.getByText('v. 谈判，协商')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'negotiate 在文中' }).textContent).toContain('They negotiated a new contract.');
    await userEvent.click(screen.getByRole('button', { name: '我认识' }));
    await waitFor(() => expect(api.to('POST /api/learner/words')).toHaveLength(1));
    expect(api.to('POST /api/learner/words')[0]!.body).toEqual({ words: ['negotiate'], status: 'known' });
  });

  it('underlines the words new to the reader in the text, and not once the setting is off', async () => {
    const user = makeUser();
    logIn(user);
    const text = 'The farmers negotiated with the buyers.';
    renderApp('/article/12', {
      'GET /reader/article/12/show': ok(makeDetail({ id: 12, paragraphs: [makeParagraph('p1', { text, html: text })] })),
      'GET /api/learner/article/12': ok(panel),
      'GET /api/learner/article/12/marks': ok({ article_id: 12, new_forms: ['buyers', 'negotiated'] }),
    });
    await waitFor(() => expect([...document.querySelectorAll('.reader-body .w-fresh')].map((el) => el.textContent)).toEqual(['negotiated', 'buyers']), {
      timeout: 15_000,
    });
    await userEvent.click(screen.getByRole('button', { name: '阅读设置' }));
    const underline = screen.getByRole('checkbox', { name: '给我还不认识的词加下划线' });
    expect(underline).toHaveProperty('checked', true);
    await userEvent.click(underline);
    await waitFor(() => expect(document.querySelectorAll('.reader-body .w-fresh')).toHaveLength(0));
    expect(localStorage.getItem('cd_reader_status_marks')).toBe('off');
  });

  it('asks a reader who has marked nothing to take the test, and underlines nothing until then', async () => {
    const user = makeUser();
    logIn(user);
    const { api } = renderApp('/article/12', {
      'GET /reader/article/12/show': ok(makeDetail({ id: 12 })),
      'GET /api/learner/article/12': ok({ ...panel, known_pct: 0, learning_pct: 0 }),
      'GET /api/learner/article/12/marks': ok({ article_id: 12, new_forms: ['paragraph', 'text'] }),
    });
    const link = await screen.findByRole('link', { name: '测一测词汇量' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('/learner/placement');
    expect(document.querySelectorAll('.reader-body .w-fresh')).toHaveLength(0);
    expect(api.to('GET /api/learner/article/12/marks')).toHaveLength(0);
  });

  it('draws the panel while its figures load exactly as the server draws it for a logged-in reader', async () => {
    const user = makeUser();
    logIn(user);
    renderApp('/article/12', {
      'GET /reader/article/12/show': ok(makeDetail({ id: 12 })),
      'GET /api/learner/article/12': 'pending',
    });
    const pending = await screen.findByTestId('preread', {}, { timeout: 15_000 });
    const drawn = document.createElement('template');
    drawn.innerHTML = PREREAD_PENDING_HTML;
    expect(pending.isEqualNode(drawn.content.firstElementChild), pending.outerHTML).toBe(true);
  });

  it('imports a word list file in batches the server takes, and says how many were marked', async () => {
    const user = makeUser();
    logIn(user);
    const letters = (n: number) => Array.from({ length: 3 }, (_, i) => String.fromCharCode(97 + (Math.floor(n / 26 ** i) % 26))).join('');
    const words = Array.from({ length: 2003 }, (_, i) => `zq${letters(i)}`);
    const { api } = renderApp('/learner/import', {
      'GET /api/user/me': ok(user),
      'POST /api/learner/words': ok({ changed: 7 }),
    });
    const input = await screen.findByLabelText('选择词表文件', {}, { timeout: 15_000 });
    await userEvent.upload(input, new File([['#separator:tab', ...words, '你好'].join('\n')], 'words.txt', { type: 'text/plain' }));
    expect(await screen.findByText(/识别出 2,003 个单词，跳过 1 行/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '导入并标为认识' }));
    expect(await screen.findByText(/导入完成：新标记 14 个词为认识/)).toBeTruthy();
    const sent = api.to('POST /api/learner/words').map((r) => r.body as { words: string[]; status: string });
    expect(sent.map((b) => [b.words.length, b.status])).toEqual([
      [2000, 'known'],
      [3, 'known'],
    ]);
    expect(sent.flatMap((b) => b.words)).toEqual(words);
  });

  it('shows a card’s known share, and the recommendation’s reason', async () => {
    renderApp('/', {
      'GET /api/recommend/foryou': ok({
        list: [{ ...makeCard({ id: 3, known_pct: 95.2 }), reason: '你认识其中 95% 的词' }],
        next_offset: null,
      }),
    });
    expect(await screen.findByText('认识 95%')).toBeTruthy();
    expect(screen.getByText('你认识其中 95% 的词')).toBeTruthy();
  });
});
