import type { Notifier } from "./notifier.js";

/** A notice to one account: the e-mail's subject and the text both channels carry. */
export type AccountNotice = { subject: string; text: string };

/** The contact details a notice is sent to. */
export type NoticeRecipient = { id: number; mobile: string | null; mail: string | null };

export type NoticeLog = { warn(object: object, message: string): void };

/**
 * Tells an account something by SMS to its mobile, else by e-mail (the platform's channels, spec
 * §4). A notice that cannot be sent is logged under `what` and never fails the change it reports:
 * the change has been made, and the page shows it too.
 */
export async function sendAccountNotice(notifier: Notifier, log: NoticeLog, recipient: NoticeRecipient | undefined, notice: AccountNotice, what: string): Promise<void> {
  if (!recipient) return;
  try {
    if (recipient.mobile) await notifier.sendSms(recipient.mobile, `【衡证】${notice.text}`);
    else if (recipient.mail) await notifier.sendEmail(recipient.mail, notice.subject, `${notice.text}\n\n衡证电子证据平台`);
  } catch (error) {
    log.warn({ userId: recipient.id, error: error instanceof Error ? error.message : String(error) }, what);
  }
}
