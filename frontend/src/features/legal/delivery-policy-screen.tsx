import { LegalDocument } from './legal-document';

const sections = ['ordering', 'timing', 'address', 'activation', 'replacement', 'returns'] as const;

export function DeliveryPolicyScreen() {
  return <LegalDocument document="delivery" sections={sections} updated="2025-01-01" />;
}
