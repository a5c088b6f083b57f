/** Enhances the elements of a subtree (idempotent: each enhancer skips what it already did). */
export type Enhancer = (root: ParentNode) => void;
/** Releases what an enhancer attached to a subtree that is leaving the page. */
export type Teardown = (root: ParentNode) => void;

const enhancers: Enhancer[] = [];
const teardowns: Teardown[] = [];

/** Registers a behaviour run on the page at start and on every subtree added later. */
export function registerEnhancer(enhancer: Enhancer, teardownFn?: Teardown): void {
  enhancers.push(enhancer);
  if (teardownFn) teardowns.push(teardownFn);
}

// One failing behaviour must not stop the others.
function runEach(fns: Array<(root: ParentNode) => void>, root: ParentNode): void {
  for (const fn of fns) {
    try {
      fn(root);
    } catch (error) {
      console.error(error);
    }
  }
}

/** Runs every registered enhancer on `root`. */
export function enhance(root: ParentNode): void {
  runEach(enhancers, root);
}

/** Runs every registered teardown on `root` (before it is removed or its content replaced). */
export function teardown(root: ParentNode): void {
  runEach(teardowns, root);
}

/**
 * Enhances the document now and watches it: added elements are enhanced, removed ones
 * (still detached when the observer runs, so not merely moved) are torn down.
 */
export function startEnhancing(): void {
  enhance(document);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      record.removedNodes.forEach((node) => {
        if (node instanceof Element && !node.isConnected) teardown(node);
      });
      record.addedNodes.forEach((node) => {
        if (node instanceof Element && node.isConnected) enhance(node);
      });
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
}
