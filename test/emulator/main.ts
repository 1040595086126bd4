import { startEmulator } from './index.ts';

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: npm run emulator [-- --port N] [--storage-port N] [--seed N] [--job-speed X]\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): { port: number; storagePort: number; seed?: number; jobSpeed?: number } {
  const out: { port: number; storagePort: number; seed?: number; jobSpeed?: number } = { port: 8787, storagePort: 0 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const raw = argv[i + 1];
    const value = Number(raw);
    if (raw === undefined || !Number.isFinite(value)) usage(`missing or invalid value for ${flag}`);
    i++;
    if (flag === '--port') out.port = value;
    else if (flag === '--storage-port') out.storagePort = value;
    else if (flag === '--seed') out.seed = value;
    else if (flag === '--job-speed') out.jobSpeed = value;
    else usage(`unknown option ${flag}`);
  }
  return out;
}

async function main(): Promise<void> {
  const emulator = await startEmulator(parseArgs(process.argv.slice(2)));
  process.stdout.write(`${JSON.stringify({ base_url: emulator.baseUrl, api_key: emulator.apiKey, control_url: emulator.controlUrl })}\n`);
  process.stderr.write(`[emulator] storage origin ${emulator.storageUrl}; Ctrl+C to stop\n`);
  const stop = (): void => {
    void emulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`[emulator] failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
