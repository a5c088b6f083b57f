import { createSmsSender, RecordingSmsSender, smsCount, TwilioSmsSender } from './sms-sender';

describe('smsCount', () => {
  it('counts 160 characters per SMS, rounded up', () => {
    expect(smsCount('')).toBe(0);
    expect(smsCount('a')).toBe(1);
    expect(smsCount('a'.repeat(160))).toBe(1);
    expect(smsCount('a'.repeat(161))).toBe(2);
    expect(smsCount('é'.repeat(320))).toBe(2);
  });
});

describe('RecordingSmsSender', () => {
  it('keeps the messages and their cost', async () => {
    const sender = createSmsSender({ env: 'test' }) as RecordingSmsSender;
    expect(await sender.send('+33612345678', 'Votre code : 123456')).toEqual({ count: 1 });
    expect(sender.sent()).toEqual([{ to: '+33612345678', body: 'Votre code : 123456', count: 1 }]);
  });
});

describe('TwilioSmsSender', () => {
  it('posts the message to the Twilio API without leaving the machine', async () => {
    const requests: Array<Record<string, any>> = [];
    const httpClient = {
      async request(opts: Record<string, any>) {
        requests.push(opts);
        return { statusCode: 201, body: { sid: 'SM123', status: 'queued', to: opts.data.To, from: opts.data.From, body: opts.data.Body }, headers: {} };
      },
    };
    const sender = new TwilioSmsSender({ accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'secret', from: '+33700000000', httpClient });
    const body = 'Permis de feu : contrôle à effectuer dans 2 heures. '.repeat(4);
    expect(await sender.send('+33612345678', body)).toEqual({ count: 2 });
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req.method.toLowerCase()).toBe('post');
    expect(req.uri).toBe('https://api.twilio.com/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Messages.json');
    expect(req.data).toMatchObject({ To: '+33612345678', From: '+33700000000', Body: body });
  });

  it('is required to be configured in production', () => {
    expect(() => createSmsSender({ env: 'production' }, {})).toThrow('TWILIO_ACCOUNT_SID');
  });
});
