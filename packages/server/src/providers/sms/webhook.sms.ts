import { Unavailable } from '../../lib/errors.js';
import type { SmsProvider } from './sms.provider.js';

/**
 * Hands each message to an HTTP gateway (`SMS_WEBHOOK_URL`) as JSON
 * `{phone, stype, text}`; any 2xx is success. Most SMS vendors are reached through
 * such a small relay, which keeps vendor credentials out of this server.
 */
export function webhookSms(url: string, fetchImpl: typeof fetch = fetch): SmsProvider {
  return {
    name: 'webhook',
    delivers: true,
    async send(message) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(message),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        throw new Unavailable('短信服务暂时无法连接，请稍后再试');
      }
      if (!response.ok) throw new Unavailable('短信发送失败，请稍后再试');
    },
  };
}
