import { usePublicConfig } from '../../api/system.queries';
import { Credits } from '../../components/Credits';
import { Logo } from '../../components/Logo';
import { PageHeader } from '../../components/PageHeader';
import { BUILD_ID } from '../../lib/build-check';
import { creditGroups } from '../../lib/credits';

const features = [
  { title: '外刊精读', text: '精选英文报刊文章，中英对照，随时切换译文。' },
  { title: '点词即查', text: '轻点任意单词，查看音标、释义和考试等级。' },
  { title: 'AI 助读', text: '摘要、长难句分析和提问，读懂每一段。' },
  { title: '生词本与复习', text: '收藏生词，按记忆曲线安排复习，记得更牢。' },
];

/** About the product: what it is, its version, and the data and software it credits. */
export function About({ title = '关于畅读' }: { title?: string }) {
  const config = usePublicConfig();
  const version = config.data?.version;
  return (
    <div className="page">
      <PageHeader title={title} />
      <section className="hero">
        <Logo size={64} />
        <h2 className="hero-title">畅读</h2>
        <p className="hero-tagline">英语外刊精读</p>
        <p className="hero-text reading">Read the world in English — one article at a time.</p>
        <p className="hero-text">
          畅读为中文母语的英语学习者而做：读真实的外刊文章，遇到生词一点就查，难句有 AI
          讲解，读过的词进入生词本，按时复习，让阅读成为每天的习惯。
        </p>
      </section>
      <section className="section">
        <h2 className="section-title">能做什么</h2>
        <ul className="feature-grid">
          {features.map((feature) => (
            <li key={feature.title} className="card feature">
              <h3 className="feature-title">{feature.title}</h3>
              <p className="feature-text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section">
        <h2 className="section-title">版本</h2>
        <dl className="card info-list">
          <div>
            <dt>应用版本</dt>
            <dd>{version ?? '—'}</dd>
          </div>
          <div>
            <dt>前端构建</dt>
            <dd className="mono">{BUILD_ID}</dd>
          </div>
        </dl>
      </section>
      <section className="section" aria-labelledby="credits-title">
        <h2 id="credits-title" className="section-title">
          数据与许可
        </h2>
        <p className="section-text">畅读使用了以下开源软件与公开数据，感谢它们的作者。</p>
        <Credits groups={creditGroups} />
      </section>
    </div>
  );
}
