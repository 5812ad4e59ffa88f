import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FaRegFlag } from 'react-icons/fa6';
import { useLocation, useNavigate } from 'react-router';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { NETWORK_MESSAGE } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { sessionQuery } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

// The dialog's code (its form, zod and the shared report schema) comes with the first press, while
// the session is asked: a listing page's load does not carry it.
const loadDialog = () => import('./report-dialog.tsx').then((module) => module.ReportDialog);
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

  async function start() {
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
      setChecking(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm text-base-content/70"
        aria-haspopup="dialog"
        disabled={checking}
        onClick={() => void start()}
      >
        <FaRegFlag aria-hidden="true" />
        {REPORT_BUTTON_TEXT.label}
      </button>
      {Dialog ? <Dialog laptopId={laptopId} laptopName={laptopName} onClose={() => setDialog(undefined)} /> : null}
    </>
  );
}
