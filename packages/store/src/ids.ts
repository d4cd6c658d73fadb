/**
 * The tables' ids are bigints: a string that is not one names no row, and must not reach Postgres
 * (it would fail the whole statement instead of matching nothing).
 */
export const isId = (id: string): boolean => /^\d{1,18}$/.test(id);
