import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPair);

export interface DkimKeyPair {
  selector: string;
  /** PEM, PKCS#8: what nodemailer signs with. */
  privateKey: string;
  /** Base64 SPKI DER: the `p=` tag of the DKIM TXT record. */
  publicKey: string;
}

/**
 * A fresh RSA-2048 key (Gmail recommends 2048 bits) with a random selector, so a re-issued key
 * never collides with a record the store still has published for an old one.
 */
export async function generateDkimKey(): Promise<DkimKeyPair> {
  const { privateKey, publicKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    selector: `sc${randomBytes(4).toString('hex')}`,
    privateKey,
    publicKey: Buffer.from(publicKey).toString('base64'),
  };
}

/** The TXT value to publish at `<selector>._domainkey.<domain>`. */
export const dkimRecordValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;
