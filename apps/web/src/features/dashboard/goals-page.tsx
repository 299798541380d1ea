import { GoalsView } from './goals/goals-view.tsx';
import { withOverviewStrings } from './overview/load-overview-strings.ts';

export const GoalsPage = withOverviewStrings(GoalsView);
