import { randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, InvalidCiphertextException, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from './env';
import type { SealedSecret } from './sealed-secret';
import { envelopeSealer, kmsDataKeys, localDataKeys, secretSealer, type DataKeySource } from './secret-sealer';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const context = { purpose: 'webhook-signing-secret', companyId: 'company-a', endpointId: 'ep_0000000000000001' };
const otherEndpoint = { ...context, endpointId: 'ep_0000000000000002' };

/** A local key source that counts how often a data key is opened. */
function countingLocalKeys(key = randomBytes(32)): DataKeySource & { unwrapped: number } {
  const keys = localDataKeys(key);
  const counting = {
    name: keys.name,
    unwrapped: 0,
    generate: keys.generate.bind(keys),
    async unwrap(wrapped: Buffer, unwrapContext: Readonly<Record<string, string>>) {
      counting.unwrapped += 1;
      return keys.unwrap(wrapped, unwrapContext);
    },
  };
  return counting;
}

/** The same bytes with one bit flipped, in base64 as stored. */
function flipped(base64: string, at = 0): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[at % bytes.length] = (bytes[at % bytes.length] ?? 0) ^ 1;
  return bytes.toString('base64');
}

describe('a sealed secret', () => {
  it('opens again to the same secret under the same context, and holds the secret in no readable form', async () => {
    const sealer = envelopeSealer(localDataKeys(randomBytes(32)));
    const sealed = await sealer.seal(secret, context);
    expect(await sealer.open(sealed, context)).toBe(secret);
    // Fields order differently, same context.
    expect(await sealer.open(sealed, { endpointId: context.endpointId, companyId: context.companyId, purpose: context.purpose })).toBe(secret);
    const stored = JSON.stringify(sealed);
    const keyBytes = Buffer.from(secret.slice('whsec_'.length), 'base64');
    expect(stored).not.toContain(secret.slice('whsec_'.length, 20));
    for (const field of Object.values(sealed)) {
      expect(Buffer.from(field, 'base64').includes(keyBytes.subarray(0, 8))).toBe(false);
      expect(Buffer.from(field, 'base64').toString('utf8')).not.toContain('whsec_');
    }
  });

  it('is a new ciphertext under a new data key every time, even for the same secret', async () => {
    const sealer = envelopeSealer(localDataKeys(randomBytes(32)));
    const [first, second] = await Promise.all([sealer.seal(secret, context), sealer.seal(secret, context)]);
    expect(first?.dataKey).not.toBe(second?.dataKey);
    expect(first?.ciphertext).not.toBe(second?.ciphertext);
  });

  it('is refused under another endpoint\'s or company\'s context, also when its data key is already open', async () => {
    const sealer = envelopeSealer(localDataKeys(randomBytes(32)));
    const sealed = await sealer.seal(secret, context);
    await expect(sealer.open(sealed, otherEndpoint)).rejects.toThrow(/does not open/);
    await expect(sealer.open(sealed, { ...context, companyId: 'company-b' })).rejects.toThrow(/does not open/);
    await expect(sealer.open(sealed, { companyId: context.companyId, endpointId: context.endpointId })).rejects.toThrow(/does not open/);
    // Opened once (its data key cached), then the whole sealed value copied to another endpoint: still refused.
    expect(await sealer.open(sealed, context)).toBe(secret);
    await expect(sealer.open(sealed, otherEndpoint)).rejects.toThrow(/does not open/);
  });

  it('is refused when any part of it was changed', async () => {
    const sealer = envelopeSealer(localDataKeys(randomBytes(32)));
    const sealed = await sealer.seal(secret, context);
    const tampered: SealedSecret[] = [
      { ...sealed, ciphertext: flipped(sealed.ciphertext, 5) },
      { ...sealed, tag: flipped(sealed.tag) },
      { ...sealed, iv: flipped(sealed.iv) },
      { ...sealed, dataKey: flipped(sealed.dataKey, 40) },
      { ...sealed, tag: Buffer.from(sealed.tag, 'base64').subarray(0, 12).toString('base64') },
    ];
    for (const changed of tampered) await expect(sealer.open(changed, context), JSON.stringify(changed)).rejects.toThrow(/does not open|malformed/);
    // The ciphertext of one sealed secret under another's data key.
    const other = await sealer.seal(secret, context);
    await expect(sealer.open({ ...other, ciphertext: sealed.ciphertext, iv: sealed.iv, tag: sealed.tag }, context)).rejects.toThrow(/does not open/);
  });

  it('is refused by another key, and by the KMS sealer when the local key sealed it', async () => {
    const sealed = await envelopeSealer(localDataKeys(randomBytes(32))).seal(secret, context);
    await expect(envelopeSealer(localDataKeys(randomBytes(32))).open(sealed, context)).rejects.toThrow(/does not open/);
    await expect(envelopeSealer(kmsDataKeys('arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab')).open(sealed, context)).rejects.toThrow(
      /sealed with the local key/,
    );
  });

  it('opens its data key once per warm function, however many opens ask at once, and again after the cache time', async () => {
    let now = 0;
    const keys = countingLocalKeys();
    const sealer = envelopeSealer(keys, () => now);
    const sealed = await sealer.seal(secret, context);
    expect(await Promise.all([sealer.open(sealed, context), sealer.open(sealed, context), sealer.open(sealed, context)])).toEqual([secret, secret, secret]);
    expect(keys.unwrapped).toBe(1);
    now += 14 * 60 * 1000;
    await sealer.open(sealed, context);
    expect(keys.unwrapped).toBe(1);
    now += 2 * 60 * 1000;
    await sealer.open(sealed, context);
    expect(keys.unwrapped).toBe(2);
  });

  it('does not keep a failed opening of its data key', async () => {
    const keys = countingLocalKeys();
    const sealer = envelopeSealer(keys);
    const sealed = await sealer.seal(secret, context);
    await expect(sealer.open({ ...sealed, dataKey: flipped(sealed.dataKey, 40) }, context)).rejects.toThrow();
    await expect(sealer.open({ ...sealed, dataKey: flipped(sealed.dataKey, 40) }, context)).rejects.toThrow();
    expect(keys.unwrapped).toBe(2);
  });
});

describe('the KMS key source', () => {
  const keyArn = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
  // No KMS emulator: KMS itself is played here, binding each data key to the context it was made under.
  const kmsMock = mockClient(KMSClient);
  const made = new Map<string, { plaintext: Uint8Array; context: string }>();
  beforeEach(() => {
    kmsMock.reset();
    made.clear();
    kmsMock.on(GenerateDataKeyCommand).callsFake((input: { EncryptionContext?: Record<string, string> }) => {
      const plaintext = randomBytes(32);
      const blob = randomBytes(48);
      made.set(blob.toString('base64'), { plaintext, context: JSON.stringify(input.EncryptionContext) });
      return { Plaintext: new Uint8Array(plaintext), CiphertextBlob: blob, KeyId: keyArn };
    });
    kmsMock.on(DecryptCommand).callsFake((input: { CiphertextBlob?: Uint8Array; EncryptionContext?: Record<string, string> }) => {
      const entry = made.get(Buffer.from(input.CiphertextBlob ?? []).toString('base64'));
      if (!entry || entry.context !== JSON.stringify(input.EncryptionContext)) throw new InvalidCiphertextException({ message: 'no', $metadata: {} });
      return { Plaintext: entry.plaintext, KeyId: keyArn };
    });
  });
  afterAll(() => kmsMock.restore());

  it('makes a 256-bit data key under the context and opens it naming the key and the same context', async () => {
    const sealer = envelopeSealer(kmsDataKeys(keyArn));
    const sealed = await sealer.seal(secret, context);
    expect(sealed.keySource).toBe('kms');
    expect(kmsMock.commandCalls(GenerateDataKeyCommand)[0]?.args[0].input).toEqual({ KeyId: keyArn, KeySpec: 'AES_256', EncryptionContext: context });
    expect(await sealer.open(sealed, context)).toBe(secret);
    expect(kmsMock.commandCalls(DecryptCommand)[0]?.args[0].input).toMatchObject({ KeyId: keyArn, EncryptionContext: context });
    await expect(sealer.open(sealed, otherEndpoint)).rejects.toThrow();
  });
});

describe('the sealer of the environment', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvForTests();
  });

  it('is the local key\'s when the environment gives one, and refuses an environment with both keys or none', async () => {
    const local = randomBytes(32).toString('base64');
    process.env = { ...saved, WEBHOOK_SECRETS_LOCAL_KEY: local, WEBHOOK_SECRETS_KEY_ARN: undefined };
    resetEnvForTests();
    const sealed = await secretSealer().seal(secret, context);
    expect(sealed.keySource).toBe('local');
    expect(await envelopeSealer(localDataKeys(Buffer.from(local, 'base64'))).open(sealed, context)).toBe(secret);

    process.env = { ...saved, WEBHOOK_SECRETS_LOCAL_KEY: local, WEBHOOK_SECRETS_KEY_ARN: 'arn:aws:kms:eu-west-1:111122223333:key/x' };
    resetEnvForTests();
    expect(() => secretSealer()).toThrow(/exactly one/);
    process.env = { ...saved, WEBHOOK_SECRETS_LOCAL_KEY: undefined, WEBHOOK_SECRETS_KEY_ARN: undefined };
    resetEnvForTests();
    expect(() => secretSealer()).toThrow(/exactly one/);
    process.env = { ...saved, WEBHOOK_SECRETS_LOCAL_KEY: randomBytes(16).toString('base64'), WEBHOOK_SECRETS_KEY_ARN: undefined };
    resetEnvForTests();
    expect(() => secretSealer()).toThrow(/256-bit/);
  });
});
