import type { SecretBox } from "../modules/security/secret-box.js";
import { CadesSigner, type SignatureTimestamper } from "./cades-signer.js";
import { certificateFacts, importSigningKey, pemBody, type SealCa, type SealCertificateFacts } from "./seal-ca.js";

/** A seal's signing key as it rests: PKCS#8 sealed under the seal secret key, bound to `context`. */
export type SealedSigningKey = { sealedKey: string; context: string; certificatePem: string };

/**
 * The PAdES signer of a seal (an organisation's, or a notary office's): its key opened from the
 * secret box only for the signer's life, its certificate and the platform seal CA's as the chain,
 * and a signature time-stamp when a TSA is configured (B-T).
 */
export async function openSealSigner(key: SealedSigningKey, deps: { secrets: SecretBox; ca: Pick<SealCa, "certificateDer">; timestamper: SignatureTimestamper | null }): Promise<CadesSigner> {
  const pkcs8 = deps.secrets.open(key.sealedKey, key.context);
  if (!pkcs8) throw new Error(`seal: a signing key (${key.context}) does not open under the seal secret key`);
  try {
    return new CadesSigner({
      key: await importSigningKey(pkcs8),
      certificates: [pemBody(key.certificatePem), deps.ca.certificateDer],
      ...(deps.timestamper ? { timestamper: deps.timestamper } : {}),
    });
  } finally {
    pkcs8.fill(0);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A new key pair and certificate for `subject` from the platform seal CA, valid for `days` from
 * now (a minute back, for clocks a little behind), with the private key sealed at once under the
 * context `contextOf(serial)` and wiped from memory.
 */
export async function issueSealedKey(
  deps: { ca: Pick<SealCa, "issue">; secrets: SecretBox },
  subject: string,
  options: { now: number; days: number; contextOf: (serialNumber: string) => string },
): Promise<{ certificatePem: string; sealedKey: string; facts: SealCertificateFacts }> {
  const issued = await deps.ca.issue(subject, options.now - 60_000, options.now + options.days * DAY_MS);
  const facts = certificateFacts(issued.certificatePem);
  const sealedKey = deps.secrets.seal(issued.privateKeyPkcs8, options.contextOf(facts.serialNumber));
  issued.privateKeyPkcs8.fill(0);
  return { certificatePem: issued.certificatePem, sealedKey, facts };
}
