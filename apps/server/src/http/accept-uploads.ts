import multipart from '@fastify/multipart';
import { LIMITS } from '@storecast/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Multipart bodies for the whole API, registered once here rather than by whichever module
 * uploads first. Every upload is one file in a small form; each route passes its own size limit
 * to `req.file()`, so the default below is only the smallest upload's.
 */
export async function acceptUploads(api: FastifyInstance) {
  await api.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 5, parts: 6 } });
}
