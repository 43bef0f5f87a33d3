import { useThemePreference, type ThemePreference } from '../lib/theme';

const options: { value: ThemePreference; label: string }[] = [
  { value: '', label: '跟随系统' },
  { value: 'light', label: '浅色' },
  { value: 'dark', label: '深色' },
  { value: 'black', label: '纯黑' },
];

/** A segmented control over the stored theme; applies the choice at once. */
export function ThemeSwitcher() {
  const [preference, setPreference] = useThemePreference();
  return (
    <div className="segmented" role="radiogroup" aria-label="主题">
      {options.map((option) => (
        <button
          key={option.value || 'system'}
          type="button"
          role="radio"
          aria-checked={preference === option.value}
          className="segmented-option"
          onClick={() => setPreference(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
