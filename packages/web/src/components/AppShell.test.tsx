import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ok } from '../test/api-mock';
import { renderApp } from '../test/render-app';

const config = (analytics_script_url: string | null) =>
  ok({ product_name: '畅读', analytics_script_url, database: 'sqlite', version: '0.1.0' });

describe('app shell', () => {
  it('injects the analytics script named by GET /api/config', async () => {
    renderApp('/About', { 'GET /api/config': config('https://stats.example.com/a.js') });
    await waitFor(() => expect(document.querySelector('script[src="https://stats.example.com/a.js"]')).not.toBeNull());
    document.getElementById('bb-analytics')?.remove();
  });

  it('injects nothing when the config has no analytics script', async () => {
    const { api } = renderApp('/About', { 'GET /api/config': config(null) });
    await waitFor(() => expect(api.to('GET /api/config')).toHaveLength(1));
    await screen.findByRole('heading', { name: '关于畅读' });
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('shows the home, explore and mine tabs', async () => {
    renderApp('/About');
    const tabs = await screen.findAllByRole('navigation', { name: '主导航' });
    expect(tabs.length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: '首页' })[0]?.getAttribute('href')).toBe('/');
    expect(screen.getAllByRole('link', { name: '发现' })[0]?.getAttribute('href')).toBe('/explore');
    expect(screen.getAllByRole('link', { name: '我的' })[0]?.getAttribute('href')).toBe('/Mine');
  });

  it('marks 首页 as current on /article, the other path of the home list', async () => {
    renderApp('/article', { 'GET /api/recommend/foryou': ok({ list: [], next_offset: null }) });
    const home = (await screen.findAllByRole('link', { name: '首页' }))[0]!;
    expect(home.className).toContain('active');
  });
});
