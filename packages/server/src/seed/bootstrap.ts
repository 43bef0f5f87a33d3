import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { isUniqueViolation, type Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { hashPassword } from '../modules/auth/index.js';
import { usersService } from '../modules/users/index.js';

export interface CreatedAccount {
  role: 'super' | 'user';
  phone: string;
  username: string;
  password: string;
  generated: boolean;
}

function generatedPassword(): string {
  // Letters and digits both present, as the password rule asks.
  return `cd${randomBytes(6).toString('hex')}9`;
}

/**
 * First start on an empty database: a super user (from ADMIN_PHONE/ADMIN_PASSWORD or
 * generated) and, with SEED_DEMO, a demo reader. Returns what was created so the caller
 * can print the passwords once; later starts create nothing.
 */
export async function bootstrapAccounts(db: Db, config: Config, clock: Clock): Promise<CreatedAccount[]> {
  const users = usersService(db, clock);
  if ((await users.countByRole('super')) > 0) return [];
  const now = clock.now().toISOString();
  const created: CreatedAccount[] = [];

  const adminPassword = config.admin.password ?? generatedPassword();
  const admin = await users
    .create({
      phone: config.admin.phone ?? '13800000000',
      username: 'admin',
      password_hash: await hashPassword(adminPassword, config.auth.passwordHashCost),
      role: 'super',
      now,
    })
    // Another process made them first (on SQLite, where no lock serialises first starts).
    .catch((error: unknown) => (isUniqueViolation(error) ? null : Promise.reject(error)));
  if (!admin) return [];
  created.push({
    role: 'super',
    phone: admin.phone ?? '',
    username: admin.username,
    password: adminPassword,
    generated: !config.admin.password,
  });

  if (config.seedDemo && !(await users.byUsername('demo'))) {
    const demoPassword = generatedPassword();
    const demo = await users.create({
      phone: '13800000001',
      username: 'demo',
      password_hash: await hashPassword(demoPassword, config.auth.passwordHashCost),
      role: 'user',
      now,
    });
    created.push({ role: 'user', phone: demo.phone ?? '', username: demo.username, password: demoPassword, generated: true });
  }
  return created;
}
