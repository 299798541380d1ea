export * as schema from './schema/index.ts';
export * from './schema/index.ts';
export * from './client.ts';
export * from './pglite-image.ts';
export * from './scope.ts';
