/**
 * A UUID as PostgreSQL writes it, in any letter case. Ids reach the server from query strings,
 * bodies and file names; one that is not a UUID cannot name a row, and checking first keeps
 * PostgreSQL from refusing the query with a type error (a 500) instead of "not found".
 */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID = new RegExp(`^${UUID_SOURCE}$`, 'i');

export const isUuid = (value: string) => UUID.test(value);
