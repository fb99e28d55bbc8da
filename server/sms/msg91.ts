import { SmsError, type SmsMessage, type SmsSender } from './types';

export const MSG91_FLOW_URL = 'https://control.msg91.com/api/v5/flow';

export interface Msg91Options {
  authKey: string;
  /** The MSG91 template registered with DLT; its variables are `##otp##` and `##host##`. */
  templateId: string;
  /** Six-letter DLT header. */
  senderId: string;
  timeoutMs?: number;
}

/**
 * MSG91's Flow API. Indian operators deliver only DLT-registered templates, so the message goes
 * out as the template id plus its variables; `text` is what that template renders to.
 */
export function createMsg91Sender({ authKey, templateId, senderId, timeoutMs = 5000 }: Msg91Options): SmsSender {
  return {
    name: 'msg91',
    async send({ to, vars = {} }: SmsMessage) {
      const body = {
        template_id: templateId,
        sender: senderId,
        short_url: '0',
        // MSG91 wants the country code without the plus.
        recipients: [{ mobiles: to.replace(/^\+/, ''), ...vars }],
      };
      let response: Response;
      try {
        response = await fetch(MSG91_FLOW_URL, {
          method: 'POST',
          headers: { authkey: authKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsError('unavailable', 'MSG91 could not be reached', { cause: error });
      }
      const answer = (await response.json().catch(() => null)) as { type?: unknown; message?: unknown } | null;
      // MSG91 reports some failures (bad template, no balance) with HTTP 200 and type "error".
      if (!response.ok || answer?.type !== 'success') {
        const detail = typeof answer?.message === 'string' ? answer.message : `HTTP ${response.status}`;
        const kind = response.status >= 500 ? 'unavailable' : 'rejected';
        throw new SmsError(kind, `MSG91 did not accept the message: ${detail}`);
      }
    },
  };
}
