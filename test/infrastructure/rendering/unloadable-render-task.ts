// A render thread's entry that fails as it loads (render-pool.test.ts), a moment after the thread started, while the
// renders handed to it wait for it: the pool must not leave them waiting for ever.
await new Promise((resolve) => setTimeout(resolve, 300));
throw new Error('this render task cannot be loaded');
