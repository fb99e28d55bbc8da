import { describe, expect, it } from 'vitest';

import { errorForLog, loggerOptions, pathForLog } from './logging';

describe('pathForLog', () => {
  it("keeps the path and the query's names, not its values", () => {
    expect(pathForLog('/api/geo/reverse?lat=12.9716&lng=77.5946')).toBe('/api/geo/reverse?lat&lng');
    expect(pathForLog('/api/product/search?q=milk&')).toBe('/api/product/search?q');
    expect(pathForLog('/api/address/abc')).toBe('/api/address/abc');
  });
});

describe('errorForLog', () => {
  it("drops the values a failed query carried, a pg error's detail, and long digit runs", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: '23505',
      detail: 'Key (mobile)=(9876543210) already exists.',
      constraint: 'x',
      parameters: ['Asha Rao'],
    });
    const error = Object.assign(
      new Error('Failed query: insert into "addresses" ("name") values ($1)\nparams: Asha Rao,9876543210,19.1363', {
        cause,
      }),
      { query: 'insert …', params: ['Asha Rao', '9876543210', 19.1363] },
    );
    const logged = errorForLog(error);
    const text = JSON.stringify(logged);
    for (const secret of ['Asha', '9876543210', '19.1363']) expect(text).not.toContain(secret);
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'Failed query: insert into "addresses" ("name") values ($1)\nparams: [not logged]',
      cause: { code: '23505', constraint: 'x', message: 'duplicate key value violates unique constraint "x"' },
    });
    expect(errorForLog(new Error('MSG91 did not accept the message: invalid number 919876543210')).message).toBe(
      'MSG91 did not accept the message: invalid number [digits]',
    );
  });
});

describe('secrets in the log', () => {
  it("never writes the payment gateway's secrets, the JWT secret or credentials", async () => {
    const { default: Fastify } = await import('fastify');
    const lines: string[] = [];
    const app = Fastify({
      logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } },
    });
    const secrets = ['razorpay-key-secret-1234', 'razorpay-webhook-secret-5678', 'j'.repeat(40)];
    const config = {
      jwtSecret: secrets[2],
      payments: {
        provider: 'razorpay',
        keyId: 'rzp_test_1DP5mmOlF5G5ag',
        keySecret: secrets[0],
        webhookSecret: secrets[1],
      },
    };
    app.log.info({ config }, 'started');
    app.log.info({ payments: config.payments }, 'payments ready');
    app.log.info({ request: { headers: { authorization: 'Basic cnpwX3Rlc3Q6c2VjcmV0c2VjcmV0' } } }, 'sent');
    app.log.error(
      { err: new Error('request to https://rzp_test_1DP5mmOlF5G5ag:razorpay-key-secret-1234@api.razorpay.com failed') },
      'failed',
    );
    await app.close();
    const text = lines.join('');
    expect(lines).toHaveLength(4);
    for (const secret of [...secrets, 'cnpwX3Rlc3Q6c2VjcmV0c2VjcmV0']) expect(text).not.toContain(secret);
    // What says which gateway is configured stays.
    expect(text).toContain('rzp_test_1DP5mmOlF5G5ag');
    expect(JSON.parse(lines[0]!).config.payments.keySecret).toBe('[redacted]');
  });

  it('drops credentials from error messages', () => {
    expect(errorForLog(new Error('got 401 for Authorization: Basic cnpwX3Rlc3Q6c2VjcmV0c2VjcmV0')).message).toBe(
      'got 401 for Authorization: Basic [redacted]',
    );
    expect(errorForLog(new Error('Basic checks failed')).message).toBe('Basic checks failed');
  });
});
