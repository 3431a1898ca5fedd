// Forked by HttpProcesses in place of api/main.ts (test/infrastructure/runtime/http-processes.test.ts): with
// STAND_IN=exit it exits at once with code 3, as a process whose start failed; otherwise it reports ready and serves
// nothing until it is told to stop.
if (process.env.STAND_IN === 'exit') process.exit(3);
process.send({ type: 'http-process:ready' });
const alive = setInterval(() => undefined, 60_000);
process.on('SIGTERM', () => {
  clearInterval(alive);
  process.exit(0);
});
