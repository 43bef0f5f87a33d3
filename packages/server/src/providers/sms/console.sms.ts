import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms.provider.js';

/**
 * The offline default: nothing leaves the machine. Each message is written to the log; the auth
 * module keeps what was not delivered in its outbox, which a super user reads at GET /api/sms/outbox.
 */
export function consoleSms(log: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    name: 'console',
    delivers: false,
    async send({ phone, stype, text }) {
      log.info({ phone, stype }, `SMS to ${phone}: ${text}`);
    },
  };
}
