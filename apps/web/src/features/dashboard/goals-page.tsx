import { DashboardPanel } from './dashboard-panel.tsx';

export const GoalsPage = () => <DashboardPanel section="goals" />;
