/** Goals and the overview from the daily rollups (/dashboard/goals, /dashboard/overview, /data/order-money, /data/subscribe). */
export const dashboardRoutes = {} as const;
