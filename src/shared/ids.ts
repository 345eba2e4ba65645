const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a string PostgreSQL reads as a uuid. Checked before a query, so an id that cannot be
 * one is simply not found (404), never a 500.
 */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
