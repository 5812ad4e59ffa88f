import type { Condition } from './catalog.ts';

// What each condition grade promises (docs/product.md#conditions): the lowest battery health it
// allows, in % of the battery's design capacity. The words for screen, body, keyboard and battery
// are the web's, in both languages (features/catalog/components/condition-definition.tsx); the
// numbers are these, so the definitions, the form's hint and the docs cannot drift apart.
export const CONDITION_MIN_BATTERY: Record<Condition, number> = {
  excellent: 85,
  good: 75,
  fair: 60,
};

/**
 * Whether a battery health fits the grade a seller chose: `false` when it is below what the grade
 * promises (excellent at 60 %), `true` otherwise, or when either is not given.
 */
export function batteryFitsCondition(condition: Condition | undefined, batteryHealth: number | undefined): boolean {
  if (condition === undefined || batteryHealth === undefined) return true;
  return batteryHealth >= CONDITION_MIN_BATTERY[condition];
}
