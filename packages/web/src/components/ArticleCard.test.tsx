import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ArticleCard as Card } from '@changdu/contract';
import { makeCard } from '../test/articles';
import { ArticleCard } from './ArticleCard';

function renderCard(card: Card) {
  render(
    <MemoryRouter>
      <ul>
        <ArticleCard article={card} />
      </ul>
    </MemoryRouter>,
  );
  return document.querySelector('img')!;
}

describe('article card', () => {
  it('shows its own cover resized to 300 px, with a 600 px candidate for wide cards and 2× screens', () => {
    const img = renderCard(makeCard({ cover: '/api/image/covers-ab12cd.webp' }));
    expect(img.getAttribute('src')).toBe('/api/image/covers-ab12cd.webp?w=300');
    expect(img.getAttribute('srcset')).toContain('/api/image/covers-ab12cd.webp?w=600 600w');
  });

  it('falls back to the article’s placeholder when it has no cover', () => {
    const img = renderCard(makeCard({ cover: null, placeholder: 17 }));
    expect(img.getAttribute('src')).toBe('/api/image/placeholder-17.webp?w=300');
  });

  it('falls back to the placeholder when the cover fails to load', () => {
    const img = renderCard(makeCard({ cover: '/api/image/covers-gone.webp', placeholder: 4 }));
    fireEvent.error(img);
    expect(document.querySelector('img')!.getAttribute('src')).toBe('/api/image/placeholder-4.webp?w=300');
  });

  it('shows both titles, the level’s Chinese label, reading time, topics, byline and the members mark', () => {
    renderCard(
      makeCard({
        id: 5,
        title: 'Why Octopuses Dream',
        title_zh: '章鱼为什么会做梦',
        level: 'DIFFICULT',
        reading_minutes: 6,
        topics: ['science', 'environment'],
        is_lock: true,
      }),
    );
    expect(screen.getByRole('link').getAttribute('href')).toBe('/article/5');
    expect(screen.getByRole('heading', { name: 'Why Octopuses Dream' })).toBeTruthy();
    expect(screen.getByText('章鱼为什么会做梦')).toBeTruthy();
    expect(screen.getByText('较难')).toBeTruthy();
    expect(screen.getByText('约 6 分钟')).toBeTruthy();
    expect(screen.getByText('科学')).toBeTruthy();
    expect(screen.getByText('环境')).toBeTruthy();
    expect(screen.getByText('Mara Quill · Changdu Demo')).toBeTruthy();
    expect(screen.getByText('会员')).toBeTruthy();
  });
});
