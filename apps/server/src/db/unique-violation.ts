/**
 * The name of the unique constraint a failed insert or update hit, or null for any other error.
 * Checks before writes leave a window (password hashing sits inside it), so the database's
 * unique index has the last word; callers turn its refusal into the same answer as the check.
 * Drizzle wraps the driver's error, so the `cause` chain is followed; node-postgres and PGlite
 * both report SQLSTATE 23505 with the constraint's name.
 */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
