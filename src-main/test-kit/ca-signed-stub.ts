import { issueLeaf, type CertAndKey } from '../net/tls/certificates';
import { httpsStub } from './self-signed-stub';

/**
 * An https merchant stub whose certificate (for 127.0.0.1 and localhost) is signed by `ca`: the merchant's
 * own CA, as a merchant's staging server has. Answers 200 `{}` and keeps the paths it was sent.
 */
export function caSignedStub(
  ca: CertAndKey,
): Promise<{ base: string; paths: string[]; stop(): Promise<void> }> {
  const leaf = issueLeaf(ca, ['127.0.0.1', 'localhost']);
  return httpsStub({ key: leaf.key, cert: leaf.cert });
}
