import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FaRegFlag } from 'react-icons/fa6';
import { useLocation, useNavigate } from 'react-router';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { NETWORK_MESSAGE } from '../../../lib/api-client.ts';
import { loadOnce } from '../../../lib/load-once.ts';
import { paths } from '../../../lib/paths.ts';
import { sessionQuery } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

// The dialog's code (its form, zod and the shared report schema) comes with the first press, while
// the session is asked: a listing page's load does not carry it.
const loadDialog = loadOnce(() => import('./report-dialog.tsx').then((module) => module.ReportDialog));
type ReportDialogComponent = Awaited<ReturnType<typeof loadDialog>>;

export const REPORT_BUTTON_TEXT = {
  get label() {
    return t`Report this listing`;
  },
};

interface ReportListingButtonProps {
  laptopId: string;
  laptopName: string;
}

/**
 * "Report this listing": opens the report dialog for a signed-in user; a signed-out visitor goes to
 * log in and comes back here. Who is looking is asked at the click, so the button renders the same
 * on the server and in the browser (the listing page is rendered once for everyone).
 */
export function ReportListingButton({ laptopId, laptopName }: ReportListingButtonProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [Dialog, setDialog] = useState<ReportDialogComponent>();
  const [checking, setChecking] = useState(false);
  const busy = useRef(false);

  // While the session is asked and the dialog's code comes, the button says it is busy but keeps
  // the focus (a disabled button loses it, and the dialog gives the focus back to what had it).
  async function start() {
    if (busy.current) return;
    busy.current = true;
    setChecking(true);
    const dialog = loadDialog();
    dialog.catch(() => {}); // answered below, once it is known the dialog is wanted
    let signedIn = false;
    try {
      signedIn = Boolean(await queryClient.ensureQueryData(sessionQuery()));
    } catch {
      // Unknown: logging in is the safe way on, and the login page says who is signed in.
    }
    if (!signedIn) {
      busy.current = false;
      setChecking(false);
      navigate(`${paths.login}?${new URLSearchParams({ from: `${pathname}${search}` })}`);
      return;
    }
    try {
      const component = await dialog;
      setDialog(() => component);
    } catch {
      toast.error(translateMessage(NETWORK_MESSAGE));
    } finally {
      busy.current = false;
      setChecking(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm text-base-content/70"
        aria-haspopup="dialog"
        aria-disabled={checking || undefined}
        aria-busy={checking || undefined}
        onClick={() => void start()}
      >
        {checking ? (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        ) : (
          <FaRegFlag aria-hidden="true" />
        )}
        {REPORT_BUTTON_TEXT.label}
      </button>
      {Dialog ? <Dialog laptopId={laptopId} laptopName={laptopName} onClose={() => setDialog(undefined)} /> : null}
    </>
  );
}
