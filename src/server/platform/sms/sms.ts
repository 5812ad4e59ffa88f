// SMS out (docs/product.md#phone-verification): through the gateway SMS_GATEWAY_URL names
// (required in production), or outside production without one, a stand-in that keeps the messages
// in memory for the /dev/sms page, so that `npm start` verifies a phone with no network.

export interface Sms {
  /** The number in international form without the plus: 8801XXXXXXXXX. */
  to: string;
  text: string;
}

export interface KeptSms extends Sms {
  at: Date;
}

export interface SmsSender {
  /** Resolves once the gateway has taken the message; rejects with SmsFailed when it has not. */
  send(sms: Sms): Promise<void>;
  /** The messages kept in memory, newest first: only the stand-in has any. */
  readonly kept: readonly KeptSms[] | undefined;
}

/** The gateway did not take a message (after its one retry). */
export class SmsFailed extends Error {
  override name = 'SmsFailed';
}
