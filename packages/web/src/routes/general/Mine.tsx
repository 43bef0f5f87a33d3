import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { User } from '@changdu/contract';
import { useLogout } from '../../api/auth.queries';
import { useCurrentUser } from '../../api/users.queries';
import { errorMessage } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { AiUsageCard } from '../askai/AiUsageCard';
import { VocabularyCard } from '../learner/VocabularyCard';
import { LoadFailed } from '../../components/LoadFailed';
import { Spinner } from '../../components/Spinner';
import { ThemeSwitcher } from '../../components/ThemeSwitcher';
import { formatDate, maskPhone, roleLabels } from '../../lib/format';
import { isReviewMode } from '../../lib/review-mode';
import { toast } from '../../lib/toast';

/** The reader's own pages; a logged-out visitor is asked to log in on the way. */
const studyLinks = [
  { to: '/book', label: '我的书架' },
  { to: '/myword', label: '生词本' },
  { to: '/flashcard', label: '闪卡复习' },
  { to: '/mynote', label: '我的笔记' },
  { to: '/MyStar', label: '我的收藏' },
  { to: '/MyCollection', label: '我的合集' },
  { to: '/collection/follow', label: '我的关注' },
  { to: '/history', label: '阅读记录' },
  { to: '/offline', label: '已下载（离线可读）' },
  { to: '/read_data', label: '阅读数据' },
  { to: '/Rank', label: '阅读周榜' },
  { to: '/Award', label: '我的奖励与邀请' },
] as const;

/** "我的": who I am, study and account links, appearance, logout — or an invitation to log in. */
export function Mine() {
  const { user, isLoading, error, refetch } = useCurrentUser();
  return (
    <div className="page">
      <PageHeader title="我的" />
      {isLoading ? (
        <Spinner />
      ) : user ? (
        <Profile user={user} />
      ) : error ? (
        <LoadFailed message={error.msg} onRetry={refetch} />
      ) : (
        <>
          <Welcome />
          <StudyLinks />
        </>
      )}
      <section className="section">
        <h2 className="section-title">外观</h2>
        <div className="card">
          <p className="card-caption">主题</p>
          <ThemeSwitcher />
        </div>
      </section>
      <section className="section">
        <ul className="menu card">
          <MenuLink to="/About" label="关于畅读" />
        </ul>
      </section>
      {user && <LogoutButton />}
    </div>
  );
}

function Welcome() {
  return (
    <div className="card welcome-card">
      <div className="avatar avatar-empty" aria-hidden="true">
        读
      </div>
      <h2 className="welcome-title">登录畅读</h2>
      <p className="welcome-text">同步生词本、笔记和阅读记录，换设备也不丢</p>
      <div className="welcome-actions">
        <Link className="button button-primary" to="/Login?redirect=%2FMine">
          登录
        </Link>
        <Link className="button button-secondary" to="/Register?redirect=%2FMine">
          注册
        </Link>
      </div>
    </div>
  );
}

function Profile({ user }: { user: User }) {
  const isAdmin = user.is_manager || user.is_super;
  const reviewMode = isReviewMode();
  return (
    <>
      <div className="card profile-card">
        <div className="avatar" aria-hidden="true">
          {user.username.slice(0, 1).toUpperCase()}
        </div>
        <div className="profile-main">
          <h2 className="profile-name" data-testid="mine-username">
            {user.username}
          </h2>
          <p className="profile-meta">
            {user.phone && <span>{maskPhone(user.phone)}</span>}
            <span className="badge">{roleLabels[user.role] ?? user.role}</span>
            {user.is_member && !reviewMode && <span className="badge badge-accent">会员</span>}
          </p>
        </div>
      </div>
      {!reviewMode && (
        <Link to="/member" className="card member-card">
          <span className="member-label">会员状态</span>
          <span className="member-status">
            {user.member ? `会员 · 剩余 ${user.member.days_left} 天（${formatDate(user.member.expires_at)} 到期）` : '未开通会员 · 去开通'}
          </span>
        </Link>
      )}
      <VocabularyCard />
      <StudyLinks />
      {!reviewMode && <AiUsageCard />}
      <section className="section">
        <h2 className="section-title">账号</h2>
        <ul className="menu card">
          <MenuLink to="/change_username" label="修改用户名" />
          <MenuLink to="/change_password" label="修改密码" />
          <MenuLink to="/changdu/apply" label="申请成为创作者" />
          {isAdmin && <MenuLink to="/admin" label="管理后台" />}
        </ul>
      </section>
    </>
  );
}

function StudyLinks() {
  return (
    <section className="section">
      <h2 className="section-title">学习</h2>
      <ul className="menu card" aria-label="学习">
        {studyLinks.map((link) => (
          <MenuLink key={link.to} to={link.to} label={link.label} />
        ))}
      </ul>
    </section>
  );
}

function MenuLink({ to, label, extra }: { to: string; label: string; extra?: ReactNode }) {
  return (
    <li>
      <Link className="menu-item" to={to}>
        <span>{label}</span>
        {extra}
        <svg className="menu-chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Link>
    </li>
  );
}

function LogoutButton() {
  const logout = useLogout();
  const [pending, setPending] = useState(false);
  return (
    <div className="section">
      <button
        type="button"
        className="button button-danger button-block"
        disabled={pending}
        onClick={() => {
          setPending(true);
          // The server removes the session cookie; when it cannot be reached the reader is still logged in.
          void logout()
            .then(
              () => toast('已退出登录'),
              (error: unknown) => toast(errorMessage(error)),
            )
            .finally(() => setPending(false));
        }}
      >
        退出登录
      </button>
    </div>
  );
}
