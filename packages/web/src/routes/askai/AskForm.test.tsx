import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { fail, mockApi, streamed } from '../../test/api-mock';
import { AskForm } from './AskForm';

const saved = {
  id: 42,
  article_id: 7,
  article_title: 'Library budget',
  prompt: 'Why a budget?',
  answer: '因为……',
  citations: [],
  pos: 'p1',
  source: 'ARTICLE',
  offline: false,
  model: 'qwen-plus',
  created_at: '2026-01-01T08:00:00.000Z',
};

function Opened() {
  return <p>打开了提问 {useParams().id}</p>;
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <AskForm about={{ article_id: 7, source: 'ARTICLE', pos: 'p1' }} label="追问" placeholder="继续追问" submit="追问" /> },
      { path: '/askai/:id', element: <Opened /> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the question box', () => {
  it('cannot be sent empty or blank', async () => {
    mockApi();
    renderForm();
    const send = screen.getByRole('button', { name: '追问' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await userEvent.setup().type(screen.getByLabelText('追问'), '   ');
    expect(send.hasAttribute('disabled')).toBe(true);
  });

  it('sends the trimmed question with what it is about, streams the answer, then opens the saved conversation', async () => {
    const answer = streamed(['因为', '……'], saved);
    const api = mockApi({ 'POST /api/ai/ask': answer.reply });
    renderForm();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('追问'), '  Why a budget?  ');
    await u.click(screen.getByRole('button', { name: '追问' }));
    expect(await screen.findByText('因为……')).toBeTruthy();
    // While the answer is arriving the question cannot be sent again.
    expect(screen.getByRole('button', { name: '追问' }).hasAttribute('disabled')).toBe(true);
    expect(api.to('POST /api/ai/ask').map((r) => r.body)).toEqual([
      { prompt: 'Why a budget?', article_id: 7, source: 'ARTICLE', pos: 'p1', stream: true },
    ]);
    await act(async () => answer.finish());
    expect(await screen.findByText('打开了提问 42')).toBeTruthy();
  });

  it('shows the error the server gives and keeps the question to try again', async () => {
    mockApi({ 'POST /api/ai/ask': fail(429, '今天的 AI 次数已用完') });
    renderForm();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('追问'), 'Why?');
    await u.click(screen.getByRole('button', { name: '追问' }));
    expect((await screen.findByRole('alert')).textContent).toContain('今天的 AI 次数已用完');
    expect(screen.getByRole('link', { name: '开通会员，提高 AI 额度' })).toBeTruthy();
    expect((screen.getByLabelText('追问') as HTMLInputElement).value).toBe('Why?');
    expect(screen.getByRole('button', { name: '追问' }).hasAttribute('disabled')).toBe(false);
  });
});
