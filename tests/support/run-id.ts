import path from 'node:path';

/**
 * An id for one test run, so that several runs on one machine (a developer's and a helper's,
 * say) never share databases, folders or ports. Set once by the first process of a run and
 * inherited by its workers through the environment.
 */
export function testRunId(): string {
  if (!process.env.VIGIE_TEST_RUN) process.env.VIGIE_TEST_RUN = String(process.pid);
  return process.env.VIGIE_TEST_RUN;
}

/** This run's folder of embedded databases: the migrated template and one copy per test file. */
export function embeddedRunDir(): string {
  return path.join(__dirname, '..', '..', 'var', `test-pglite-${testRunId()}`);
}

/** True when the run that owns `id` (a process id) has ended. */
export function runEnded(id: string): boolean {
  try {
    process.kill(Number(id), 0);
    return false;
  } catch {
    return true;
  }
}
