import { PlaceholderPage } from '@frontend/components/placeholder-page/placeholder-page';

/** SPEC section 2 "Messaging": heading and empty state until the screen's issue fills it. */
export function MessagingScreen() {
  return <PlaceholderPage namespace="messaging" />;
}
