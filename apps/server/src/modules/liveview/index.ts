/** What happens in the store now: the live stream, shopper actions, a shopper's profile. */
export { liveviewRoutes } from './routes.ts';
export { endLiveStreams } from './open-streams.ts';
