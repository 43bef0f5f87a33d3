import { Link, useLocation } from 'react-router';
import { loginPathFor } from '../lib/navigation';
import { Modal } from './Modal';

/** Asks a logged-out reader to log in for something, and brings them back here afterwards. */
export function LoginPrompt({ reason, onClose }: { reason: string | null; onClose: () => void }) {
  const { pathname, search } = useLocation();
  return (
    <Modal open={reason !== null} onClose={onClose} title="登录后继续">
      <p className="login-prompt-text">{reason}</p>
      <div className="modal-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          以后再说
        </button>
        <Link to={loginPathFor(pathname + search)} className="button button-primary">
          登录
        </Link>
      </div>
    </Modal>
  );
}
