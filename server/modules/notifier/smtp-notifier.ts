import nodemailer, { type Transporter } from "nodemailer";

/** E-mail through any SMTP server (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpMailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async sendEmail(address: string, subject: string, text: string): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: address, subject, text });
  }
}
