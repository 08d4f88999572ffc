/** A start-up failure is one readable line on stderr and exit code 1, never a stack-trace loop. */
export function fail(message: string): never {
  process.stderr.write(`DealClub could not start: ${message}\n`);
  process.exit(1);
}
