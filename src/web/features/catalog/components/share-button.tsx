import { t } from '@lingui/core/macro';
import { FaShareNodes } from 'react-icons/fa6';
import { toast } from '../../../lib/toast.ts';

export interface ShareButtonProps {
  title: string;
  text: string;
  /** The page's canonical address. */
  url: string;
  className?: string;
}

/**
 * Share: the phone's share sheet where the browser has one (`navigator.share`), otherwise the link
 * copied to the clipboard. A share the person cancels is left at that.
 */
export function ShareButton({ title, text, url, className = '' }: ShareButtonProps) {
  const onClick = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        // Refused (no user gesture left, a policy): copying still works.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t`Link copied`);
    } catch {
      toast.error(t`Could not copy the link. Copy it from the address bar.`);
    }
  };
  return (
    // 44 px high on phones: a thumb's target (the desktop keeps daisyUI's size).
    <button type="button" className={`btn btn-outline max-sm:h-11 ${className}`} onClick={() => void onClick()}>
      <FaShareNodes aria-hidden="true" />
      {t`Share`}
    </button>
  );
}
