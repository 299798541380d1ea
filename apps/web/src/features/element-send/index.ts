/**
 * Element Send (/element): six products, each e-mailed to the shoppers matched to it. The home
 * (sends | products), the four wizard steps and the report. Each page waits for Element Send's
 * strings, which load with it.
 */
import { ConfirmPage } from './pages/confirm-page.tsx';
import { ContentPage } from './pages/content-page.tsx';
import { ElementSendHome as Home } from './pages/element-send-home.tsx';
import { MatchingPage } from './pages/matching-page.tsx';
import { ProductsPage } from './pages/products-page.tsx';
import { ReportPage } from './pages/report-page.tsx';
import { withElementStrings } from './load-element-strings.ts';

export const ElementSendHome = withElementStrings(Home);
export const ProductsStepPage = withElementStrings(ProductsPage);
export const MatchingStepPage = withElementStrings(MatchingPage);
export const ContentStepPage = withElementStrings(ContentPage);
export const ConfirmStepPage = withElementStrings(ConfirmPage);
export const ElementReportPage = withElementStrings(ReportPage);
