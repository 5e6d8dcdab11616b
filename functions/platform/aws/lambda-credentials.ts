import { fromEnv, type FromEnvInit } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the deployed bundles (the `alias` of
 * infra/constructs/handler-bundling.ts); nothing imports it by name. In Lambda the function role's credentials are
 * in the environment, the first place the SDK's default chain looks. The rest of that chain (SSO, web identity, ini
 * files, the instance metadata service, with nested STS and SSO clients) is ~140 KB that every cold start parsed and
 * never used: 15 ms of a handler's import (`npm run bench`). Unbundled, locally and in tests, the SDK keeps its
 * whole chain.
 */
export function defaultProvider(init: FromEnvInit = {}) {
  return fromEnv(init);
}
