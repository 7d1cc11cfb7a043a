import type { Notifier } from "./notifier.js";

/** A notice for an account holder: one text for SMS, the same with a subject for e-mail. */
export type AccountNotice = { subject: string; text: string };

/**
 * Sends a notice to an account by SMS to its mobile, else by e-mail to its mailbox; an account
 * with neither is not reached. Answers whether it was sent.
 */
export async function notifyAccount(notifier: Notifier, account: { mobile: string | null; mail: string | null }, notice: AccountNotice): Promise<boolean> {
  if (account.mobile) await notifier.sendSms(account.mobile, `【衡证】${notice.text}`);
  else if (account.mail) await notifier.sendEmail(account.mail, notice.subject, `${notice.text}\n\n衡证电子证据平台`);
  else return false;
  return true;
}
