import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  internationalBdMobile,
  phoneOtpAnswerSchema,
  phoneOtpBodySchema,
  phoneVerifiedAnswerSchema,
  phoneVerifyBodySchema,
} from '../../../shared/phone.ts';
import { callerLocale } from '../../platform/http/language.ts';
import { perAddress, tooMany } from '../../platform/http/rate-limits.ts';
import { createSmsSender } from '../../platform/sms/create-sender.ts';
import { keptSmsPage } from '../../platform/sms/kept-messages.ts';
import type { SmsSender } from '../../platform/sms/sms.ts';
import { signedIn } from '../auth/access.ts';
import { sendPhoneCode, verifyPhoneCode } from './phone.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** SMS out: the configured gateway, or outside production the stand-in /dev/sms shows. */
    sms: SmsSender;
  }
}

const HOUR_MS = 60 * 60_000;
/** Checks of codes per user a minute: far more than a person types, far too few to guess 10^6. */
export const CODE_CHECKS_PER_MINUTE = 20;

/** The SMS sender, decorated before the routes; `/dev/sms` shows the stand-in's messages. */
export function registerSms(app: FastifyInstance, sender: SmsSender = createSmsSender(app.config)) {
  app.decorate('sms', sender);
  if (sender.kept) {
    app.get('/dev/sms', (_request, reply) =>
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(keptSmsPage(sender)),
    );
  }
}

// Phone verification by SMS (docs/product.md#phone-verification). Sends are limited per number
// (keyed by the number as stored) and per client address, PHONE_CODES_PER_HOUR each, in the shared
// counters (Redis when configured): each SMS costs money and lands on someone's phone. A refused
// send costs nothing and says when to come back (429 + Retry-After).
export const phoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const perHour = app.config.phoneCodesPerHour;
  const limits = [
    app.createRateLimit({ ...perAddress(perHour, 'phone-code'), timeWindow: HOUR_MS }),
    app.createRateLimit({
      max: perHour,
      timeWindow: HOUR_MS,
      keyGenerator: (request: FastifyRequest) =>
        `phone-code:number:${internationalBdMobile((request.body as { phone: string }).phone)}`,
    }),
  ];

  app.post(
    '/phone/otp',
    {
      schema: { body: phoneOtpBodySchema, response: { 202: phoneOtpAnswerSchema } },
      config: { access: 'signedIn' },
    },
    async (request, reply) => {
      for (const limit of limits) {
        const counted = await limit(request);
        if (!counted.isAllowed && counted.isExceeded) {
          const seconds = Math.max(1, counted.ttlInSeconds);
          reply.header('retry-after', String(seconds));
          throw tooMany(seconds);
        }
      }
      const answer = await sendPhoneCode({
        db: app.db,
        actor: signedIn(request),
        secret: app.config.authSecret,
        now: new Date(),
        sms: app.sms,
        locale: callerLocale(request.raw),
        phone: request.body.phone,
        onSmsFailure: (error) =>
          request.log.warn(
            { cause: (error as Error).message },
            'could not send a phone code: the SMS gateway did not take it (tried twice)',
          ),
      });
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/phone/verify',
    {
      schema: { body: phoneVerifyBodySchema, response: { 200: phoneVerifiedAnswerSchema } },
      // A verified phone shows on the caller's listings (the listing page's mark).
      config: {
        access: 'signedIn',
        invalidates: ['laptops'],
        rateLimit: { max: CODE_CHECKS_PER_MINUTE, timeWindow: 60_000, keyGenerator: checksKey },
      },
    },
    (request) =>
      verifyPhoneCode({
        db: app.db,
        actor: signedIn(request),
        secret: app.config.authSecret,
        now: new Date(),
        phone: request.body.phone,
        code: request.body.code,
      }),
  );
};

const checksKey = (request: FastifyRequest) => `phone-check:user:${request.actor?.id ?? ''}`;
