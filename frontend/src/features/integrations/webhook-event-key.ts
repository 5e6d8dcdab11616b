import type { WebhookDeliveryEventType } from '@shared/webhooks';

/** An event's translation key: i18next reads a '.' as a nesting. */
export const eventKey = (event: WebhookDeliveryEventType) => event.replace('.', '_');
