/** True for PostgreSQL's unique violation (23505), as thrown by the driver or wrapped by drizzle. */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';
