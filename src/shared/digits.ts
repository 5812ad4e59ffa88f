// Numbers as people type them (docs/product.md#numbers): Bangla digits (০–৯) from a Bangla keyboard
// mean what 0–9 do, and a price may come grouped the Bangladeshi way (1,00,000) or the Western way
// (100,000). Every numeric field, on the server and in the forms, reads its input through these.

const BANGLA_ZERO = '০'.charCodeAt(0);

/** The string with each Bangla digit replaced by its Latin one; nothing else changes. */
export function latinDigits(input: string): string {
  return input.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - BANGLA_ZERO));
}

/** Digit groups separated by commas, lakh style (1,00,000) or thousands style (100,000). */
const GROUPED = /^-?\d{1,3}(,\d{2,3})+(\.\d+)?$/;
const PLAIN = /^-?\d+(\.\d+)?$/;

/**
 * A number typed into a form or a query string, or the input unchanged when it is not one (so the
 * schema names the field in its own message). Blank stays blank for the caller to decide.
 */
export function parseTypedNumber(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  const text = latinDigits(input).trim();
  if (PLAIN.test(text)) return Number(text);
  if (GROUPED.test(text)) return Number(text.replaceAll(',', ''));
  return input;
}
