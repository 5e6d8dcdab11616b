import { useState } from 'react';
import { useLiteTranslation } from '@frontend/lib/lite-i18n';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { CardOverview } from './card-overview';
import { forgetCardSession, hasStoredCardSession, storeCardSession } from './card-session-storage';
import { CodeStep, PhoneStep } from './sign-in-steps';
import './card.css';

/**
 * /card, the employee's own page (mobile first): the phone, the SMS code, then the card with its balance and
 * recent transactions, where the employee blocks or unblocks it. A session that ends (signed out, expired, access
 * blocked by the company) leads back to the phone step, saying why.
 */
export function CardScreen() {
  const { t } = useLiteTranslation();
  useDocumentTitle(t('card:title'));
  // Which session the overview shows: a new one mounts a new overview, so nothing of the last one is shown.
  const [session, setSession] = useState<number | null>(() => (hasStoredCardSession() ? 0 : null));
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [endedBecause, setEndedBecause] = useState<string | null>(null);

  const end = (reason: string | null) => {
    forgetCardSession();
    setSession(null);
    setCodeSentTo(null);
    setEndedBecause(reason);
  };

  if (session !== null) return <CardOverview key={session} onEnded={end} />;
  if (codeSentTo !== null) {
    return (
      <CodeStep
        phone={codeSentTo}
        onSignedIn={(started) => {
          storeCardSession(started);
          setEndedBecause(null);
          setSession((last) => (last ?? 0) + 1);
        }}
        onChangePhone={() => setCodeSentTo(null)}
      />
    );
  }
  return (
    <PhoneStep
      endedBecause={endedBecause}
      onSent={(phone) => {
        setEndedBecause(null);
        setCodeSentTo(phone);
      }}
    />
  );
}
