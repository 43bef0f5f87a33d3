/** A quiet loading indicator; `label` is read by screen readers. */
export function Spinner({ label = '加载中' }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
