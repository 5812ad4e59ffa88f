import { t } from '@lingui/core/macro';
import { useEffect, useId, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import {
  deviceState,
  deviceSubscription,
  pushSupported,
  subscribeDevice,
  unsubscribeDevice,
  workerRegistration,
} from '../device.ts';

// "Notifications on this device" in Account settings (docs/product.md#push-notifications): turns
// this browser's push subscription on (asking the browser's permission when it was never given)
// or off. Each browser has its own; the switch says what this one does.

type State = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

async function currentState(): Promise<State> {
  if (!pushSupported() || !(await workerRegistration())) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  // On only where the server keeps this browser for this sign-in: a sign-out ends it there, while
  // the browser keeps its own subscription object. Unable to ask (offline), the browser's word.
  const device = await deviceState().catch(async () => ((await deviceSubscription()) ? 'on' : 'none'));
  return device === 'on' ? 'on' : 'off';
}

export function PushSwitch({ className }: { className?: string }) {
  const heading = useId();
  const [state, setState] = useState<State>('checking');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void currentState()
      .catch((): State => 'off')
      .then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async () => {
    setBusy(true);
    try {
      if (state === 'on') {
        await unsubscribeDevice();
        toast.success(t`Notifications are off for this device`);
      } else if (await subscribeDevice()) {
        toast.success(t`Notifications are on for this device`);
      }
      setState(await currentState());
    } catch {
      toast.error(t`Something went wrong. Please try again.`);
    } finally {
      setBusy(false);
    }
  };

  if (state === 'checking') return null;
  return (
    <section aria-labelledby={heading} className={className}>
      <h3 id={heading} className="text-lg font-semibold">{t`Notifications on this device`}</h3>
      <p className="mt-2 text-sm text-base-content/75">
        {state === 'unsupported'
          ? t`This browser cannot show notifications from Laptop Haat.`
          : state === 'blocked'
            ? t`Notifications are blocked for this site in your browser's settings.`
            : t`Hear about your bookings, listings and saved searches here, even with the site closed.`}
      </p>
      {state === 'unsupported' ? null : (
        <label className="mt-3 flex cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            className="toggle toggle-primary"
            checked={state === 'on'}
            aria-checked={state === 'on'}
            disabled={busy || state === 'blocked'}
            onChange={() => void toggle()}
          />
          <span>{t`Notifications on this device`}</span>
        </label>
      )}
    </section>
  );
}
