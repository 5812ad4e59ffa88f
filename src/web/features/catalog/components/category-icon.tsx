import type { IconType } from 'react-icons';
import { FaGamepad, FaGem, FaLaptop } from 'react-icons/fa';
import type { Category } from '../../../../shared/catalog.ts';

const icons: Record<Category, IconType> = { casual: FaLaptop, gaming: FaGamepad, premium: FaGem };

export function CategoryIcon({ category }: { category: Category }) {
  const Icon = icons[category];
  return (
    <span className="grid size-12 place-items-center rounded-xl bg-primary/10 text-2xl text-primary" aria-hidden="true">
      <Icon focusable="false" />
    </span>
  );
}
