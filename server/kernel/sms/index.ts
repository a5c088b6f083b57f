export { smsCount, SMS_LENGTH, RecordingSmsSender, TwilioSmsSender, createSmsSender, type SmsSender, type RecordedSms, type TwilioOptions } from './sms-sender';
