import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../test/api-mock';
import { logIn, makeUser, renderApp } from '../../test/render-app';
import { NOW, reviewCard, reviewHandlers } from './test-cards';

const user = makeUser();

function startWith(cards: ReturnType<typeof reviewCard>[], path = '/flashcard/start') {
  logIn(user);
  return renderApp(path, {
    'GET /api/user/me': ok(user),
    'GET /reader/myword/review/next': ok({ list: cards, due_now: cards.length }),
    ...reviewHandlers(cards),
  });
}

const progress = () => screen.getByTestId('flashcard-progress').textContent;
const ratings = () => screen.queryByRole('group', { name: '评分' });
const reviewPosts = (api: ReturnType<typeof renderApp>['api']) => api.requests.filter((r) => r.method === 'POST' && r.path !== '/api/log');

/** A touch swipe on the card from one point to another. */
function swipe(card: HTMLElement, from: { x: number; y: number }, to: { x: number; y: number }) {
  fireEvent.touchStart(card, { touches: [{ clientX: from.x, clientY: from.y }] });
  fireEvent.touchMove(card, { touches: [{ clientX: to.x, clientY: to.y }] });
  fireEvent.touchEnd(card, { changedTouches: [{ clientX: to.x, clientY: to.y }] });
}

describe('review session (/flashcard/start)', () => {
  it('shows on the back the meaning the card kept first, the dictionary’s others folded', async () => {
    startWith([reviewCard(1, 'stick', { meaning: 'vt. 粘贴, 停止', other_meanings: ['n. 棍, 棒', 'vi. 坚持'] })]);
    const card = await screen.findByTestId('flashcard');
    await userEvent.click(card);
    expect(screen.getByTestId('flashcard-meaning').textContent).toBe('vt. 粘贴, 停止');
    const more = within(card).getByText('其他释义（2）').closest('details')!;
    expect(more.open).toBe(false);
    expect(more.textContent).toContain('n. 棍, 棒');
  });

  it('flips on tap and space, rates with keys 1–4 posting the rating and the measured time, and counts n/15', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const cards = Array.from({ length: 15 }, (_, i) => reviewCard(i + 1));
    const { api } = startWith(cards);
    const u = userEvent.setup();

    const card = await screen.findByTestId('flashcard');
    expect(api.to('GET /reader/myword/review/next')[0]?.query.get('size')).toBe('15');
    expect(progress()).toBe('1/15');
    expect(within(card).getByText('amber', { selector: '.flashcard-word' })).toBeTruthy();
    // The front: the word in its sentence, marked; no meaning, no ratings yet.
    expect(within(card).getByText('amber', { selector: 'mark' })).toBeTruthy();
    expect(screen.queryByTestId('flashcard-meaning')).toBeNull();
    expect(ratings()).toBeNull();
    await u.keyboard('3'); // rating needs the answer first
    expect(reviewPosts(api)).toHaveLength(0);

    await u.click(card);
    expect(screen.getByTestId('flashcard-meaning').textContent).toContain('amber 的释义');
    expect(within(card).getByText('《Article about amber》')).toBeTruthy();
    const buttons = within(ratings()!).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['忘记 1 分钟', '模糊 6 分钟', '记得 10 分钟', '简单 4 天']);

    vi.setSystemTime(NOW + 4200);
    await u.keyboard('3');
    await waitFor(() => expect(api.to('POST /reader/myword/1/review')).toHaveLength(1));
    expect(api.to('POST /reader/myword/1/review')[0]?.body).toEqual({ rating: 3, spent: 4200, reps: 0 });
    expect(progress()).toBe('2/15');
    expect(within(screen.getByTestId('flashcard')).getByText('bridge', { selector: '.flashcard-word' })).toBeTruthy();

    // Space flips too; each key 1–4 is its rating; each card's clock starts when it shows.
    let shownAt = NOW + 4200;
    for (const [i, key] of ['1', '2', '4'].entries()) {
      vi.setSystemTime(shownAt + 700);
      await u.keyboard(' ');
      expect(ratings()).toBeTruthy();
      const spent = 1500 + 1000 * i;
      vi.setSystemTime((shownAt += spent));
      await u.keyboard(key);
      await waitFor(() => expect(api.to(`POST /reader/myword/${i + 2}/review`)).toHaveLength(1));
      expect(api.to(`POST /reader/myword/${i + 2}/review`)[0]?.body).toEqual({ rating: Number(key), spent, reps: 0 });
    }
    expect(progress()).toBe('5/15');
  });

  it('shows the finish screen with the session numbers, and 再来一组 loads a fresh batch', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const cards = [reviewCard(1), reviewCard(2), reviewCard(3)];
    const { api } = startWith(cards);
    const u = userEvent.setup();
    await screen.findByTestId('flashcard');
    for (const key of ['3', '4', '2']) {
      await u.keyboard('{Enter}');
      vi.setSystemTime(Date.now() + 2000);
      await u.keyboard(key);
    }
    const finish = await screen.findByTestId('flashcard-finish');
    expect(within(finish).getByRole('heading', { name: '本组完成' })).toBeTruthy();
    expect(screen.getByTestId('finish-cards').textContent).toBe('3 张');
    expect(screen.getByTestId('finish-time').textContent).toBe('6 秒');
    expect(screen.getByTestId('finish-retention').textContent).toBe('100%');
    const tally = within(screen.getByRole('list', { name: '评分统计' }));
    expect(tally.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['忘记0', '模糊1', '记得1', '简单1']);
    expect(within(finish).getByRole('link', { name: '返回' }).getAttribute('href')).toBe('/flashcard');

    await u.click(within(finish).getByRole('button', { name: '再来一组' }));
    await waitFor(() => expect(api.to('GET /reader/myword/review/next')).toHaveLength(2));
    expect(await screen.findByTestId('flashcard')).toBeTruthy();
    expect(progress()).toBe('1/3');
  });

  it('brings a card rated 忘记 back after the others, with its new intervals, then finishes', async () => {
    const { api } = startWith([reviewCard(1, 'alpha'), reviewCard(2, 'beta')]);
    const u = userEvent.setup();
    await screen.findByTestId('flashcard');
    await u.keyboard(' ');
    await u.keyboard('1');
    await waitFor(() => expect(api.to('POST /reader/myword/1/review')).toHaveLength(1));
    await u.keyboard(' ');
    await u.keyboard('3');
    const again = await screen.findByText('再次复习');
    expect(within(screen.getByTestId('flashcard')).getByText('alpha', { selector: '.flashcard-word' })).toBeTruthy();
    expect(again).toBeTruthy();
    expect(progress()).toBe('2/2');
    await u.keyboard(' ');
    await u.keyboard('3');
    await screen.findByTestId('flashcard-finish');
    expect(api.to('POST /reader/myword/1/review').map((r) => (r.body as { rating: number }).rating)).toEqual([1, 3]);
    expect(screen.getByTestId('finish-cards').textContent).toBe('2 张');
    expect(screen.getByTestId('finish-retention').textContent).toBe('50%');
  });

  it('swipe up flips; on the back, swipe left rates 忘记 and swipe right 记得', async () => {
    const { api } = startWith([reviewCard(1), reviewCard(2)]);
    let card = await screen.findByTestId('flashcard');
    swipe(card, { x: 200, y: 400 }, { x: 205, y: 320 });
    expect(ratings()).toBeTruthy();
    swipe(card, { x: 300, y: 400 }, { x: 150, y: 410 });
    await waitFor(() => expect(api.to('POST /reader/myword/1/review')[0]?.body).toMatchObject({ rating: 1 }));

    card = screen.getByTestId('flashcard');
    swipe(card, { x: 100, y: 400 }, { x: 130, y: 405 }); // sideways on the front: nothing
    expect(ratings()).toBeNull();
    swipe(card, { x: 200, y: 400 }, { x: 200, y: 300 });
    swipe(card, { x: 100, y: 400 }, { x: 260, y: 390 });
    await waitFor(() => expect(api.to('POST /reader/myword/2/review')[0]?.body).toMatchObject({ rating: 3 }));
  });

  it('nothing due: says today is done and offers 提前复习 (force=1)', async () => {
    const { router } = startWith([]);
    expect(await screen.findByText('今天的复习完成了')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: '提前复习' }));
    await waitFor(() => expect(router.state.location.search).toBe('?force=1'));
  });

  it('sends a visitor to log in first', async () => {
    const { router } = renderApp('/flashcard/start');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/flashcard/start')}`);
  });
});

describe('article words session (/flashcard/reviewArticleWords)', () => {
  it("reviews the article's words (forms marked) and returns to the article", async () => {
    logIn(user);
    const cards = [
      {
        ...reviewCard(1, 'negotiate', {
          contexts: [
            { ...reviewCard(1).contexts[0]!, sentence: 'They negotiated for weeks.', article_id: 9, article_title: 'Trade Talks' },
          ],
        }),
        forms: ['negotiated'],
      },
    ];
    const { api } = renderApp('/flashcard/reviewArticleWords?article_id=9', {
      'GET /api/user/me': ok(user),
      'GET /reader/myword/review/article': ok({ list: cards, next_offset: null }),
      ...reviewHandlers(cards),
    });
    const card = await screen.findByTestId('flashcard');
    const request = api.to('GET /reader/myword/review/article')[0]!;
    expect([request.query.get('article_id'), request.query.get('size')]).toEqual(['9', '200']);
    expect(screen.getByRole('link', { name: '《Trade Talks》' }).getAttribute('href')).toBe('/article/9');
    expect(within(card).getByText('negotiated', { selector: 'mark' })).toBeTruthy();
    const u = userEvent.setup();
    await u.keyboard(' ');
    await u.keyboard('4');
    const finish = await screen.findByTestId('flashcard-finish');
    expect(api.to('POST /reader/myword/1/review')).toHaveLength(1);
    expect(within(finish).getByRole('link', { name: '返回' }).getAttribute('href')).toBe('/article/9');
  });
});

describe('demo session (/flashcard/demo)', () => {
  it('runs on sample words for a visitor, says it is a demo, and saves nothing', async () => {
    const { api } = renderApp('/flashcard/demo');
    const u = userEvent.setup();
    expect(await screen.findByRole('note')).toHaveProperty('textContent', expect.stringContaining('不会保存'));
    expect(progress()).toBe('1/8');
    await u.keyboard(' ');
    expect(
      within(ratings()!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['忘记 1 分钟', '模糊 6 分钟', '记得 10 分钟', '简单 4 天']);
    await u.keyboard('1'); // forgotten: comes back at the end
    for (let i = 0; i < 8; i++) {
      await u.keyboard(' ');
      await u.keyboard('3');
    }
    const finish = await screen.findByTestId('flashcard-finish');
    expect(screen.getByTestId('finish-cards').textContent).toBe('8 张');
    expect(within(finish).getByRole('link', { name: '注册畅读' })).toBeTruthy();
    expect(reviewPosts(api)).toEqual([]);
  });
});
