import type { ConnectedPlatform } from '@storecast/contract';
import type { Deps } from '../../deps.ts';
import { appSecret } from '../delivery/index.ts';
import { openSecret, sealSecret } from './seal-secret.ts';

/**
 * Which owner a sealed token is bound to (authenticated with it): a store's platform link
 * (`<shop id>:<platform>`), a claim not yet taken (`claim:<platform>:<domain>`), or a store's
 * sales-channel token (`<shop id>:channel:<kind>`). A sealed token copied to another row does not open.
 */
export const tokenContext = {
  link: (shopId: string, platform: ConnectedPlatform) => `${shopId}:${platform}`,
  claim: (platform: ConnectedPlatform, shopDomain: string) => `claim:${platform}:${shopDomain}`,
  channel: (shopId: string, kind: 'storefront' | 'admin') => `${shopId}:channel:${kind}`,
};

export async function sealToken(deps: Deps, token: string, context: string): Promise<string> {
  return sealSecret(await appSecret(deps.config, deps.dbh), token, context);
}

/** Throws SealedSecretError when it does not open. */
export async function openToken(deps: Deps, sealed: string, context: string): Promise<string> {
  return openSecret(await appSecret(deps.config, deps.dbh), sealed, context);
}
