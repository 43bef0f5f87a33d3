import { endpointUrl } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import '../../styles/media.css';

/** /poster/product: the membership poster with my invite QR (text set by managers on /admin/qywx). */
export function ProductPoster() {
  return (
    <div className="page">
      <PageHeader title="会员海报" back />
      <RequireLogin>
        <div className="poster-screen">
          <img className="poster-preview" src={endpointUrl('poster.product', {})} alt="会员海报" />
          <a className="button button-primary" href={endpointUrl('poster.product', {})} download="changdu-member.png">
            保存海报
          </a>
        </div>
      </RequireLogin>
    </div>
  );
}
