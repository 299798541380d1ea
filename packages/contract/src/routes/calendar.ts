/** The marketing calendar's plans and the holidays of the store's market. */
export const calendarRoutes = {} as const;
