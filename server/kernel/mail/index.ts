export { Mailer, createMailer, htmlToText, DEFAULT_MAIL_FROM, type MailMessage, type MailAttachment, type SentMail } from './mailer';
