import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatArticleNotes } from '@changdu/contract';
import { ok } from '../../test/api-mock';
import { makeCard, makeDetail, makeParagraph } from '../../test/articles';
import { makeNote } from '../../test/reader';
import { logIn, makeUser, renderApp } from '../../test/render-app';
import { addDays } from './dates';

function asReader(path: string, handlers: Parameters<typeof renderApp>[1]) {
  const user = makeUser();
  logIn(user);
  return renderApp(path, { 'GET /api/user/me': ok(user), ...handlers });
}

const day = (date: string, minutes: number) => ({
  date,
  seconds: minutes * 60,
  minutes,
  articles_finished: minutes > 20 ? 1 : 0,
  words_looked_up: 2,
  words_added: 1,
});
const series = (to: string, count: number) => Array.from({ length: count }, (_, i) => day(addDays(to, i - count + 1), (i * 7) % 45));

describe('my notes', () => {
  it('/mynote lists the noted articles with counts, and links to the export download', async () => {
    asReader('/mynote', {
      'GET /reader/mynote': ok({
        list: [{ ...makeCard({ id: 12, title: 'Night Trains' }), note_count: 3, last_noted_at: '2025-03-01T08:00:00.000Z' }],
        next_offset: null,
      }),
    });
    const list = await screen.findByRole('list', { name: '做过笔记的文章' });
    expect(within(list).getByText('3 条笔记')).toBeTruthy();
    expect(within(list).getByRole('link').getAttribute('href')).toBe('/mynote/12');
    const exportLink = screen.getByRole('link', { name: /导出全部笔记/ });
    expect(exportLink.getAttribute('href')).toBe('/reader/mynote/export');
  });

  it('/mynote/{id} groups notes by paragraph, links each to its place, and copies them all in the spec format', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const card = makeCard({ id: 12, title: 'Night Trains', title_zh: '夜车回来了' });
    const later = makeNote({ id: 1, note_uuid: 'a', root: 'p2', text: 'second place', comment: '', data: { start: 0, end: 12 } });
    const earlier = makeNote({
      id: 2,
      note_uuid: 'b',
      root: 'p1',
      text: 'first place',
      comment: '  想一想\n再读一遍 ',
      data: { start: 3, end: 14 },
    });
    asReader('/mynote/12', {
      'GET /reader/mynote/12': ok({ article: card, list: [later, earlier] }),
      'GET /reader/article/12/show': ok(makeDetail({ paragraphs: [makeParagraph('p1'), makeParagraph('p2')] })),
    });
    const first = await screen.findByRole('region', { name: '第 1 段' });
    await screen.findByRole('region', { name: '第 2 段' });
    expect(within(first).getByText('first place').closest('a')?.getAttribute('href')).toBe('/article/12#p1');

    await userEvent.click(screen.getByRole('button', { name: '复制全部' }));
    expect(writeText).toHaveBeenCalledWith(formatArticleNotes(card, [earlier, later]));
    expect(writeText.mock.calls[0]?.[0]).toBe('Night Trains\n夜车回来了\n\nfirst place\n> 想一想\n> 再读一遍\n\nsecond place');
    expect(await screen.findByText('已复制')).toBeTruthy();
  });

  it('sends a logged-out visitor to log in first', async () => {
    const { router } = renderApp('/mynote');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Login'));
    expect(router.state.location.search).toBe('?redirect=%2Fmynote');
  });
});

describe('stars and history', () => {
  it('/MyStar lists starred articles', async () => {
    asReader('/MyStar', {
      'GET /reader/myarticle/star': ok({
        list: [{ ...makeCard({ id: 3, title: 'Herons' }), starred_at: '2025-03-01T08:00:00.000Z' }],
        next_offset: null,
      }),
    });
    const list = await screen.findByRole('list', { name: '收藏的文章' });
    expect(within(list).getByText('Herons').closest('a')?.getAttribute('href')).toBe('/article/3');
  });

  it('/history shows the time spent and a 已读完 chip', async () => {
    asReader('/history', {
      'GET /reader/history': ok({
        list: [
          { ...makeCard({ id: 3, title: 'Herons' }), spent_time: 305, is_finish: true, last_read_at: '2025-03-01T08:00:00.000Z' },
          { ...makeCard({ id: 4, title: 'Bees' }), spent_time: 20, is_finish: false, last_read_at: '2025-03-01T08:00:00.000Z' },
        ],
        next_offset: null,
      }),
    });
    const list = await screen.findByRole('list', { name: '读过的文章' });
    const [herons, bees] = within(list).getAllByRole('listitem');
    expect(within(herons!).getByText('读了 5 分钟')).toBeTruthy();
    expect(within(herons!).getByText('已读完')).toBeTruthy();
    expect(within(bees!).getByText('读了不到 1 分钟')).toBeTruthy();
    expect(within(bees!).queryByText('已读完')).toBeNull();
  });
});

describe('read data', () => {
  it('shows today’s numbers, 30 bars of minutes and a year heat-map with totals and streaks', async () => {
    const to = '2025-05-01';
    const { api } = asReader('/read_data', {
      'GET /reader/history/data/today': ok({ ...day(to, 23), words_looked_up: 14, words_added: 5, streak: 4 }),
      'GET /reader/history/data': (request) => {
        const from = request.query.get('from');
        const days = from ? series(to, 366) : series(to, 30);
        return ok({
          from: days[0]!.date,
          to,
          days,
          totals: { minutes: from ? 7000 : 600, articles_finished: 9, words_looked_up: 40, days_read: from ? 300 : 29 },
          streak: { current: 4, longest: 17 },
        });
      },
    });
    expect(await screen.findByTestId('stat-minutes')).toBeTruthy();
    expect(screen.getByTestId('stat-minutes').textContent).toBe('23分钟');
    expect(screen.getByTestId('stat-finished').textContent).toBe('1篇');
    expect(screen.getByTestId('stat-looked-up').textContent).toBe('14个');
    expect(screen.getByTestId('stat-added').textContent).toBe('5个');
    expect(screen.getByTestId('stat-streak').textContent).toBe('4天');

    const bars = await screen.findByRole('img', { name: /^最近 30 天每天阅读分钟数/ });
    expect(bars.querySelectorAll('rect.bar')).toHaveLength(30);
    expect(bars.querySelector('rect[data-day="2025-05-01"] title')?.textContent).toContain('5月1日：阅读');
    const heat = await screen.findByRole('img', { name: /^最近一年阅读热力图/ });
    expect(heat.querySelectorAll('rect.hm')).toHaveLength(366);
    // The year is wider than a phone: its scrolling box is a named stop for the keyboard's arrows.
    const scroller = screen.getByRole('group', { name: /^最近一年阅读热力图（可左右滚动）/ });
    expect(scroller.tabIndex).toBe(0);
    expect(scroller.contains(heat)).toBe(true);
    expect(screen.getByTestId('stat-year-minutes').textContent).toBe('7000分钟');
    expect(screen.getByTestId('stat-streak-current').textContent).toBe('4天');
    expect(screen.getByTestId('stat-streak-longest').textContent).toBe('17天');

    const calls = api.to('GET /reader/history/data');
    expect(calls.map((c) => c.query.get('from')).filter(Boolean)).toHaveLength(1);
    const from = calls.find((c) => c.query.get('from'))!.query.get('from')!;
    // 365 days before today in China time.
    expect(Date.parse(addDays(from, 365)) - Date.parse(from)).toBe(365 * 86_400_000);
    expect(Math.abs(Date.parse(addDays(from, 365)) - Date.now())).toBeLessThan(2 * 86_400_000);
  });
});
