/** Activity logs of the admin's users (/data/activity-logs). */
export const activityRoutes = {} as const;
