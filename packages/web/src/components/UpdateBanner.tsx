import { useEffect, useState } from 'react';
import { startBuildCheck } from '../lib/build-check';
import { applyUpdate, checkForWorkerUpdate, onWorkerWaiting } from '../offline/register';

/**
 * Offers a reload once the hourly build check finds a newer deployment. The new build's service
 * worker is fetched then and waits: it takes over only when the reader taps 刷新.
 */
export function UpdateBanner() {
  const [newBuild, setNewBuild] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(
    () =>
      startBuildCheck((id) => {
        setNewBuild(id);
        checkForWorkerUpdate();
      }),
    [],
  );
  useEffect(() => onWorkerWaiting(() => setNewBuild((id) => id ?? 'waiting-worker')), []);
  if (!newBuild || dismissed === newBuild) return null;
  return (
    <div className="update-banner" role="status">
      <span>畅读有新版本啦</span>
      <button type="button" className="button button-primary button-small" onClick={() => applyUpdate()}>
        刷新
      </button>
      <button type="button" className="button button-ghost button-small" onClick={() => setDismissed(newBuild)}>
        稍后
      </button>
    </div>
  );
}
