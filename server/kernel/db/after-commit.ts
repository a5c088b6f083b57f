import { EventSubscriber, type EntityManager, type EntitySubscriberInterface, type QueryRunner, type TransactionCommitEvent, type TransactionRollbackEvent } from 'typeorm';

/** Work queued on a transaction, with the depth (savepoint level) it was queued at. */
interface Queued {
  depth: number;
  run: (manager: EntityManager) => Promise<void>;
}

const queues = new WeakMap<QueryRunner, Queued[]>();

/**
 * Runs `work` once the transaction of `manager` has committed (at once when there is none), and
 * never if it rolls back: what must only happen to committed rows — moving an upload to the key
 * its row names, say — happens then. `work` gets a manager on the same connection, now outside
 * the transaction: it must query through it (the embedded database's pool has one connection,
 * still held here). A failure is reported and left to the caller's own repair (the storage
 * reconciliation finishes interrupted moves).
 */
export function afterCommit(manager: EntityManager, work: (manager: EntityManager) => Promise<void>): void {
  const qr = manager.queryRunner;
  const run = (m: EntityManager) => work(m).catch((err) => console.error('[db] après validation : échec', err));
  if (!qr || !qr.isTransactionActive) {
    void run(manager);
    return;
  }
  const queue = queues.get(qr) ?? [];
  queue.push({ depth: (qr as unknown as { transactionDepth?: number }).transactionDepth ?? 1, run });
  queues.set(qr, queue);
}

/** TypeORM subscriber that runs {@link afterCommit} work; registered by `createDataSource`. */
@EventSubscriber()
export class AfterCommitSubscriber implements EntitySubscriberInterface {
  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const qr = event.queryRunner;
    // A released savepoint is not a commit: its work waits for the outermost COMMIT.
    if (qr.isTransactionActive) return;
    const queue = queues.get(qr);
    queues.delete(qr);
    for (const item of queue ?? []) await item.run(event.manager);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const qr = event.queryRunner;
    const depth = (qr as unknown as { transactionDepth?: number }).transactionDepth ?? 0;
    if (!qr.isTransactionActive) {
      queues.delete(qr);
      return;
    }
    // Rolled back to a savepoint: drop what was queued inside it.
    const queue = queues.get(qr)?.filter((item) => item.depth <= depth);
    if (queue) queues.set(qr, queue);
  }
}
