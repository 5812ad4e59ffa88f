import { t } from '@lingui/core/macro';
import { useId, useLayoutEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from '../../lib/toast.ts';
import { deviceState, pushSupported, subscribeDevice, workerRegistration } from './device.ts';

// Asking for notifications (docs/product.md#push-notifications): never on load, only after something
// a person would want to hear about (a booking, a saved search), and first in our own words: the
// browser's own question comes only after Allow, so a "Not now" leaves it unasked for later. "Not
// now" is remembered on this device for 30 days. Pages beyond the first load call it (the pages
// where one books, the search page); it never rides in the first load.

export const NOT_NOW_KEY = 'push-not-now';
export const NOT_NOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

function saidNotNowLately(): boolean {
  try {
    const at = Number(localStorage.getItem(NOT_NOW_KEY));
    return Number.isFinite(at) && at > 0 && Date.now() - at < NOT_NOW_DAYS * DAY_MS;
  } catch {
    return false;
  }
}

function rememberNotNow(): void {
  try {
    localStorage.setItem(NOT_NOW_KEY, String(Date.now()));
  } catch {
    // Private mode without storage: asked again next time.
  }
}

/**
 * Whether to ask here: a browser that can, a service worker in place, and a question not yet
 * answered, or answered Allow in a sign-in that has ended since (signing out ends the device's
 * subscription on the server; the browser keeps its own, so no browser question comes again).
 */
async function mayAsk(): Promise<boolean> {
  if (!pushSupported() || Notification.permission === 'denied' || saidNotNowLately()) return false;
  if ((await workerRegistration()) === undefined) return false;
  return Notification.permission === 'default' || (await deviceState()) === 'ended';
}

/** Our question; resolves once it is answered (or closed). Never fails: asking is only an offer. */
export async function askForPush(): Promise<void> {
  if (!(await mayAsk().catch(() => false))) return;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await new Promise<void>((done) => {
    const close = () => {
      root.unmount();
      host.remove();
      done();
    };
    root.render(
      <PushPrompt
        onAllow={() => {
          close();
          subscribeDevice()
            .then((on) => {
              if (on) toast.success(t`Notifications are on for this device`);
            })
            .catch(() => toast.error(t`Notifications could not be turned on. Try again from Account settings.`));
        }}
        onNotNow={() => {
          rememberNotNow();
          close();
        }}
      />,
    );
  });
}

/**
 * The question, over the page's corner. It takes the focus when it appears, so that a keyboard or
 * screen reader user hears it and answers it where they are; Escape is "Not now".
 */
export function PushPrompt({ onAllow, onNotNow }: { onAllow: () => void; onNotNow: () => void }) {
  const heading = useId();
  const box = useRef<HTMLDivElement>(null);
  // In the commit that shows it (a passive effect ran a moment after: a test under load found the
  // question on screen before it had the focus). Only ever rendered in the browser (askForPush).
  useLayoutEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      role="dialog"
      tabIndex={-1}
      aria-labelledby={heading}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onNotNow();
      }}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-box bg-base-100 p-4 shadow-lg sm:inset-x-auto sm:right-4"
    >
      <p id={heading} className="font-semibold">
        {t`Get a notification on this device when something happens to your bookings or saved searches, even with this page closed?`}
      </p>
      <div className="mt-3 flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onNotNow}>
          {t`Not now`}
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={onAllow}>
          {t`Allow`}
        </button>
      </div>
    </div>
  );
}
