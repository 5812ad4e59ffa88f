import { withPageMessages } from '../../i18n/i18n.ts';

// What a page calls after something worth hearing about later (a booking, a saved search): the
// question and everything behind it download only then (docs/product.md#push-notifications).

const load = withPageMessages(() => import('./ask-for-push.tsx'));

/** Offers notifications on this device, when the browser can and has not been asked. */
export function askForPushLater(): void {
  load()
    .then((module) => module.askForPush())
    .catch(() => {
      // Could not load (offline): asked another time.
    });
}
