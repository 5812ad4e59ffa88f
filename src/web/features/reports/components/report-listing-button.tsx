import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { FaRegFlag } from 'react-icons/fa6';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { sessionQuery } from '../../../lib/session.ts';

// The dialog's code (its form, zod and the shared report schema) comes with the first press, while
// the session is asked: a listing page's load does not carry it.
const loadDialog = () => import('./report-dialog.tsx');
const ReportDialog = lazy(() => loadDialog().then((module) => ({ default: module.ReportDialog })));

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
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);

  async function start() {
    setChecking(true);
    void loadDialog().catch(() => {});
    let signedIn = false;
    try {
      signedIn = Boolean(await queryClient.ensureQueryData(sessionQuery()));
    } catch {
      // Unknown: logging in is the safe way on, and the login page says who is signed in.
    } finally {
      setChecking(false);
    }
    if (signedIn) setOpen(true);
    else navigate(`${paths.login}?${new URLSearchParams({ from: `${pathname}${search}` })}`);
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
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog laptopId={laptopId} laptopName={laptopName} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
