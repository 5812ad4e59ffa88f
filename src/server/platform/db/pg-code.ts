/**
 * The SQLSTATE of a database error (`23503`, a foreign key violation), wherever in its chain of
 * causes Drizzle and the driver put it; undefined for anything else.
 */
export function pgCode(error: unknown): string | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
