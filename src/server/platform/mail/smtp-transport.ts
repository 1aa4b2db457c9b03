// The one place that talks SMTP (nodemailer). The worker only sees MailTransport.
import nodemailer from 'nodemailer';

export type MailMessage = { from: string; to: string; subject: string; text: string; html?: string };

export type MailTransport = {
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
};

/** SMTP_URL such as smtp://user:pass@mail.example.com:587 or smtps://...:465. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // A stuck SMTP server must not hold a worker round (or app.close) for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close() {
      transporter.close();
    },
  };
}
