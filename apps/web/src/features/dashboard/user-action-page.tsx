import { DashboardPanel } from './dashboard-panel.tsx';

export const UserActionPage = () => <DashboardPanel section="userAction" />;
