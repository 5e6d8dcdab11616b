import { PlaceholderPage } from '@frontend/components/placeholder-page/placeholder-page';

/** SPEC section 2 "Settings": heading and empty state until the screen's issue fills it. */
export function SettingsScreen() {
  return <PlaceholderPage namespace="settings" />;
}
