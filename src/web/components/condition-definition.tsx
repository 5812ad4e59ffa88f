import { t } from '@lingui/core/macro';
import { CONDITIONS, type Condition } from '../../shared/catalog.ts';
import { batteryFitsCondition, CONDITION_MIN_BATTERY } from '../../shared/conditions.ts';
import { parseTypedNumber } from '../../shared/digits.ts';
import { conditionName } from '../i18n/labels.ts';
import { formatCount } from '../lib/format.ts';

// What each condition grade means (docs/product.md#conditions), in the page's language: the
// listing page shows it beside the grade, the listing form under the seller's choice. The lowest
// battery health of each grade is src/shared/conditions.ts's.

/** '85%' (or '৮৫%' on a Bangla page). */
const percent = (value: number) => `${formatCount(value)}%`;

/** The grade in one line: 'Looks almost new; works like new.' */
export function conditionSummary(condition: Condition): string {
  switch (condition) {
    case 'excellent':
      return t`Looks almost new and works like new.`;
    case 'good':
      return t`Light signs of use; works fully.`;
    case 'fair':
      return t`Visible wear; works fully.`;
  }
}

/** What the grade promises for the screen, the body, the keyboard and the battery. */
export function conditionParts(condition: Condition): { part: string; text: string }[] {
  const min = percent(CONDITION_MIN_BATTERY[condition]);
  const battery = { part: t`Battery`, text: t`Health ${min} or more of new.` };
  switch (condition) {
    case 'excellent':
      return [
        { part: t`Screen`, text: t`No scratches, no dead pixels.` },
        { part: t`Body`, text: t`No visible scratches or dents.` },
        { part: t`Keyboard`, text: t`Every key and the touchpad work; no worn keys.` },
        battery,
      ];
    case 'good':
      return [
        { part: t`Screen`, text: t`No cracks or dead pixels; fine scratches seen only with the screen off.` },
        { part: t`Body`, text: t`Light signs of use: small scuffs or scratches, no cracks or dents.` },
        { part: t`Keyboard`, text: t`Every key and the touchpad work; keys may look a little worn.` },
        battery,
      ];
    case 'fair':
      return [
        { part: t`Screen`, text: t`Visible scratches or marks; no cracks, the whole picture shows.` },
        { part: t`Body`, text: t`Visible wear: scratches, scuffs or small dents; hinges hold firm.` },
        { part: t`Keyboard`, text: t`Every key and the touchpad work; keys may be worn or shiny.` },
        battery,
      ];
  }
}

/** The grade's summary and its four parts, as a short list. */
export function ConditionDefinition({ condition, className = '' }: { condition: Condition; className?: string }) {
  return (
    <div className={`text-sm ${className}`} data-testid={`condition-${condition}`}>
      <p>{conditionSummary(condition)}</p>
      <ul className="mt-1 grid gap-0.5 text-base-content/80">
        {conditionParts(condition).map(({ part, text }) => (
          <li key={part}>
            <span className="font-medium text-base-content">{part}:</span> {text}
          </li>
        ))}
      </ul>
    </div>
  );
}

const isCondition = (value: string): value is Condition => (CONDITIONS as readonly string[]).includes(value);

/**
 * Under the listing form's condition: what the chosen grade means, and every grade's meaning on
 * demand, so the seller picks the one that fits.
 */
export function ConditionChoiceHelp({ id, condition }: { id: string; condition: string }) {
  return (
    <div id={id} className="grid gap-2 sm:col-span-2">
      {isCondition(condition) ? (
        <ConditionDefinition condition={condition} className="rounded-box bg-base-200 p-3" />
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-base-content/80">{t`What each condition means`}</summary>
        <dl className="mt-2 grid gap-2">
          {CONDITIONS.map((grade) => (
            <div key={grade}>
              <dt className="font-semibold">{conditionName(grade)}</dt>
              <dd>
                <ConditionDefinition condition={grade} />
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}

/** Where a seller reads their battery's health, on Windows and on a Mac. */
export function batteryHealthHowTo(): string {
  const command = 'powercfg /batteryreport';
  const full = formatCount(42_000);
  const design = formatCount(50_000);
  const health = percent(84);
  return t`Windows: type ${command} in Command Prompt, open the report it saves and divide FULL CHARGE CAPACITY by DESIGN CAPACITY (e.g. ${full} of ${design} mWh is ${health}). Mac: System Settings → Battery → Battery Health, or System Information → Power → Maximum Capacity.`;
}

/**
 * A gentle word when the battery health given is below what the chosen grade promises (excellent
 * with 60%): the seller may lower the grade or check the number; the form still sends.
 */
export function BatteryConditionHint({ condition, batteryHealth }: { condition: string; batteryHealth: string }) {
  const health = parseTypedNumber(batteryHealth);
  if (!isCondition(condition) || typeof health !== 'number' || !Number.isInteger(health) || health < 0 || health > 100)
    return null;
  if (batteryFitsCondition(condition, health)) return null;
  const grade = conditionName(condition);
  const min = percent(CONDITION_MIN_BATTERY[condition]);
  const given = percent(health);
  return (
    <p role="status" className="text-sm text-warning-content bg-warning/20 rounded-box px-2 py-1">
      {t`${grade} means a battery health of ${min} or more; ${given} fits a lower grade. Please check the number or the condition.`}
    </p>
  );
}
