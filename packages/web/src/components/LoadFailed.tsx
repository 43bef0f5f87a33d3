/** A card for data that could not be loaded (usually the network), with a retry. */
export interface LoadFailedProps {
  message: string;
  onRetry: () => void;
  title?: string;
}

export function LoadFailed({ message, onRetry, title = '暂时无法获取账号信息' }: LoadFailedProps) {
  return (
    <div className="card welcome-card">
      <h2 className="welcome-title">{title}</h2>
      <p className="welcome-text">{message}</p>
      <div className="welcome-actions">
        <button type="button" className="button button-secondary" onClick={onRetry}>
          重试
        </button>
      </div>
    </div>
  );
}
