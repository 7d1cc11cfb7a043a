/**
 * How the platform reaches people: SMS and e-mail. Real gateways sit behind this interface; the
 * development notifier writes to an outbox an operator can read instead of sending.
 */
export interface Notifier {
  sendSms(mobile: string, text: string): Promise<void>;
  sendEmail(address: string, subject: string, text: string): Promise<void>;
}
