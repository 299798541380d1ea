/**
 * Smart Send (/automation): the flows with their switches and AI management, the flow list and
 * a flow's report. Each page waits for Smart Send's strings, which load with it.
 */
import { AutomationHomePage as Home } from './pages/automation-home-page.tsx';
import { StrategyListPage as List } from './pages/strategy-list-page.tsx';
import { StrategyReportPage as Report } from './pages/strategy-report-page.tsx';
import { withAutomationStrings } from './load-automation-strings.ts';

export const AutomationHomePage = withAutomationStrings(Home);
export const StrategyListPage = withAutomationStrings(List);
export const StrategyReportPage = withAutomationStrings(Report);
export { withAutomationStrings } from './load-automation-strings.ts';
export { loadAutomationStrings } from './load-automation-strings.ts';
export { flowText } from './flow-text.ts';
