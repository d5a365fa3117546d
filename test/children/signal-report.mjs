// Test child: announces its parent pid, then reports which signal it got and exits with the given code
// (or, with "die", lets the signal kill it).
const [mode = 'die'] = process.argv.slice(2);
for (const sig of ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT']) {
  process.on(sig, () => {
    process.stdout.write(`GOT ${sig}\n`);
    if (mode === 'die') {
      process.removeAllListeners(sig);
      process.kill(process.pid, sig);
    } else {
      process.exit(Number(mode));
    }
  });
}
// READY only once the handlers are in place, so a test's signal can never arrive before them.
process.stdout.write(`READY ppid=${process.ppid}\n`);
setInterval(() => {}, 1000);
