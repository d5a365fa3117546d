// Test child: prints its terminal size at start and on every SIGWINCH; exits when it reads "q".
process.stdout.write(`SIZE ${process.stdout.columns}x${process.stdout.rows}\n`);
process.on('SIGWINCH', () => process.stdout.write(`SIZE ${process.stdout.columns}x${process.stdout.rows}\n`));
process.stdin.setRawMode(true);
process.stdin.on('data', (d) => {
  if (d.includes(0x71)) process.exit(0);
});
