// `react` in the built app: Preact's compat layer, plus the React 19 hook it does not have yet.
// Used only by the production build (vite.config.ts); unit tests run on React itself.
import { useCallback, useLayoutEffect, useRef } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/** React's `useEffectEvent`: a stable function that always calls the latest `handler`. */
export function useEffectEvent(handler) {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args) => latest.current(...args), []);
}

// React 19 hooks Preact has no equivalent of. React Router reads them off the namespace
// (`React.use`, `React.useOptimistic`) and falls back when they are undefined; exporting them
// as undefined says so, where a missing export made the bundler warn IMPORT_IS_UNDEFINED.
export const use = undefined;
export const useOptimistic = undefined;
