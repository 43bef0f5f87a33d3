import { Link, useOutletContext } from 'react-router';
import type { User } from '@changdu/contract';
import { roleLabels } from '../../lib/format';

const tools = [
  { to: '/admin/articles', title: '文章', text: '筛选、新建和编辑文章：译文、难度、话题、会员锁、审核与发布，以及每次修改的记录。' },
  { to: '/admin/rss', title: 'RSS', text: '管理订阅源，抓取新条目，把条目下载成文章草稿，进度实时可见。' },
  { to: '/admin/user/search', title: '用户查询', text: '按手机号、用户名或用户 ID 查找用户，查看会员状态；超级管理员可重设密码。' },
  { to: '/admin/visitor', title: '访客', text: '最近活跃的访客和他们打开过的页面，了解读者从哪里来、读了什么。' },
  { to: '/admin/poster', title: '海报', text: '本周文章的分享海报，逐篇编辑两种版式，也可做成小红书卡片。' },
  { to: '/admin/qywx', title: '客服与版本', text: '企业微信客服、应用通知、各平台最新版本和会员海报文字。' },
];

/** The dashboard's landing page: who is signed in and the tools at hand. */
export function AdminHome() {
  const user = useOutletContext<User>();
  return (
    <div className="admin-home">
      <p className="section-text">
        你好，{user.username}（{roleLabels[user.role] ?? user.role}）。
      </p>
      <ul className="feature-grid">
        {tools.map((tool) => (
          <li key={tool.to}>
            <Link to={tool.to} className="card feature feature-link">
              <h3 className="feature-title">{tool.title}</h3>
              <p className="feature-text">{tool.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
