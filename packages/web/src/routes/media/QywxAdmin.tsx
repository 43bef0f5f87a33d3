import { useState, type FormEvent } from 'react';
import { appPlatforms } from '@changdu/contract';
import { useAppSettings, useSaveAppVersion, useSaveContact, useSaveNotice, useSaveProductPoster } from '../../api/media.queries';
import { Field, FormError } from '../../components/Field';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../lib/toast';
import '../../styles/media.css';

/** /admin/qywx: the WeCom contact, the app notice, app versions per platform and the member poster's text. */
export function QywxAdmin() {
  const settings = useAppSettings();
  if (settings.isPending) return <Spinner label="加载设置" />;
  if (settings.error) return <LoadFailed title="设置加载失败" message={settings.error.msg} onRetry={() => void settings.refetch()} />;
  return <SettingsForms data={settings.data} />;
}

type Settings = NonNullable<ReturnType<typeof useAppSettings>['data']>;

function SettingsForms({ data }: { data: Settings }) {
  const saveContact = useSaveContact();
  const saveNotice = useSaveNotice();
  const saveVersion = useSaveAppVersion();
  const saveProduct = useSaveProductPoster();
  const [contact, setContact] = useState({ link: data.contact.link ?? '', note: data.contact.note ?? '' });
  const [notice, setNotice] = useState({
    title: data.notice?.title ?? '',
    content: data.notice?.content ?? '',
    link: data.notice?.link ?? '',
  });
  const [version, setVersion] = useState({
    platform: 'android' as (typeof appPlatforms)[number],
    version: '',
    version_code: '',
    notes: '',
    url: '',
    force: false,
  });
  const [product, setProduct] = useState({ title: data.product_poster.title, lines: data.product_poster.lines.join('\n') });

  const submit = (work: () => Promise<unknown>) => (e: FormEvent) => {
    e.preventDefault();
    void work().then(
      () => toast('已保存'),
      () => undefined,
    );
  };

  return (
    <div className="page">
      <PageHeader title="客服、通知与版本" back />
      <div className="poster-screen">
        <p>
          微信公众号：{data.wx.wx ? '已配置' : '未配置'} · 企业微信：{data.wx.qywx ? '已配置' : '未配置'}（在服务器环境变量中设置）
        </p>
        <form className="settings-card" onSubmit={submit(() => saveContact.mutateAsync({ link: contact.link, note: contact.note }))}>
          <h2>企业微信客服</h2>
          <Field
            label="客服链接"
            value={contact.link}
            placeholder="https://work.weixin.qq.com/kfid/…"
            onChange={(e) => setContact({ ...contact, link: e.target.value })}
          />
          <Field label="说明" value={contact.note} onChange={(e) => setContact({ ...contact, note: e.target.value })} />
          {data.contact.qr && <img className="qr-image" src={data.contact.qr} alt="客服二维码" />}
          <FormError message={saveContact.error?.msg} />
          <button className="button button-primary" type="submit" disabled={saveContact.isPending}>
            保存客服
          </button>
        </form>
        <form
          className="settings-card"
          onSubmit={submit(() =>
            saveNotice.mutateAsync({ enabled: true, title: notice.title, content: notice.content, link: notice.link }),
          )}
        >
          <h2>应用通知</h2>
          <Field label="通知标题" value={notice.title} onChange={(e) => setNotice({ ...notice, title: e.target.value })} />
          <label>
            通知内容
            <textarea className="input" value={notice.content} onChange={(e) => setNotice({ ...notice, content: e.target.value })} />
          </label>
          <Field label="通知链接" value={notice.link} onChange={(e) => setNotice({ ...notice, link: e.target.value })} />
          <FormError message={saveNotice.error?.msg} />
          <div className="media-row">
            <button className="button button-primary" type="submit" disabled={saveNotice.isPending}>
              发布通知
            </button>
            <button
              className="button button-secondary"
              type="button"
              onClick={() => void saveNotice.mutateAsync({ enabled: false }).then(() => toast('已撤下'))}
            >
              撤下通知
            </button>
          </div>
        </form>
        <form
          className="settings-card"
          onSubmit={submit(() =>
            saveVersion.mutateAsync({
              platform: version.platform,
              version: version.version,
              version_code: Number(version.version_code),
              notes: version.notes,
              url: version.url,
              force: version.force,
            }),
          )}
        >
          <h2>应用版本</h2>
          <ul>
            {data.versions.map((v) => (
              <li key={v.platform}>
                {v.platform} {v.version}（{v.version_code}）
              </li>
            ))}
          </ul>
          <label>
            平台
            <select
              className="input select"
              value={version.platform}
              onChange={(e) => setVersion({ ...version, platform: e.target.value as typeof version.platform })}
            >
              {appPlatforms.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </select>
          </label>
          <Field
            label="版本"
            placeholder="1.3.0"
            value={version.version}
            onChange={(e) => setVersion({ ...version, version: e.target.value })}
          />
          <Field
            label="版本号"
            inputMode="numeric"
            value={version.version_code}
            onChange={(e) => setVersion({ ...version, version_code: e.target.value })}
          />
          <Field label="下载地址" value={version.url} onChange={(e) => setVersion({ ...version, url: e.target.value })} />
          <label>
            更新说明
            <textarea className="input" value={version.notes} onChange={(e) => setVersion({ ...version, notes: e.target.value })} />
          </label>
          <label>
            <input type="checkbox" checked={version.force} onChange={(e) => setVersion({ ...version, force: e.target.checked })} /> 强制更新
          </label>
          <FormError message={saveVersion.error?.msg} />
          <button className="button button-primary" type="submit" disabled={saveVersion.isPending}>
            发布版本
          </button>
        </form>
        <form className="settings-card" onSubmit={submit(() => saveProduct.mutateAsync(product))}>
          <h2>会员海报文字</h2>
          <Field label="标题" value={product.title} onChange={(e) => setProduct({ ...product, title: e.target.value })} />
          <label>
            卖点（每行一条）
            <textarea className="input" value={product.lines} onChange={(e) => setProduct({ ...product, lines: e.target.value })} />
          </label>
          <FormError message={saveProduct.error?.msg} />
          <button className="button button-primary" type="submit" disabled={saveProduct.isPending}>
            保存
          </button>
        </form>
      </div>
    </div>
  );
}
