import type { IconType } from 'react-icons';
import { BiSupport } from 'react-icons/bi';
import { BsPatchCheckFill } from 'react-icons/bs';
import { FaTruckMoving } from 'react-icons/fa';
import { RiTeamFill } from 'react-icons/ri';
import type { ServiceIcon as ServiceIconName } from '../../../../shared/catalog.ts';

const icons: Record<ServiceIconName, IconType> = { RiTeamFill, BiSupport, BsPatchCheckFill, FaTruckMoving };

export function ServiceIcon({ name }: { name: ServiceIconName }) {
  // An unknown name from a newer server must not crash the page; the card reads fine without it.
  const Icon = icons[name] as IconType | undefined;
  if (!Icon) return null;
  return (
    <span
      className="grid size-14 place-items-center rounded-full bg-primary text-2xl text-primary-content"
      aria-hidden="true"
    >
      <Icon focusable="false" />
    </span>
  );
}
