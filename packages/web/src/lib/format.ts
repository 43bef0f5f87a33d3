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
