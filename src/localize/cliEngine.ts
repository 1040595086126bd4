/**
 * What the command line loads for a real command (main.ts), apart from its `--version` and
 * `--help` answers: the npm package ships it as its own file (cli/dist/doc-translate-engine.js),
 * so that those answers never parse the engine. The engine's modules are evaluated by `loadCli`
 * only, after the stat cache's workers have started (`prestartScan`).
 */
export { parseArgs } from './cliArgs.ts';
export { prestartScan } from './statCacheFile.ts';
export const loadCli = (): Promise<typeof import('./cli.ts')> => import('./cli.ts');
