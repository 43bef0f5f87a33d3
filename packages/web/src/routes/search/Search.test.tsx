import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../test/api-mock';
import { cards, makeCard } from '../../test/articles';
import { stubIntersectionObserver } from '../../test/intersection';
import { renderApp } from '../../test/render-app';

const labels = ok({ list: [{ topic: 'science', label: '科学', count: 3 }] });

describe('search', () => {
  it('keeps the query in the URL (?q=) and shows the server’s results', async () => {
    const { api, router } = renderApp('/Search', {
      'GET /reader/article/labels': labels,
      'GET /api/search': ok({
        list: [{ ...makeCard({ id: 3, title: 'Sleep and Memory' }), snippet: 'how <mark>sleep</mark> helps' }],
        next_offset: null,
      }),
    });
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('搜索文章'), 'sleep');
    await u.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('Sleep and Memory')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=sleep');
    expect(api.to('GET /api/search')[0]?.query.get('q')).toBe('sleep');
    expect(api.to('GET /api/search')[0]?.query.get('offset')).toBe('0');
  });

  it('opening /Search?q= searches at once and shows the words in the box', async () => {
    renderApp('/Search?q=ocean', {
      'GET /api/search': ok({ list: [{ ...makeCard({ id: 4, title: 'Ocean Heat' }), snippet: '<mark>ocean</mark>' }], next_offset: null }),
    });
    expect(await screen.findByText('Ocean Heat')).toBeTruthy();
    expect((screen.getByLabelText('搜索文章') as HTMLInputElement).value).toBe('ocean');
  });

  it('renders <mark> from snippets and nothing else: an <img onerror> is stripped', async () => {
    renderApp('/Search?q=x', {
      'GET /api/search': ok({
        list: [
          {
            ...makeCard({ id: 5 }),
            snippet:
              'a <mark>match</mark> <img src=x onerror="window.__hacked=1"><script>window.__hacked=2</script> &lt;b&gt;escaped&lt;/b&gt;',
          },
        ],
        next_offset: null,
      }),
    });
    const mark = await screen.findByText('match');
    expect(mark.tagName).toBe('MARK');
    const snippet = mark.parentElement!;
    expect(snippet.querySelector('img, script, b')).toBeNull();
    expect(snippet.textContent).toContain('<b>escaped</b>');
    expect((window as { __hacked?: number }).__hacked).toBeUndefined();
  });

  it('says 没有找到相关文章 when nothing matches', async () => {
    renderApp('/Search?q=zzz', { 'GET /api/search': ok({ list: [], next_offset: null }) });
    expect(await screen.findByText('没有找到相关文章')).toBeTruthy();
  });

  it('scrolls on through more results', async () => {
    const io = stubIntersectionObserver();
    const { api } = renderApp('/Search?q=the', {
      'GET /api/search': (request) =>
        request.query.get('offset') === '0'
          ? ok({ list: cards(1, 10).map((c) => ({ ...c, snippet: 'the' })), next_offset: 10 })
          : ok({ list: cards(11, 2).map((c) => ({ ...c, snippet: 'the' })), next_offset: null }),
    });
    const list = await screen.findByRole('list', { name: '“the”的搜索结果' });
    io.scrollIntoView();
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(12));
    expect(api.to('GET /api/search').map((r) => r.query.get('offset'))).toEqual(['0', '10']);
  });
});
