import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { csrfFrom, type TestApp } from '../../support/app';

let ipSeq = 0;

/** A distinct client address per test (the app trusts X-Forwarded-For from loopback). */
export function freshIp(): string {
  ipSeq += 1;
  return `10.${process.pid % 250}.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`;
}

/** An agent whose every request comes from `ip`. */
export function agentFrom(t: TestApp, ip: string): TestAgent {
  const agent = request.agent(t.app);
  const orig = agent.get.bind(agent);
  const origPost = agent.post.bind(agent);
  agent.get = ((url: string) => orig(url).set('X-Forwarded-For', ip)) as typeof agent.get;
  agent.post = ((url: string) => origPost(url).set('X-Forwarded-For', ip)) as typeof agent.post;
  return agent;
}

/** Posts the login form (reading a fresh CSRF token first), with the page to go to after it when given. */
export async function postLogin(agent: TestAgent, username: string, password: string, target?: string): Promise<request.Response> {
  const page = await agent.get('/login');
  const form: Record<string, string> = { _username: username, _password: password, _csrf_token: csrfFrom(page.text) };
  if (target !== undefined) form._target = target;
  return agent.post('/login').type('form').send(form);
}

/** The `vigie.sid` cookie value set by a response. */
export function sidOf(res: request.Response): string | undefined {
  return String(res.headers['set-cookie'] ?? '').match(/vigie\.sid=([^;]+)/)?.[1];
}
