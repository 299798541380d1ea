import { DashboardPanel } from './dashboard-panel.tsx';

export const LiveviewPage = () => <DashboardPanel section="liveview" />;
