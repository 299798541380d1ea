/** The marketing calendar: plans, the market's holidays, a plan that starts a Segment Send. */
export { calendarRoutes } from './routes.ts';
