import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes: scrypt from node:crypto (memory-hard, no native addon), stored as
 * `scrypt$N$r$p$salt$key`. The parameters travel in each hash, so raising them later still
 * verifies every older hash; a login with an older one stores a new hash (`needsRehash`).
 */

/** log2 of scrypt's N that OWASP's Password Storage Cheat Sheet recommends (N=2^17, r=8, p=1). */
export const DEFAULT_PASSWORD_COST = 17;
/** The range PASSWORD_HASH_COST may take: below 2^10 a hash is no work; above 2^20 one needs 1 GiB. */
export const PASSWORD_COST_RANGE = { min: 10, max: 20 } as const;

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const paramsFor = (cost: number): ScryptParams => ({ N: 2 ** cost, r: BLOCK_SIZE, p: PARALLELISM });

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // OpenSSL needs 128·r·(N + p + 2) bytes; Node refuses anything over `maxmem` (32 MiB by
  // default, too little for N=2^17), so the limit is exactly what these parameters need.
  const maxmem = 128 * params.r * (params.N + params.p + 2);
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

interface StoredHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

/** Reads a stored hash; null for anything this code did not write, or parameters outside what it would (a damaged row must not cost a gigabyte). */
function parse(stored: string): StoredHash | null {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key || rest.length > 0) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!isPowerOfTwo(params.N) || params.N > 2 ** PASSWORD_COST_RANGE.max) return null;
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > 32) return null;
  if (!Number.isInteger(params.p) || params.p < 1 || params.p > 16) return null;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/** Hashes a password at `cost` (log2 of N); the configured cost in the app, OWASP's by default. */
export async function hashPassword(password: string, cost: number = DEFAULT_PASSWORD_COST): Promise<string> {
  const params = paramsFor(cost);
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`, with whatever parameters `stored` was made. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parse(stored);
  if (!hash) return false;
  const key = await derive(password, hash.salt, hash.params);
  return key.length === hash.key.length && timingSafeEqual(key, hash.key);
}

/** Whether `stored` was made with other parameters than `cost` asks for, so the next login should store a new hash. */
export function needsRehash(stored: string, cost: number): boolean {
  const hash = parse(stored);
  const target = paramsFor(cost);
  return !hash || hash.params.N !== target.N || hash.params.r !== target.r || hash.params.p !== target.p;
}

const decoys = new Map<number, Promise<string>>();

/**
 * A hash of a random password at `cost`: checking an unknown account against it costs what a
 * real check costs, so timing does not tell which accounts exist. Made once per cost, on first use.
 */
export function decoyHash(cost: number): Promise<string> {
  let decoy = decoys.get(cost);
  if (!decoy) {
    decoy = hashPassword(randomBytes(12).toString('hex'), cost);
    decoys.set(cost, decoy);
  }
  return decoy;
}
