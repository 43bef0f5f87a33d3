import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../test/api-mock';
import { logIn, makeUser, renderApp } from '../../test/render-app';

const reader = makeUser({ user_id: 5 });

const choice = (over: Record<string, unknown>) => ({
  kind: 'choice',
  paragraph_id: 'p1',
  text: '议会批准了什么？',
  options: ['修路的预算', '图书馆的新预算'],
  answer: '图书馆的新预算',
  headword: 'budget',
  hint: null,
  explanation: '第一段说议会批准了图书馆的新预算。',
  ...over,
});

function open(questions: unknown[], offline = false, quota_notice: string | null = null) {
  logIn(reader);
  return renderApp('/flashcard/articleQuestion?id=7', {
    'GET /api/user/me': ok(reader),
    'GET /api/ai/questions': ok({ article_id: 7, article_title: 'Library budget', questions, offline, model: offline ? null : 'qwen-plus', cached: false, quota_notice }),
    'POST /reader/myword': ok({ word: 'budget' }),
  });
}

describe('读后理解题', () => {
  it('the model’s choice questions: pick, check, see why, and add the missed word to the word book', async () => {
    const { api } = open([choice({}), choice({ paragraph_id: 'p2', text: '谁反对？', options: ['批评者', '图书馆员'], answer: '批评者', headword: null })]);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('radio', { name: '修路的预算' }));
    await u.click(screen.getByRole('radio', { name: '批评者' }));
    await u.click(screen.getByRole('button', { name: '检查答案' }));
    expect(screen.getByText('答对 1 / 2 题')).toBeTruthy();
    expect(screen.getByText('✗ 答案：图书馆的新预算')).toBeTruthy();
    expect(screen.getAllByText('第一段说议会批准了图书馆的新预算。').length).toBeGreaterThan(0);
    expect(screen.getByText(/由 qwen-plus 生成/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '+ budget' }));
    await waitFor(() => expect(api.to('POST /reader/myword')).toHaveLength(1));
    expect(api.to('POST /reader/myword')[0]!.body).toMatchObject({ word: 'budget', sentence: '议会批准了什么？', article_id: 7 });
  });

  it('offline cloze questions are typed in and labelled as computed offline', async () => {
    open(
      [{ kind: 'cloze', paragraph_id: 'p1', text: 'The council approved a new ____.', options: [], answer: 'budget', headword: 'budget', hint: 'n. 预算', explanation: null }],
      true,
    );
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('第 1 题的答案'), 'Budget');
    await u.click(screen.getByRole('button', { name: '检查答案' }));
    expect(screen.getByText('✓ 正确')).toBeTruthy();
    expect(screen.getByText(/离线生成/)).toBeTruthy();
  });

  it('over the AI quota: the offline questions, labelled, with a note that the quota is spent and when it resets', async () => {
    const notice = '今天的 AI 额度（1000 tokens）已用完，将于北京时间明天 0 点恢复；开通会员可获得更多额度（/member）。';
    open(
      [{ kind: 'cloze', paragraph_id: 'p1', text: 'The council approved a new ____.', options: [], answer: 'budget', headword: 'budget', hint: 'n. 预算', explanation: null }],
      true,
      notice,
    );
    expect((await screen.findByRole('note')).textContent).toBe(`${notice}这次给出离线生成的填空题。`);
    expect(screen.getByLabelText('第 1 题的答案')).toBeTruthy();
    expect(screen.getByText(/离线生成：/)).toBeTruthy();
  });

  it('no quota note when the questions are offline for another reason', async () => {
    open(
      [{ kind: 'cloze', paragraph_id: 'p1', text: 'The council approved a new ____.', options: [], answer: 'budget', headword: 'budget', hint: 'n. 预算', explanation: null }],
      true,
    );
    expect(await screen.findByLabelText('第 1 题的答案')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
