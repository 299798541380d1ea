import { withOverviewStrings } from './overview/load-overview-strings.ts';
import { OverviewView } from './overview/overview-view.tsx';

export const OverviewPage = withOverviewStrings(OverviewView);
