import { useSearchParams } from 'react-router';

type Tabs<K extends string> = readonly (readonly [key: K, label: string])[];

/**
 * The tab a screen shows, kept in the address's `tab` parameter so a reload or a shared link
 * opens the same tab. The first tab is the default and keeps the address clean.
 */
export function useParamTab<K extends string>(tabs: Tabs<K>): [current: K, select: (key: K) => void] {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]![0];
  const current = tabs.find(([key]) => key === params.get('tab'))?.[0] ?? first;
  return [current, (key) => setParams(key === first ? {} : { tab: key }, { replace: true })];
}

/** A segmented row of tabs, for lists that switch in place (`useParamTab` keeps the choice). */
export function SegmentedTabs<K extends string>({
  label,
  tabs,
  current,
  onSelect,
}: {
  label: string;
  tabs: Tabs<K>;
  current: K;
  onSelect: (key: K) => void;
}) {
  return (
    <div className="segmented follow-switch" role="tablist" aria-label={label}>
      {tabs.map(([key, text]) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={current === key}
          className={`segmented-option${current === key ? ' active' : ''}`}
          onClick={() => onSelect(key)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
