import { useState } from 'react';

const STORAGE_KEY = 'cd_bilingual';

function stored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether translations show beneath paragraphs; remembered on this device. */
export function useBilingual(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(stored);
  const set = (next: boolean) => {
    setOn(next);
    try {
      if (next) localStorage.setItem(STORAGE_KEY, '1');
      else localStorage.removeItem(STORAGE_KEY);
    } catch {
      // Storage disabled: the choice lasts for this page only.
    }
  };
  return [on, set];
}
