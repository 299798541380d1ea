import { z } from 'zod';

/**
 * An ISO 8601 time with its offset, as the API takes it. The format allows year 0000, and an
 * early time with a positive offset falls into year 0 in UTC; PostgreSQL refuses both written as
 * ISO, so they are refused here with a message instead of failing the write.
 */
export const isoDateTimeSchema = (error = 'errors.common.format') =>
  z.iso
    .datetime({ offset: true, error })
    .max(40, { error })
    .refine((s) => new Date(s).getUTCFullYear() >= 1, { error });
