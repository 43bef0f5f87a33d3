import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AI_SUMMARY_PENDING_HTML, type AiSummary } from '@changdu/contract';
import { fail, mockApi, streamed } from '../../../test/api-mock';
import { AiSummaryCard } from './AiSummaryCard';

const modelSummary: AiSummary = {
  article_id: 7,
  text: '议会批准了图书馆的新预算。',
  sentences: [],
  offline: false,
  model: 'qwen-plus',
  cached: false,
};

function renderCard(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AiSummaryCard articleId={7} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, ...view };
}

/** Opens the card as a reader does, by its title row. */
async function openCard() {
  await act(async () => {
    fireEvent.click(screen.getByText('摘要'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('the summary card', () => {
  it('is one closed row, as the server draws it, and asks for nothing until the reader opens it', async () => {
    const answer = streamed(['议会批准了'], modelSummary);
    const api = mockApi({ 'GET /api/ai/summary': answer.reply });
    const { container } = renderCard();
    const drawn = document.createElement('template');
    drawn.innerHTML = AI_SUMMARY_PENDING_HTML;
    expect(container.firstElementChild!.isEqualNode(drawn.content.firstElementChild), container.innerHTML).toBe(true);
    // Closed: no stream is started, so none is cut when the reader leaves the page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.to('GET /api/ai/summary')).toHaveLength(0);
    const card = screen.getByLabelText('摘要') as HTMLDetailsElement;
    await openCard();
    expect(card.open).toBe(true);
    await vi.waitFor(() => expect(api.to('GET /api/ai/summary')).toHaveLength(1));
    expect(screen.getByText('生成中…')).toBeTruthy();
    await act(async () => answer.finish());
    expect(await screen.findByText('AI 摘要')).toBeTruthy();
    expect(screen.getByText('收起')).toBeTruthy();
  });

  it('leaves the article as it was when the summary fails', async () => {
    const api = mockApi({ 'GET /api/ai/summary': fail(503, 'AI 服务暂时不可用') });
    const { container } = renderCard();
    await openCard();
    await vi.waitFor(() => expect(api.to('GET /api/ai/summary')).toHaveLength(1));
    await vi.waitFor(() => expect(container.innerHTML).toBe(''));
  });

  it('writes the summary as it streams, then shows who wrote it', async () => {
    const answer = streamed(['议会批准了', '图书馆的'], modelSummary);
    const api = mockApi({ 'GET /api/ai/summary': answer.reply });
    renderCard();
    await openCard();
    // The first chunks are on the screen while the answer is still arriving.
    expect(await screen.findByText('议会批准了图书馆的')).toBeTruthy();
    expect(screen.getByLabelText('摘要').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText(/由 qwen-plus 生成/)).toBeNull();
    await act(async () => answer.finish());
    expect(await screen.findByText('议会批准了图书馆的新预算。')).toBeTruthy();
    expect(screen.getByText('AI 摘要')).toBeTruthy();
    expect(screen.getByText(/由 qwen-plus 生成/)).toBeTruthy();
    const [request] = api.to('GET /api/ai/summary');
    expect(Object.fromEntries(request!.query)).toEqual({ article_id: '7', stream: 'true' });
    expect(request!.headers.accept).toBe('text/event-stream');
  });

  it('shows a summary it already has at once, without asking again', async () => {
    const answer = streamed([modelSummary.text], modelSummary);
    const api = mockApi({ 'GET /api/ai/summary': answer.reply });
    const first = renderCard();
    await openCard();
    await act(async () => answer.finish());
    expect(await screen.findByText('议会批准了图书馆的新预算。')).toBeTruthy();
    first.unmount();
    renderCard(first.client);
    expect(screen.getByText('AI 摘要')).toBeTruthy();
    fireEvent.click(screen.getByText('AI 摘要'));
    expect(await screen.findByText('议会批准了图书馆的新预算。')).toBeTruthy();
    expect(api.to('GET /api/ai/summary')).toHaveLength(1);
  });

  it('lists the offline key sentences with their Chinese, labelled offline', async () => {
    const offline: AiSummary = {
      article_id: 7,
      text: 'The council approved a budget.',
      sentences: [
        { paragraph_id: 'p1', en: 'The council approved a budget.', zh: '议会批准了预算。', zh_scope: 'sentence' },
        { paragraph_id: 'p2', en: 'Critics disagreed.', zh: '批评者不同意。他们说道路更需要钱。', zh_scope: 'paragraph' },
      ],
      offline: true,
      model: null,
      cached: false,
    };
    const answer = streamed([offline.text], offline);
    mockApi({ 'GET /api/ai/summary': answer.reply });
    renderCard();
    await openCard();
    await act(async () => answer.finish());
    expect(await screen.findByText('要点句')).toBeTruthy();
    // A sentence's own Chinese stands alone; a paragraph's (not aligned to the sentence) says so.
    expect(screen.getByText('议会批准了预算。').textContent).toBe('议会批准了预算。');
    expect(screen.getByText('批评者不同意。他们说道路更需要钱。').closest('p')!.textContent).toBe('整段译文批评者不同意。他们说道路更需要钱。');
    expect(screen.getAllByText('整段译文')).toHaveLength(1);
    expect(screen.getByText(/离线结果/)).toBeTruthy();
  });
});
