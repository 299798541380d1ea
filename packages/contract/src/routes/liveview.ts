/** The shopper action stream (/dashboard/user-action) and a shopper's profile (/people/ukey-info). */
export const liveviewRoutes = {} as const;
