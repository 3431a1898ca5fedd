// A render thread's task that fails every render (render-pool.test.ts): the render must still be served.
export async function renderTask(): Promise<never> {
  throw new Error('this render thread is out of order');
}
