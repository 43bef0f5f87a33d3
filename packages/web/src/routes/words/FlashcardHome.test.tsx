import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ok } from '../../test/api-mock';
import { logIn, makeUser, renderApp } from '../../test/render-app';
import { overview } from './test-cards';

const user = makeUser();

function openHome(o: ReturnType<typeof overview>) {
  logIn(user);
  return renderApp('/flashcard', { 'GET /api/user/me': ok(user), 'GET /reader/myword/overview': ok(o) });
}

describe('flashcard home (/flashcard)', () => {
  it("shows today's numbers and a big 开始复习", async () => {
    openHome(overview({ due_now: 12, due_today: 18, reviewed_today: 7, streak: 3 }));
    expect((await screen.findByTestId('due-now')).textContent).toBe('12');
    expect(screen.getByTestId('due-today').textContent).toBe('18');
    expect(screen.getByTestId('reviewed-today').textContent).toBe('7');
    expect(screen.getByTestId('streak').textContent).toBe('3 天');
    expect(screen.getByRole('link', { name: '开始复习' }).getAttribute('href')).toBe('/flashcard/start');
    expect(screen.getByRole('link', { name: /闪卡演示/ }).getAttribute('href')).toBe('/flashcard/demo');
    expect(screen.getByRole('link', { name: /生词本/ }).getAttribute('href')).toBe('/myword');
    expect(screen.queryByText('今天的复习完成了')).toBeNull();
  });

  it('with nothing due: today is done, and 提前复习 forces a batch', async () => {
    openHome(overview({ due_now: 0, due_today: 2, reviewed_today: 15 }));
    const done = await screen.findByTestId('flashcard-all-done');
    expect(within(done).getByText('今天的复习完成了')).toBeTruthy();
    expect(within(done).getByText(/今天稍后还有 2 张到期/)).toBeTruthy();
    expect(within(done).getByRole('link', { name: '提前复习' }).getAttribute('href')).toBe('/flashcard/start?force=1');
    expect(screen.queryByRole('link', { name: '开始复习' })).toBeNull();
  });

  it('a visitor is offered the demo and a login', async () => {
    const { api } = renderApp('/flashcard');
    expect(await screen.findByRole('link', { name: '试试演示' })).toHaveProperty('pathname', '/flashcard/demo');
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/Login?redirect=%2Fflashcard');
    expect(api.to('GET /reader/myword/overview')).toHaveLength(0);
  });
});
