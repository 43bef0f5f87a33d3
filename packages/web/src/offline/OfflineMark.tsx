import '../styles/offline.css';
/** The reading page's small mark that the open article can be read with no network. */
export function OfflineMark({ ready }: { ready: boolean }) {
  if (!ready) return null;
  return (
    <p className="offline-mark" role="status">
      已可离线阅读
    </p>
  );
}
