import type { Config } from '../config.ts';
import { httpGateway } from './http-gateway.ts';
import { keptMessages } from './kept-messages.ts';
import { SmsFailed, type SmsSender } from './sms.ts';

/** The gateway the configuration names; outside production without one, the stand-in. */
export function createSmsSender(config: Pick<Config, 'env' | 'sms'>): SmsSender {
  if (config.sms) return httpGateway(config.sms);
  if (config.env === 'production') {
    // loadConfig refuses production without a gateway; a hand-built config still never keeps codes.
    return {
      kept: undefined,
      send: () => Promise.reject(new SmsFailed('SMS_GATEWAY_URL is not set: SMS cannot be sent in production')),
    };
  }
  return keptMessages();
}
