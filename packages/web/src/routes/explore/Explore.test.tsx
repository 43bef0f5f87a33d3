import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ok } from '../../test/api-mock';
import { cards } from '../../test/articles';
import { renderApp } from '../../test/render-app';

const labels = ok({
  list: [
    { topic: 'science', label: '科学', count: 4 },
    { topic: 'travel', label: '旅行', count: 2 },
    { topic: 'world', label: '国际', count: 0 },
  ],
});

describe('explore, labels and topics', () => {
  it('/explore shows the topics as tiles with counts, linking to their topic pages', async () => {
    renderApp('/explore', { 'GET /reader/article/labels': labels });
    const tile = await screen.findByRole('link', { name: /科学/ });
    expect(tile.getAttribute('href')).toBe('/topic/science');
    expect(within(tile).getByText('4 篇')).toBeTruthy();
    expect(screen.getByRole('link', { name: '全部标签' }).getAttribute('href')).toBe('/label');
    expect(screen.queryByRole('link', { name: /国际/ })).toBeNull();
  });

  it('/explore?author= shows the author and their articles', async () => {
    const { api } = renderApp('/explore?author=7', {
      'GET /reader/author/7': ok({ id: 7, name: 'Mara Quill', bio: 'Writes about rivers.', article_count: 2 }),
      'GET /reader/article/topic': ok({ list: cards(1, 2), next_offset: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Mara Quill', level: 2 })).toBeTruthy();
    expect(screen.getByText('Writes about rivers.')).toBeTruthy();
    expect(await screen.findByText('Article number 2')).toBeTruthy();
    expect(api.to('GET /reader/article/topic')[0]?.query.get('author')).toBe('7');
  });

  it('/label lists every label with its count', async () => {
    renderApp('/label', { 'GET /reader/article/labels': labels });
    const list = await screen.findByRole('list', { name: '全部标签' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/topic/science', '/topic/travel', '/topic/world']);
    expect(within(list).getByText('2 篇')).toBeTruthy();
  });

  it('/topic/{topic} titles the page with the topic’s Chinese label and lists its articles', async () => {
    const { api } = renderApp('/topic/science', { 'GET /reader/article/topic': ok({ list: cards(1, 3), next_offset: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: '科学' })).toBeTruthy();
    expect(await screen.findByText('Article number 3')).toBeTruthy();
    expect(api.to('GET /reader/article/topic')[0]?.query.get('q')).toBe('science');
  });
});
