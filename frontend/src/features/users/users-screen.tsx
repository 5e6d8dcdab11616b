import { PlaceholderPage } from '@frontend/components/placeholder-page/placeholder-page';

/** SPEC section 2 "Users": heading and empty state until the screen's issue fills it. */
export function UsersScreen() {
  return <PlaceholderPage namespace="users" />;
}
