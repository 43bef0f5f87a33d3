import { useEffect, useState, type ComponentType } from 'react';

/** Home's 已下载 row (or, offline, the kept articles), loaded after the page: see kept-ui.ts. */
export function LazyKeptShortcut() {
  const [Shortcut, setShortcut] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    void import('./kept-ui').then(
      (m) => live && setShortcut(() => m.KeptShortcut),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return Shortcut ? <Shortcut /> : null;
}
