import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SegmentedTabs, useParamTab } from './ParamTabs';

const TABS = [
  ['mine', '我创建的'],
  ['star', '我收藏的'],
] as const;

function Screen() {
  const [tab, select] = useParamTab(TABS);
  return (
    <>
      <SegmentedTabs label="我的合集" tabs={TABS} current={tab} onSelect={select} />
      <p>showing {tab}</p>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/MyCollection', element: <Screen /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('tabs kept in the address', () => {
  it('opens the tab the address names and keeps a choice in ?tab, the first tab leaving the address clean', () => {
    const router = renderAt('/MyCollection?tab=star');
    expect(screen.getByRole('tab', { name: '我收藏的' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('showing star')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '我创建的' }));
    expect(screen.getByText('showing mine')).toBeTruthy();
    expect(router.state.location.search).toBe('');

    fireEvent.click(screen.getByRole('tab', { name: '我收藏的' }));
    expect(router.state.location.search).toBe('?tab=star');
  });

  it('falls back to the first tab for a name it does not know', () => {
    renderAt('/MyCollection?tab=nonsense');
    expect(screen.getByRole('tab', { name: '我创建的' }).getAttribute('aria-selected')).toBe('true');
  });
});
