/** CLI output: JSON on stdout for scripts, readable lines otherwise. Diagnostics go to stderr. */
export function printResult(value: unknown, json: boolean, human: () => string): void {
  process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${human()}\n`);
}

export class UsageError extends Error {}
