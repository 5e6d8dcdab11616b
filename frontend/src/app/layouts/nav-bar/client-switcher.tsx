import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@shared/api/schemas';
import { useSession } from '@frontend/lib/session/session-context';

/** Lists the companies of the user; the selection follows the server's answer, not the click. */
export function ClientSwitcher({ profile }: { profile: Profile }) {
  const { t } = useTranslation('common');
  const { switchClient, switchingClient } = useSession();
  const id = useId();
  if (profile.clients.length < 2) return null;
  return (
    <div className="client-switcher">
      <label className="client-switcher__label" htmlFor={id}>
        {t('company.label')}
      </label>
      <select
        id={id}
        className="select select--compact"
        value={profile.currentClient?.companyId ?? ''}
        // One switch at a time: a second choice while the first is under way could land second and lose.
        disabled={switchingClient}
        aria-busy={switchingClient}
        onChange={(event) => switchClient(event.target.value)}
      >
        {!profile.currentClient && (
          <option value="" disabled>
            {t('company.choose')}
          </option>
        )}
        {profile.clients.map((client) => (
          <option key={client.companyId} value={client.companyId}>
            {client.name}
          </option>
        ))}
      </select>
    </div>
  );
}
