import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { CardOverview, cardQueryKey } from './card-overview';
import { forgetCardSession, readCardSession, storeCardSession, type CardSession } from './card-session';
import { CodeStep, PhoneStep } from './sign-in-steps';
import './card.css';

/**
 * /card, the employee's own page (mobile first): the phone, the SMS code, then the card with its balance and
 * recent transactions, where the employee blocks or unblocks it. A session that ends (signed out, expired, access
 * blocked by the company) leads back to the phone step, saying why.
 */
export function CardScreen() {
  const { t } = useTranslation('card');
  useDocumentTitle(t('title'));
  const queryClient = useQueryClient();
  const [session, setSession] = useState<CardSession | null>(() => readCardSession());
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [endedBecause, setEndedBecause] = useState<string | null>(null);

  const end = (reason: string | null) => {
    forgetCardSession();
    queryClient.removeQueries({ queryKey: cardQueryKey });
    setSession(null);
    setCodeSentTo(null);
    setEndedBecause(reason);
  };

  if (session) return <CardOverview session={session} onEnded={end} />;
  if (codeSentTo !== null) {
    return (
      <CodeStep
        phone={codeSentTo}
        onSignedIn={(started) => {
          storeCardSession(started);
          setEndedBecause(null);
          setSession(started);
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
