import { z } from 'zod';

/**
 * A subscriber's custom attributes as the admin and the ingestion API accept them: named values
 * that are short text, a number JavaScript holds exactly, or a yes/no.
 */
export const attributesSchema = z.record(
  z.string().max(50),
  z.union([z.string().max(500), z.number().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER), z.boolean()]),
);
