import { webhookSecretPurpose } from '@shared/webhooks';
import { secretSealer, type SealContext } from '../platform/secret-sealer';
import { signingSecrets, type SealedSigningSecret, type StoredSigningSecret, type WebhookEndpointRecord } from './webhook-records';

/** A signing secret is bound to its endpoint (and company): sealed for one, it opens for no other. */
function contextOf(endpoint: Pick<WebhookEndpointRecord, 'companyId' | 'endpointId'>): SealContext {
  return { purpose: webhookSecretPurpose, companyId: endpoint.companyId, endpointId: endpoint.endpointId };
}

export async function sealSigningSecret(
  endpoint: Pick<WebhookEndpointRecord, 'companyId' | 'endpointId'>,
  secret: string,
  createdAt: string,
  expiresAt: string | null = null,
): Promise<SealedSigningSecret> {
  return { sealed: await secretSealer().seal(secret, contextOf(endpoint)), createdAt, expiresAt };
}

/** An endpoint's stored secrets, every one sealed: a plaintext one (made before issue 30) is sealed now. */
export async function sealedSecrets(endpoint: Pick<WebhookEndpointRecord, 'companyId' | 'endpointId'> & { secrets: readonly StoredSigningSecret[] }): Promise<SealedSigningSecret[]> {
  return Promise.all(endpoint.secrets.map((stored) => ('sealed' in stored ? stored : sealSigningSecret(endpoint, stored.secret, stored.createdAt, stored.expiresAt))));
}

export function holdsPlaintext(endpoint: { secrets: readonly StoredSigningSecret[] }): boolean {
  return endpoint.secrets.some((stored) => !('sealed' in stored));
}

/** The secrets that sign a delivery now, opened. */
export async function openSigningSecrets(endpoint: Pick<WebhookEndpointRecord, 'companyId' | 'endpointId' | 'secrets'>, now = new Date()): Promise<string[]> {
  const sealer = secretSealer();
  return Promise.all(signingSecrets(endpoint.secrets, now).map((stored) => ('sealed' in stored ? sealer.open(stored.sealed, contextOf(endpoint)) : stored.secret)));
}
