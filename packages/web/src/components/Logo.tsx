/** The app mark: an open book with a reading line, drawn to match public/icon.svg. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="var(--color-primary)" />
      <path d="M14 20c6-2 12-1.5 18 2v26c-6-3.5-12-4-18-2z" fill="#fff" opacity="0.95" />
      <path d="M50 20c-6-2-12-1.5-18 2v26c6-3.5 12-4 18-2z" fill="#fff" opacity="0.8" />
      <path d="M36.5 28.5h9M36.5 34h9M36.5 39.5h6" stroke="var(--color-primary)" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
