import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { AppConfig } from '../../../config';
import { discardChallenge, openChallenge, verifyChallenge, type VerifyResult } from '../../../db/auth/otp';
import {
  AUTH_MESSAGES,
  clientNetwork,
  e164,
  generateOtp,
  hashOtp,
  maskMobile,
  normaliseMobile,
  OTP_PREFIX_DIGITS,
  otpSmsText,
  parseOtp,
} from '../../../domain/auth';
import { VerifyGuard } from '../../../domain/verify-guard';
import { apiError, badRequest } from '../../../errors';
import { ErrorResponse } from '../../../schemas/common';
import { OtpRequestBody, OtpRequestResponse, SignInResponse, VerifyOtpBody } from '../../../schemas/customer';
import { SmsError } from '../../../sms/types';
import { startSession } from './start-session';
import { rawField } from './sent-body';

const tags = ['customer'];

/** Sends the code; an undelivered one is discarded (it must not stay usable, nor count). */
async function deliverCode(
  app: FastifyInstance,
  config: AppConfig,
  request: FastifyRequest,
  sent: { mobile: string; code: string; challengeId: string; budgetStart: Date },
) {
  try {
    await app.sms.send(
      {
        to: e164(sent.mobile),
        text: otpSmsText(sent.code, config.publicHost, config.otpTtlSeconds),
        vars: { otp: sent.code, host: config.publicHost },
      },
      request.log,
    );
    app.metrics.otpSent.inc({ provider: app.sms.name });
  } catch (error) {
    app.metrics.otpFailed.inc({
      provider: app.sms.name,
      reason: error instanceof SmsError ? error.kind : 'error',
    });
    request.log.error({ err: error, provider: app.sms.name }, 'the OTP SMS was not sent');
    const challenge = { ...sent, enforced: config.otpLimits.enforced };
    await discardChallenge(app.database.db, challenge).catch((discardError: unknown) =>
      request.log.error({ err: discardError }, 'could not discard an undelivered OTP challenge'),
    );
    const unavailable = error instanceof SmsError && error.kind === 'unavailable';
    throw apiError(unavailable ? 'SMS_UNAVAILABLE' : 'SMS_FAILED', AUTH_MESSAGES.smsFailed);
  }
}

/** The error a code that did not sign in answers with. */
function verifyFailure(result: Exclude<VerifyResult, { outcome: 'signed-in' }>, config: AppConfig, now: Date) {
  switch (result.outcome) {
    case 'missing':
    case 'consumed':
    case 'expired':
      return apiError('OTP_EXPIRED', AUTH_MESSAGES.otpExpired);
    case 'exhausted': {
      // When the shopper may ask for the new code this message tells them to get.
      const resendAt = result.requestedAt.getTime() + config.otpLimits.resendSeconds * 1000;
      const wait = Math.max(0, Math.ceil((resendAt - now.getTime()) / 1000));
      return apiError('OTP_LOCKED', AUTH_MESSAGES.otpTooManyAttempts, { 'Retry-After': String(wait) });
    }
    case 'wrong':
      return apiError('OTP_INVALID', AUTH_MESSAGES.otpWrong);
  }
}

/** Sign-in with a one-time code: asking for one, and checking it. */
const codeRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const { db } = app.database;
  // Checks of one number run one at a time per process, and a locked code is refused from memory:
  // 150 checks at once for one number take one pool connection, not the pool (decision 024).
  const guard = new VerifyGuard();

  app.post(
    '/api/customer/public',
    {
      attachValidation: true,
      schema: {
        operationId: 'requestOtp',
        tags,
        summary: 'Send a one-time code to a mobile number',
        description:
          'Answers the same whether or not the number has an account. One code per number every 30 s ' +
          `(429 with Retry-After), at most ${config.otpLimits.perNumberPerHour} an hour and ` +
          `${config.otpLimits.perNumberPerDay} a day per number, ${config.otpLimits.perIpPerHour} an hour per client address; ` +
          `at most ${config.otpLimits.perPrefixPerHour} codes a clock hour to numbers sharing their first ` +
          `${OTP_PREFIX_DIGITS} digits and ${config.otpLimits.perHour} in all.`,
        body: OtpRequestBody,
        response: {
          200: OtpRequestResponse,
          400: ErrorResponse,
          415: ErrorResponse,
          429: ErrorResponse,
          502: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request) => {
      const parsed = normaliseMobile(rawField(request, 'mobile'));
      if (!parsed.ok) throw badRequest(parsed.message);
      const { mobile } = parsed;
      const code = generateOtp();
      const opened = await openChallenge(db, {
        mobile,
        ip: clientNetwork(request.ip),
        limits: config.otpLimits,
        now: app.clock.now(),
        ttlSeconds: config.otpTtlSeconds,
        exclusive: app.database.kind === 'pglite',
        hashFor: (challengeId) => hashOtp(app.auth.otpKey, challengeId, mobile, code),
      });
      if (!opened.ok) {
        const { decision } = opened;
        if (decision.allowed) throw new Error('unreachable: an allowed request always opens a challenge');
        request.log.info({ reason: decision.reason }, 'OTP request refused by a limit');
        throw apiError('RATE_LIMITED', decision.message, { 'Retry-After': String(decision.retryAfterSeconds) });
      }
      // Once per clock hour across every process: the request that spends a budget's last code.
      for (const reached of opened.reached) {
        request.log.warn(
          reached,
          reached.budget === 'prefix'
            ? 'OTP budget for a number prefix reached: more codes to it are refused until the hour ends'
            : 'OTP budget for all numbers reached: more codes are refused until the hour ends',
        );
      }
      guard.forget(mobile);
      const { challengeId, budgetStart } = opened;
      await deliverCode(app, config, request, { mobile, code, challengeId, budgetStart });
      return {
        success: true as const,
        message: AUTH_MESSAGES.otpSent,
        data: { mobile: maskMobile(mobile), expiresIn: config.otpTtlSeconds, resendIn: config.otpLimits.resendSeconds },
      };
    },
  );

  app.post(
    '/api/customer/public/verify',
    {
      attachValidation: true,
      schema: {
        operationId: 'verifyOtp',
        tags,
        summary: 'Check a one-time code and sign in',
        description:
          'Signs the customer in (creating the account on first sign-in): the session token in the body and ' +
          'as cookies `_auth`, `_auth_type`, `_auth_state`, plus `_auth_refresh` when refresh is on. A code is ' +
          'valid for 5 minutes and survives 4 wrong tries; the 5th wrong try ends it (429). A check sent while ' +
          'another for the same number is still running is refused at once (429, Retry-After: 1).',
        body: VerifyOtpBody,
        response: {
          200: SignInResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          410: ErrorResponse,
          415: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const mobile = normaliseMobile(rawField(request, 'mobile'));
      if (!mobile.ok) throw badRequest(mobile.message);
      const otp = parseOtp(rawField(request, 'otp'));
      if (!otp.ok) throw badRequest(otp.message);
      const now = app.clock.now();
      const lockedSince = guard.lockedSince(mobile.mobile, now.getTime());
      if (lockedSince) throw verifyFailure({ outcome: 'exhausted', requestedAt: lockedSince }, config, now);
      if (!guard.start(mobile.mobile)) {
        throw apiError('RATE_LIMITED', AUTH_MESSAGES.otpCheckRunning, { 'Retry-After': '1' });
      }
      let result: VerifyResult;
      try {
        result = await verifyChallenge(db, { mobile: mobile.mobile, code: otp.otp, key: app.auth.otpKey, now });
      } finally {
        guard.finish(mobile.mobile);
      }
      if (result.outcome === 'exhausted' && config.otpLimits.enforced) {
        // No process can send this number a new code before the resend wait ends: until then the
        // lock holds everywhere.
        const untilMs = result.requestedAt.getTime() + config.otpLimits.resendSeconds * 1000;
        guard.rememberLocked(mobile.mobile, result.requestedAt, untilMs);
      }
      if (result.outcome !== 'signed-in') throw verifyFailure(result, config, app.clock.now());
      return startSession(app, request, reply, result, AUTH_MESSAGES.loginSuccessful);
    },
  );
};

export default codeRoutes;
