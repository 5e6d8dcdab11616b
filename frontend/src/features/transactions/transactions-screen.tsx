import { PlaceholderPage } from '@frontend/components/placeholder-page/placeholder-page';

/** SPEC section 2 "Transactions": heading and empty state until the screen's issue fills it. */
export function TransactionsScreen() {
  return <PlaceholderPage namespace="transactions" />;
}
