import { http, HttpResponse } from 'msw';

import { MSG91_FLOW_URL } from '../../server/sms/msg91';

/** What a test can inspect about the messages MSG91 was asked to send. */
export interface Msg91Request {
  authkey: string | null;
  body: {
    template_id: string;
    sender: string;
    short_url: string;
    recipients: { mobiles: string; [variable: string]: string }[];
  };
}

/** MSG91's Flow API (https://control.msg91.com/api/v5/flow): accepted, rejected or down. */
export const msg91 = {
  accepts(sent: Msg91Request[] = []) {
    return http.post(MSG91_FLOW_URL, async ({ request }) => {
      sent.push({ authkey: request.headers.get('authkey'), body: (await request.json()) as Msg91Request['body'] });
      return HttpResponse.json({ type: 'success', message: '3763646c3058373530393138' });
    });
  },
  /** How MSG91 answers a bad auth key. */
  rejectsAuthKey() {
    return http.post(MSG91_FLOW_URL, () =>
      HttpResponse.json({ type: 'error', message: 'Authentication failure', code: '418' }, { status: 401 }),
    );
  },
  /** Some errors (an unknown template) come back as HTTP 200 with type "error". */
  rejectsTemplate() {
    return http.post(MSG91_FLOW_URL, () => HttpResponse.json({ type: 'error', message: 'Template ID Missing' }));
  },
  isDown() {
    return http.post(MSG91_FLOW_URL, () => HttpResponse.error());
  },
};
