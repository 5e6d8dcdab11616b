import { useTranslation } from 'react-i18next';
import { ResendLink, ResendOutcome, type ResendLinkProps } from './resend-link';
import type { ResendState } from '@frontend/lib/use-resend-link';

/** The portal's ResendOutcome: translated by i18next. */
export function ResendStatus({ state }: { state: ResendState }) {
  const { t } = useTranslation(['common', 'errors']);
  return <ResendOutcome state={state} t={t} />;
}

/** The portal's ResendLink: translated by i18next. */
export function ResendLinkButton(props: Omit<ResendLinkProps, 't'>) {
  const { t } = useTranslation(['common', 'errors']);
  return <ResendLink {...props} t={t} />;
}
