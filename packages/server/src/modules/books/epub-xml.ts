import path from 'node:path/posix';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { EpubError } from './epub-zip.js';

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) =>
    ['item', 'itemref', 'navPoint', 'rootfile', 'meta', 'creator', 'title', 'language', 'identifier', 'description'].includes(name),
});

/** A well-formed XML document without entity declarations (no billion laughs), parsed. */
export function parseXml(bytes: Buffer, what: string): Record<string, unknown> {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (/<!ENTITY/i.test(text)) throw new EpubError(`${what}中含有实体声明，已拒绝导入`);
  if (XMLValidator.validate(text) !== true) throw new EpubError(`${what}不是有效的 XML，文件可能已损坏`);
  return xml.parse(text) as Record<string, unknown>;
}

export type Node = Record<string, unknown>;
export const asArray = <T>(v: T | T[] | undefined | null): T[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
export const textOf = (v: unknown): string => {
  if (typeof v === 'string') return v.trim();
  if (v && typeof v === 'object' && '#text' in v) return String((v as Node)['#text']).trim();
  return '';
};
export const attr = (n: unknown, name: string): string | undefined => {
  const v = n && typeof n === 'object' ? (n as Node)[`@_${name}`] : undefined;
  return typeof v === 'string' ? v : undefined;
};

export function resolveHref(base: string, href: string): { file: string; anchor: string | null } {
  const [rawPath, anchor] = href.split('#', 2);
  let decoded = rawPath ?? '';
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // keep as written
  }
  const file = decoded ? path.normalize(path.join(path.dirname(base), decoded)) : base;
  return { file: file.replace(/^\.\//, ''), anchor: anchor || null };
}
