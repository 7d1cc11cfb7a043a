import { z } from "zod";
import { checkCertificateNo, CERTIFICATE_NO_MESSAGES } from "./certificate-no-rule";

export { CERTIFICATE_NO_PATTERN, CERTIFICATE_NO_PREFIX, certificateNoPattern, generateCertificateNo, normaliseCertificateNo } from "./certificate-no-rule";

/** A certificate number as typed, normalised (certificate-no-rule.ts: the rule, which the light pages check with too). */
export const CertificateNoSchema = z.string({ error: CERTIFICATE_NO_MESSAGES.required }).transform((input, context) => {
  const checked = checkCertificateNo(input);
  if (checked.ok) return checked.value;
  context.addIssue({ code: "custom", message: checked.message });
  return z.NEVER;
});
