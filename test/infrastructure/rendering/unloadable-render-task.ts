// A render thread's entry that fails as it loads (render-pool.test.ts): the pool must not wait for it for ever.
throw new Error('this render task cannot be loaded');
