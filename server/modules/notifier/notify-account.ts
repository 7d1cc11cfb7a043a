import type { Notifier } from "./notifier.js";

/** A notice to an account holder: the SMS text (the platform's 【衡证】 mark is added), and the e-mail's subject and body. */
export type AccountNotice = { subject: string; text: string };

/**
 * Tells an account holder something that happened to their account: by SMS to the account's
 * mobile, else by e-mail to its address (spec §6: an account has one or the other or both). A
 * notice that cannot be sent is logged and does not undo what it tells of.
 */
export async function notifyAccount(
  notifier: Notifier,
  account: { mobile: string | null; mail: string | null } | undefined,
  notice: AccountNotice,
  onFailure: (error: unknown) => void,
): Promise<void> {
  try {
    if (account?.mobile) await notifier.sendSms(account.mobile, `【衡证】${notice.text}`);
    else if (account?.mail) await notifier.sendEmail(account.mail, notice.subject, `${notice.text}\n\n衡证电子证据平台`);
  } catch (error) {
    onFailure(error);
  }
}
