import { useId } from 'react';
import { useBlockedPeople } from '../api/use-conversations.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';
import { UnblockButton } from './block-controls.tsx';

/** The people the reader blocked, each with Unblock; nothing while there are none (or they cannot be read). */
export function BlockedPeople() {
  const blocked = useBlockedPeople();
  const headingId = useId();
  const people = blocked.data ?? [];
  if (people.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h3 id={headingId} className="text-lg font-semibold">
        {T.blockedPeople}
      </h3>
      <p className="mb-3 text-sm text-base-content/70">{T.blockedPeopleHint}</p>
      <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
        {people.map((person) => (
          <li key={person._id} className="flex items-center justify-between gap-3 p-3">
            <span className="min-w-0 truncate" translate="no">
              {person.name}
            </span>
            <UnblockButton person={person} short />
          </li>
        ))}
      </ul>
    </section>
  );
}
