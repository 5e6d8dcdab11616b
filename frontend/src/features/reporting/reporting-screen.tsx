import { PlaceholderPage } from '@frontend/components/placeholder-page/placeholder-page';

/** SPEC section 2 "Reporting": heading and empty state until the screen's issue fills it. */
export function ReportingScreen() {
  return <PlaceholderPage namespace="reporting" />;
}
