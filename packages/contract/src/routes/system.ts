import { z } from 'zod';
import { defineRoute } from './define-route.ts';

/** Public settings the admin needs before sign-in, such as the old-version notice. */
export const appConfigSchema = z.object({
  sunset: z
    .object({
      /** ISO date the old version shuts down. */
      date: z.string(),
      /** Address of the new version. */
      url: z.string(),
      /** Query parameter that keeps the user here instead of redirecting. */
      stay_param: z.string(),
    })
    .nullable(),
  /** The product's own hosts: links to them open in the same tab. */
  own_hosts: z.array(z.string()),
  /** Stores that may see internal tools such as the pop-up template manager. */
  internal_shop_ids: z.array(z.string()),
  /** External help centre and online support addresses (empty: the built-in help centre). */
  help_url: z.string(),
  support_url: z.string(),
  /** Address the built-in support page offers for writing to the operator (empty: none set). */
  support_email: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const systemRoutes = {
  health: defineRoute({
    method: 'GET', path: '/health', access: 'public', tag: 'system',
    summary: 'Liveness and database reachability',
    data: z.object({ status: z.literal('ok'), db: z.string(), role: z.string(), version: z.string() }),
  }),
  appConfig: defineRoute({
    method: 'GET', path: '/app-config', access: 'public', tag: 'system',
    summary: 'Public configuration of the admin app', data: appConfigSchema,
  }),
} as const;
