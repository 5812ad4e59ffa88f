import { SmsFailed, type SmsSender } from './sms.ts';

// The generic gateway: `POST {url}` with `Authorization: Bearer {token}` and JSON `{ to, text }`;
// any 2xx answer means it took the message. A failure (no answer in time, a network error, any
// other status) is tried once more at once: a gateway's brief hiccup should not cost the user a
// send of their hourly three. A second failure is the caller's to report (503).

/** How long one attempt may take: a user is waiting on the form. */
export const SMS_TIMEOUT_MS = 8_000;

export function httpGateway(
  { url, token }: { url: string; token: string },
  fetchImpl: typeof fetch = fetch,
): SmsSender {
  async function attempt(body: string) {
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
    });
    // Read (and drop) the body so the connection can be reused.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new SmsFailed(`the SMS gateway answered ${res.status}`);
  }
  return {
    kept: undefined,
    async send({ to, text }) {
      const body = JSON.stringify({ to, text });
      try {
        await attempt(body);
      } catch {
        try {
          await attempt(body);
        } catch (error) {
          throw error instanceof SmsFailed
            ? error
            : new SmsFailed(`the SMS gateway could not be reached: ${(error as Error).message}`);
        }
      }
    },
  };
}
