// Integration tests start the app and talk to PostgreSQL: on a busy 2-core machine a hook may take
// more than Jest's default 5 s without anything being wrong. Speed is measured in bench/, not here.
jest.setTimeout(30_000);
