import { useEffect, useState } from 'react';
import { startBuildCheck } from '../lib/build-check';

/** Offers a reload once the hourly build check finds a newer deployment. */
export function UpdateBanner() {
  const [newBuild, setNewBuild] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => startBuildCheck(setNewBuild), []);
  if (!newBuild || dismissed === newBuild) return null;
  return (
    <div className="update-banner" role="status">
      <span>畅读有新版本啦</span>
      <button type="button" className="button button-primary button-small" onClick={() => window.location.reload()}>
        刷新
      </button>
      <button type="button" className="button button-ghost button-small" onClick={() => setDismissed(newBuild)}>
        稍后
      </button>
    </div>
  );
}
