import * as z from 'zod/mini';

/** What /config.json must hold: the cloud writes it at deploy, the Vite plugin serves it in dev and preview. */
export const appConfigSchema = /* @__PURE__ */ z.object({
  apiUrl: z.string().check(z.minLength(1)),
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  cognitoEndpoint: z.nullable(z.string().check(z.minLength(1))),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

let current: AppConfig | null = null;
let loading: Promise<AppConfig> | null = null;

export function loadConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  loading = (async () => {
    const response = await fetchImpl('/config.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`config.json answered ${response.status}`);
    const config = appConfigSchema.parse(await response.json());
    current = config;
    return config;
  })();
  return loading;
}

/** The config once the load that start() began is done: for a page that paints before it arrives (/card). */
export function configLoaded(): Promise<AppConfig> {
  return loading ?? Promise.reject(new Error('loadConfig() was never started'));
}

/** The loaded config; main.tsx loads it before anything that needs it renders. */
export function getConfig(): AppConfig {
  if (!current) throw new Error('Runtime config read before loadConfig() finished');
  return current;
}

/** For tests. */
export function setConfig(config: AppConfig): void {
  current = config;
}
