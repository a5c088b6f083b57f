import nodeModule from 'node:module';

/**
 * First file the compiled server loads: on Node 22 and later, asks Node to keep the compiled code
 * of every module it loads in a disk cache (the system's temporary folder), so that the next start
 * reads ~1,600 modules without compiling them again (issue 21, start ≤ 1 s). Node checks each
 * entry against the file's content, so a new build never runs stale code. Node 20 has no such
 * cache: nothing happens there. Left off under tsx (`npm run dev`), whose loader compiles the
 * sources itself, and when `NODE_DISABLE_COMPILE_CACHE` is set (Node's own switch).
 */
const enable = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
if (enable && __filename.endsWith('.js') && !process.env.NODE_DISABLE_COMPILE_CACHE) enable();
