import { LegalDocument } from './legal-document';

const sections = ['service', 'account', 'cards', 'funds', 'fees', 'liability', 'changes'] as const;

export function TermsScreen() {
  return <LegalDocument document="terms" sections={sections} updated="2025-01-01" />;
}
