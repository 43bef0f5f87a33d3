import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { SmsProvider } from './sms.provider.js';

/**
 * The offline default: nothing leaves the machine. Each message is written to the log
 * and to the outbox table, which a super user reads at GET /api/sms/outbox.
 */
export function consoleSms(db: Db, clock: Clock, log: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    name: 'console',
    delivers: false,
    async send({ phone, stype, text }) {
      log.info({ phone, stype }, `SMS to ${phone}: ${text}`);
      await db.kysely
        .insertInto('sms_outbox')
        .values({ phone, stype, text, provider: 'console', created_at: clock.now().toISOString() })
        .execute();
    },
  };
}
