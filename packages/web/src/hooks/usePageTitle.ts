import { useEffect } from 'react';

export const APP_TITLE = '畅读 · 英语外刊精读';

/** Sets the tab title to `<title> · 畅读` while the screen is shown. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · 畅读` : APP_TITLE;
  }, [title]);
}
