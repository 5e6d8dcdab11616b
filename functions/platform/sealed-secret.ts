import * as z from 'zod/mini';

// Apart from secret-sealer.ts: a record that holds a sealed secret is read by functions that never open one, and must
// not bring the KMS client into their bundles.

/**
 * A secret as it is stored (envelope encryption): AES-256-GCM under a data key of its own, and that data key wrapped by
 * the key source, both bound to the context. Only the key source can unwrap the data key.
 */
export const sealedSecretSchema = /* @__PURE__ */ z.object({
  /** Which key wrapped the data key: KMS (a deployment) or the local cloud's own key. */
  keySource: z.enum(['kms', 'local']),
  /** The wrapped data key; for KMS its CiphertextBlob, which also names the KMS key. */
  dataKey: z.base64(),
  iv: z.base64(),
  ciphertext: z.base64(),
  tag: z.base64(),
});
export type SealedSecret = z.infer<typeof sealedSecretSchema>;
