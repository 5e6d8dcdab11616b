import { z } from 'zod';

/**
 * Everything a handler reads from its environment. The stacks set these on every function; the local adapter
 * sets them for the emulators. AWS endpoints themselves come from the SDK's own AWS_ENDPOINT_URL_* variables.
 */
const envSchema = z.object({
  AWS_REGION: z.string().min(1),
  TABLE_NAME: z.string().min(1),
  DOCUMENTS_BUCKET: z.string().min(1),
  REPORTS_BUCKET: z.string().min(1),
  REPORTS_QUEUE_URL: z.string().min(1),
  EXPORTS_QUEUE_URL: z.string().min(1),
  FUNDING_QUEUE_URL: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  PORTAL_URL: z.url(),
  PROVIDER_NAME: z.string().min(1).default('Bonus Card'),
});
export type Env = z.infer<typeof envSchema>;

let parsed: Env | undefined;

export function env(): Env {
  parsed ??= envSchema.parse(process.env);
  return parsed;
}

/** The adapter and tests change the environment between runs; this forgets the cached reading. */
export function resetEnvForTests(): void {
  parsed = undefined;
}
