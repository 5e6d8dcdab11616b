import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand } from '@aws-sdk/client-kms';
import { kms } from './aws/kms';
import { webhookSecretsKeySource, type WebhookSecretsKeySource } from './env';
import type { SealedSecret } from './sealed-secret';

/**
 * What a sealed secret is bound to (a purpose and the ids of what owns it): opened under any other context, such as
 * another endpoint's, it is refused, so a sealed value copied from one item to another opens nowhere.
 */
export type SealContext = Readonly<Record<string, string>>;

/** The port: a secret sealed for storage, and opened again under the same context. */
export interface SecretSealer {
  seal(secret: string, context: SealContext): Promise<SealedSecret>;
  open(sealed: SealedSecret, context: SealContext): Promise<string>;
}

/** Where data keys come from and how a wrapped one is opened again: all that differs between the cloud and a laptop. */
export interface DataKeySource {
  readonly name: SealedSecret['keySource'];
  generate(context: SealContext): Promise<{ plaintext: Buffer; wrapped: Buffer }>;
  unwrap(wrapped: Buffer, context: SealContext): Promise<Buffer>;
}

/** KMS makes every data key (GenerateDataKey) and alone can open one (Decrypt), each call under the context. */
export function kmsDataKeys(keyArn: string): DataKeySource {
  return {
    name: 'kms',
    async generate(context) {
      const answer = await kms.send(new GenerateDataKeyCommand({ KeyId: keyArn, KeySpec: 'AES_256', EncryptionContext: { ...context } }));
      if (!answer.Plaintext || !answer.CiphertextBlob) throw new Error('KMS answered GenerateDataKey without a data key');
      return { plaintext: Buffer.from(answer.Plaintext), wrapped: Buffer.from(answer.CiphertextBlob) };
    },
    async unwrap(wrapped, context) {
      // The key named too: a blob that names another KMS key is refused instead of opened with that one.
      const answer = await kms.send(new DecryptCommand({ KeyId: keyArn, CiphertextBlob: wrapped, EncryptionContext: { ...context } }));
      if (!answer.Plaintext) throw new Error('KMS answered Decrypt without a data key');
      return Buffer.from(answer.Plaintext);
    },
  };
}

/**
 * The local cloud's stand-in for KMS: data keys are random and wrapped with AES-256-GCM under the local key, bound to
 * the context as KMS binds them.
 */
export function localDataKeys(localKey: Buffer): DataKeySource {
  if (localKey.byteLength !== 32) throw new Error('the local key must be 256 bits');
  return {
    name: 'local',
    async generate(context) {
      const plaintext = randomBytes(32);
      const { iv, ciphertext, tag } = gcmSeal(localKey, plaintext, aadOf('data-key', context));
      return { plaintext, wrapped: Buffer.concat([iv, tag, ciphertext]) };
    },
    async unwrap(wrapped, context) {
      return gcmOpen(localKey, { iv: wrapped.subarray(0, 12), tag: wrapped.subarray(12, 28), ciphertext: wrapped.subarray(28) }, aadOf('data-key', context));
    },
  };
}

/** Opened data keys are kept this long, and this many at most, per warm function: a delivery reuses its endpoint's. */
const dataKeyCacheMs = 15 * 60 * 1000;
const dataKeyCacheEntries = 500;

/**
 * Envelope encryption over a data key source. Every seal has a data key of its own (one GenerateDataKey: creating or
 * rotating a secret is rare); opened data keys are cached by context and wrapped key, the call in flight shared by
 * concurrent opens, a failed one not kept. The context is also the AES-GCM associated data of the secret itself.
 */
export function envelopeSealer(keys: DataKeySource, now: () => number = Date.now): SecretSealer {
  const opened = new Map<string, { key: Promise<Buffer>; until: number }>();
  const dataKeyOf = (sealed: SealedSecret, context: SealContext): Promise<Buffer> => {
    const id = `${canonical(context)}\n${sealed.dataKey}`;
    const cached = opened.get(id);
    opened.delete(id);
    if (cached && cached.until > now()) {
      // Back at the end: the map's order is the order of last use, and the least recently used goes first.
      opened.set(id, cached);
      return cached.key;
    }
    const key = keys.unwrap(Buffer.from(sealed.dataKey, 'base64'), context);
    opened.set(id, { key, until: now() + dataKeyCacheMs });
    key.catch(() => {
      if (opened.get(id)?.key === key) opened.delete(id);
    });
    for (const oldest of opened.keys()) {
      if (opened.size <= dataKeyCacheEntries) break;
      opened.delete(oldest);
    }
    return key;
  };
  return {
    async seal(secret, context) {
      const { plaintext, wrapped } = await keys.generate(context);
      try {
        const { iv, ciphertext, tag } = gcmSeal(plaintext, Buffer.from(secret, 'utf8'), aadOf('secret', context));
        return { keySource: keys.name, dataKey: wrapped.toString('base64'), iv: iv.toString('base64'), ciphertext: ciphertext.toString('base64'), tag: tag.toString('base64') };
      } finally {
        plaintext.fill(0);
      }
    },
    async open(sealed, context) {
      if (sealed.keySource !== keys.name) throw new Error(`the secret was sealed with the ${sealed.keySource} key, and this environment has the ${keys.name} one`);
      const dataKey = await dataKeyOf(sealed, context);
      const parts = { iv: Buffer.from(sealed.iv, 'base64'), tag: Buffer.from(sealed.tag, 'base64'), ciphertext: Buffer.from(sealed.ciphertext, 'base64') };
      return gcmOpen(dataKey, parts, aadOf('secret', context)).toString('utf8');
    },
  };
}

let chosen: { settings: WebhookSecretsKeySource; sealer: SecretSealer } | undefined;

/** The sealer of this environment: KMS when it names a key ARN (a deployment), else the local cloud's key. */
export function secretSealer(): SecretSealer {
  const settings = webhookSecretsKeySource();
  if (chosen?.settings !== settings) {
    const keys = settings.WEBHOOK_SECRETS_KEY_ARN !== undefined ? kmsDataKeys(settings.WEBHOOK_SECRETS_KEY_ARN) : localDataKeys(Buffer.from(settings.WEBHOOK_SECRETS_LOCAL_KEY ?? '', 'base64'));
    chosen = { settings, sealer: envelopeSealer(keys) };
  }
  return chosen.sealer;
}

/** One spelling of a context whatever the order of its fields. */
function canonical(context: SealContext): string {
  return JSON.stringify(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** What is bound besides the context: which of the two layers, so a wrapped data key is never taken for a secret. */
function aadOf(layer: 'data-key' | 'secret', context: SealContext): Buffer {
  return Buffer.from(`sealed-secret/v1/${layer}\n${canonical(context)}`, 'utf8');
}

interface GcmParts {
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

function gcmSeal(key: Buffer, plaintext: Buffer, aad: Buffer): GcmParts {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

function gcmOpen(key: Buffer, { iv, ciphertext, tag }: GcmParts, aad: Buffer): Buffer {
  if (iv.byteLength !== 12 || tag.byteLength !== 16) throw new Error('the sealed secret is malformed');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch (error) {
    throw new Error('the sealed secret does not open with this key under this context', { cause: error });
  }
}
