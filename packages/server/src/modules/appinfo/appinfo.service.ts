import { appPlatforms, type ClientInfo } from '@changdu/contract';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { Invalid } from '../../lib/errors.js';
import { settingsRepo } from './settings.repo.js';

type Platform = (typeof appPlatforms)[number];

interface Contact {
  link: string | null;
  note: string | null;
}
interface Notice {
  title: string;
  content: string;
  link: string | null;
}
interface AppVersion {
  platform: Platform;
  version: string;
  version_code: number;
  notes: string;
  url: string;
  force: boolean;
}
export interface ProductPoster {
  title: string;
  lines: string[];
}

const KEYS = {
  contact: 'qywx.contact',
  notice: 'app.notice',
  version: (p: Platform) => `app.version.${p}`,
  productPoster: 'poster.product',
  manualPay: 'pay.manual',
} as const;

interface ManualPay {
  payee: string | null;
  account: string | null;
  qr_image: string | null;
  contact: string | null;
  note: string | null;
}

export const DEFAULT_PRODUCT_POSTER: ProductPoster = {
  title: '畅读会员',
  lines: ['每天精选外刊文章，双语对照', '点词即查，生词本与记忆复习', '文章音频逐句跟读，PDF 离线阅读'],
};

/** Compares dotted versions numerically: 1.10.0 > 1.9.2. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Settings managers edit on /admin/qywx and /app_upgrade's admin part: contact, notice, versions, the product poster. */
export function appinfoService(db: Db, clock: Clock) {
  const repo = settingsRepo(db);
  const now = () => clock.now().toISOString();

  async function contact() {
    const found = (await repo.get<Contact>(KEYS.contact))?.value ?? { link: null, note: null };
    const qr = found.link ? await QRCode.toDataURL(found.link, { margin: 1, width: 320, errorCorrectionLevel: 'M' }) : null;
    return { link: found.link, note: found.note, qr };
  }

  async function notice() {
    const found = await repo.get<Notice | null>(KEYS.notice);
    return found?.value ? { ...found.value, updated_at: found.updated_at } : null;
  }

  async function versions() {
    const list = [];
    for (const platform of appPlatforms) {
      const found = await repo.get<AppVersion>(KEYS.version(platform));
      if (found) list.push({ ...found.value, updated_at: found.updated_at });
    }
    return list;
  }

  async function productPoster(): Promise<ProductPoster> {
    return (await repo.get<ProductPoster>(KEYS.productPoster))?.value ?? DEFAULT_PRODUCT_POSTER;
  }

  async function manualPay() {
    const found = (await repo.get<ManualPay>(KEYS.manualPay))?.value ?? { payee: null, account: null, qr_image: null, contact: null, note: null };
    return { configured: !!found.payee && !!(found.account || found.qr_image), ...found };
  }

  return {
    contact,
    notice,
    manualPay,
    /** How buyers pay when payment is manual; a payee needs an account or a QR image to go with it. */
    async saveManualPay(userId: number, input: { [K in keyof ManualPay]?: string | undefined }) {
      if (input.payee && !input.account && !input.qr_image) throw new Invalid('请填写收款账号或上传收款码');
      if (!input.payee && (input.account || input.qr_image)) throw new Invalid('请填写收款人');
      const value: ManualPay = {
        payee: input.payee ?? null,
        account: input.account ?? null,
        qr_image: input.qr_image ?? null,
        contact: input.contact ?? null,
        note: input.note ?? null,
      };
      await repo.put(KEYS.manualPay, value, userId, now());
      return manualPay();
    },
    versions,
    productPoster,
    async saveContact(userId: number, input: { link?: string | undefined; note?: string | undefined }) {
      await repo.put(KEYS.contact, { link: input.link ?? null, note: input.note ?? null } satisfies Contact, userId, now());
      return contact();
    },
    async saveNotice(
      userId: number,
      input: { enabled: boolean; title?: string | undefined; content?: string | undefined; link?: string | undefined },
    ) {
      if (input.enabled && (!input.title || !input.content)) throw new Invalid('发布通知需要填写标题和内容');
      const value: Notice | null = input.enabled ? { title: input.title!, content: input.content!, link: input.link ?? null } : null;
      await repo.put(KEYS.notice, value, userId, now());
      return notice();
    },
    async saveVersion(userId: number, input: Omit<AppVersion, 'notes'> & { notes?: string | undefined }) {
      const value: AppVersion = { ...input, notes: input.notes ?? '' };
      await repo.put(KEYS.version(input.platform), value, userId, now());
      return { ...value, updated_at: now() };
    },
    async saveProductPoster(userId: number, input: { title: string; lines?: string | undefined }) {
      const value: ProductPoster = {
        title: input.title,
        lines: (input.lines ?? '')
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .slice(0, 6),
      };
      await repo.put(KEYS.productPoster, value, userId, now());
      return value;
    },
    /** The latest version for a platform (asked, or the client-info string's), and whether the caller is behind it. */
    async appVersion(platform: Platform | undefined, client: ClientInfo | null) {
      const all = await versions();
      const clientPlatform =
        client && (appPlatforms as readonly string[]).includes(client.platform.toLowerCase())
          ? (client.platform.toLowerCase() as Platform)
          : null;
      const chosen = platform ?? clientPlatform;
      const latest = chosen ? (all.find((v) => v.platform === chosen) ?? null) : null;
      const code = client ? Number.parseInt(client.version_code, 10) : Number.NaN;
      const current = client ? { version: client.version, version_code: Number.isFinite(code) ? code : null } : null;
      const hasUpdate = Boolean(
        latest &&
        current &&
        chosen === clientPlatform &&
        (current.version_code !== null ? latest.version_code > current.version_code : compareVersions(latest.version, current.version) > 0),
      );
      return { platform: chosen, current, latest, has_update: hasUpdate, all };
    },
  };
}

export type AppinfoService = ReturnType<typeof appinfoService>;
