import { DashboardPanel } from './dashboard-panel.tsx';

export const OverviewPage = () => <DashboardPanel section="overview" />;
