/** Display formatting shared by screens. */

/** 13812345678 → 138****5678; other shapes keep their first 3 and last 2 characters. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (/^\d{11}$/.test(phone)) return `${phone.slice(0, 3)}****${phone.slice(7)}`;
  if (phone.length <= 5) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 5)}${phone.slice(-2)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO time → `2025-03-01 14:05` in local time. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** ISO time → `2025-03-01`. */
export function formatDate(iso: string): string {
  return formatDateTime(iso).slice(0, 10);
}

/** "刚刚", "5 分钟前", "3 小时前", "2 天前", then the date. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return iso;
  const minutes = Math.floor((now - t) / 60_000);
  if (minutes < 1) return '刚刚';
  if (minutes < 60) return `${minutes} 分钟前`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} 小时前`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days} 天前`;
  return formatDate(iso);
}

export const roleLabels: Record<string, string> = {
  anonymous: '游客',
  user: '普通用户',
  member: '会员',
  manager: '管理员',
  super: '超级管理员',
};

/** ISO time → `3月1日` this year, `2024年3月1日` otherwise: shared with the server's first render of the reader. */
export { formatDay } from '@changdu/contract';

/**
 * A `datetime-local` value (`2025-03-01T14:05`, local time) → ISO 8601 with the local
 * offset (`2025-03-01T14:05:00+08:00`); null when empty or not a date.
 */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${date}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
