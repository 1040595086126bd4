// Installs code-server 4.100.3 (VS Code 1.100.3, the newest release that runs on Node 20) from the
// npm registry into a cache outside the clone, without its postinstall (which downloads ripgrep
// from GitHub). Idempotent: a marker is written only after `code-server --version` was verified.
// A lock directory keeps two concurrent runs from installing into the same folder.
//
// Usage: node test/vscode/install.mjs        (prints the code-server path)
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, chmodSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, appendFileSync, lstatSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3';
export const VSCODE_VERSION = '1.100.3';
export const APT_PACKAGES = ['libkrb5-dev', 'libsecret-1-dev', 'libx11-dev', 'libxkbfile-dev', 'ripgrep', 'chromium'];
const MARKER = '.doc-translate-installed';

export function cacheRoot() {
  if (process.env.DOC_TRANSLATE_CACHE) return process.env.DOC_TRANSLATE_CACHE;
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'doc-translate');
}

export function installDir() {
  return join(cacheRoot(), `code-server-${CODE_SERVER_VERSION}`);
}

export function codeServerBin(dir = installDir()) {
  return join(dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/** Command line that starts code-server: [executable, ...leading args]. */
export function codeServerCommand(dir = installDir()) {
  return [process.execPath, codeServerBin(dir)];
}

export function findChromium() {
  const candidates = [
    process.env.DOC_TRANSLATE_CHROMIUM,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ];
  return candidates.find((p) => p && existsSync(p));
}

function log(msg) {
  process.stderr.write(`[install] ${msg}\n`);
}

function missingDebianPackages() {
  if (spawnSync('dpkg', ['--version'], { stdio: 'ignore' }).status !== 0) return undefined;
  return APT_PACKAGES.filter((pkg) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    return r.status !== 0 || !r.stdout.includes('install ok installed');
  });
}

/** Why each Debian package is needed (said before anything is installed). */
const APT_PACKAGE_REASONS = {
  'libkrb5-dev': "headers to build code-server's kerberos module",
  'libsecret-1-dev': "headers to build code-server's keytar module",
  'libx11-dev': "headers to build code-server's native keymap module",
  'libxkbfile-dev': "headers to build code-server's native keymap module",
  ripgrep: 'search inside code-server (its own copy would come from GitHub)',
  chromium: 'the headless browser that drives the extension-host and UI tests',
};

/** Environment variable that allows installing Debian packages without asking (CI, unattended machines). */
const INSTALL_ENV = 'DOC_TRANSLATE_INSTALL_SYSTEM_PACKAGES';

function explain(needed) {
  return needed.map((p) => `  ${p.padEnd(16)} ${APT_PACKAGE_REASONS[p] ?? ''}`).join('\n');
}

async function askYesNo(question) {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/**
 * Makes sure the Debian packages are present. Nothing is installed without consent: as root with
 * apt-get, it installs them when DOC_TRANSLATE_INSTALL_SYSTEM_PACKAGES=1, or after saying what is
 * needed and why and asking (y/N) on a terminal; otherwise it throws an error naming exactly what
 * is missing and how to install it.
 * `forBuild` = false checks only what a finished install still needs at run time;
 * `browser` = false leaves Chromium out (`npm start` opens the workbench in your own browser).
 */
export async function ensureSystemPackages({ forBuild, browser = true }) {
  const missing = missingDebianPackages();
  if (missing === undefined) {
    // Not Debian: check the two executables we rely on and let the native build report headers.
    const lacks = [];
    if (forBuild && spawnSync('rg', ['--version'], { stdio: 'ignore' }).status !== 0) lacks.push('ripgrep (rg on PATH)');
    if (browser && !findChromium()) lacks.push('Chromium (set DOC_TRANSLATE_CHROMIUM to its executable)');
    if (lacks.length) throw new Error(`missing: ${lacks.join(', ')}`);
    return;
  }
  const needed = missing.filter((p) => (p === 'chromium' ? browser && !findChromium() : forBuild));
  if (needed.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const howTo = `${isRoot ? '' : 'sudo '}apt-get install -y --no-install-recommends ${needed.join(' ')}`;
  if (!isRoot || spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(`missing Debian packages:\n${explain(needed)}\ninstall them with: ${howTo}`);
  }
  process.stderr.write(`[install] These Debian packages are missing (apt-get also installs their dependencies):\n${explain(needed)}\n`);
  if (process.env[INSTALL_ENV] !== '1') {
    const interactive = process.stdin.isTTY && process.stderr.isTTY && !process.env.CI;
    if (!interactive) {
      throw new Error(
        `not installing Debian packages without consent. Install them with:\n  ${howTo}\n` +
          `or set ${INSTALL_ENV}=1 to let this script run apt-get update and apt-get install.`,
      );
    }
    const yes = await askYesNo(`[install] Run apt-get update and apt-get install as root now? [y/N] `);
    if (!yes) {
      throw new Error(`not installed. Install them yourself with:\n  ${howTo}\n(or set ${INSTALL_ENV}=1 to install without asking)`);
    }
  }
  log(`apt-get install ${needed.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const upd = spawnSync('apt-get', ['update', '-y'], { stdio: 'inherit', env });
  if (upd.status !== 0) throw new Error('apt-get update failed');
  const inst = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...needed], { stdio: 'inherit', env });
  if (inst.status !== 0) throw new Error(`apt-get install ${needed.join(' ')} failed`);
}

function run(cmd, args, cwd, logFile, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    appendFileSync(logFile, `\n$ (cd ${cwd} && ${cmd} ${args.join(' ')})\n`);
    const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', JOBS: 'max', ...extraEnv };
    // JOBS: node-gyp compiles with every core. nodedir: node-gyp downloads headers unless told
    // where the running Node's headers are.
    if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h') && process.execPath.startsWith('/usr/')) {
      env.npm_config_nodedir = '/usr';
    }
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => appendFileSync(logFile, d));
    child.stderr.on('data', (d) => appendFileSync(logFile, d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        const tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
        reject(new Error(`${cmd} ${args.join(' ')} failed with code ${code} in ${cwd}\n${tail}\n(full log: ${logFile})`));
      }
    });
  });
}

function symlink(target, path) {
  try {
    lstatSync(path);
    rmSync(path, { force: true, recursive: true });
  } catch {
    /* absent */
  }
  symlinkSync(target, path);
}

function verify(dir) {
  const [exe, ...args] = codeServerCommand(dir);
  // Without a private --config, code-server writes ~/.config/code-server/config.yaml.
  const config = join(dir, 'config.yaml');
  writeFileSync(config, 'auth: none\n');
  const r = spawnSync(exe, [...args, '--config', config, '--version'], { encoding: 'utf8', timeout: 60_000 });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  const line = out.split('\n').find((l) => l.includes(CODE_SERVER_VERSION) && l.includes(VSCODE_VERSION));
  if (r.status !== 0 || !line) {
    throw new Error(`code-server --version did not report ${CODE_SERVER_VERSION} with Code ${VSCODE_VERSION}:\n${out}`);
  }
  return line.trim();
}

async function build(dir) {
  const logFile = join(cacheRoot(), `code-server-${CODE_SERVER_VERSION}.install.log`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(logFile, `install of code-server ${CODE_SERVER_VERSION} at ${new Date().toISOString()}\n`);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'code-server-cache', private: true }) + '\n');
  const started = Date.now();
  const step = (name) => log(`${name} (${Math.round((Date.now() - started) / 1000)} s)`);
  const vscode = join(dir, 'node_modules', 'code-server', 'lib', 'vscode');

  step(`npm install code-server@${CODE_SERVER_VERSION} --ignore-scripts`);
  await run('npm', ['install', '--ignore-scripts', '--no-save', `code-server@${CODE_SERVER_VERSION}`], dir, logFile, { npm_config_unsafe_perm: 'true' });
  step('npm install in lib/vscode');
  await run('npm', ['install', '--omit=dev', '--ignore-scripts'], vscode, logFile);
  const rgSource = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim();
  if (!rgSource) throw new Error('ripgrep (rg) not found on PATH');
  const rgDir = join(vscode, 'node_modules', '@vscode', 'ripgrep', 'bin');
  mkdirSync(rgDir, { recursive: true });
  copyFileSync(rgSource, join(rgDir, 'rg'));
  chmodSync(join(rgDir, 'rg'), 0o755);
  step('npm rebuild native modules in lib/vscode');
  await run('npm', ['rebuild'], vscode, logFile, { npm_config_yes: 'true' });
  symlink('node_modules', join(vscode, 'node_modules.asar'));
  symlink('code-linux.sh', join(vscode, 'bin', 'remote-cli', 'code-server'));
  symlink('browser-linux.sh', join(vscode, 'bin', 'helpers', 'browser.sh'));
  step('npm install in lib/vscode/extensions');
  await run('npm', ['install', '--omit=dev', '--ignore-scripts'], join(vscode, 'extensions'), logFile);
  step('npm rebuild argon2 from source');
  await run('npm', ['rebuild', 'argon2'], dir, logFile, { npm_config_build_from_source: 'true' });
  const version = verify(dir);
  writeFileSync(join(dir, MARKER), `${version}\n`);
  step(`installed: ${version}`);
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

async function withLock(lockDir, fn) {
  const deadline = Date.now() + 15 * 60_000;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      let owner = NaN;
      try {
        owner = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
      } catch {
        /* being written */
      }
      if (Number.isInteger(owner) && owner > 0 && !pidAlive(owner)) {
        log(`removing stale lock of process ${owner}`);
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for install lock ${lockDir}`);
      if (!announced) {
        log(`waiting for another install (lock ${lockDir})`);
        announced = true;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Returns the install folder, installing code-server first if needed (`browser`: Chromium too). */
export async function ensureCodeServer({ browser = true } = {}) {
  const dir = installDir();
  const installed = () => existsSync(join(dir, MARKER)) && existsSync(codeServerBin(dir));
  if (installed()) {
    await ensureSystemPackages({ forBuild: false, browser });
    return dir;
  }
  await ensureSystemPackages({ forBuild: true, browser });
  mkdirSync(cacheRoot(), { recursive: true });
  await withLock(join(cacheRoot(), `code-server-${CODE_SERVER_VERSION}.lock`), async () => {
    if (installed()) return; // another run finished it while we waited
    log(`installing code-server ${CODE_SERVER_VERSION} into ${dir} (takes a minute or two)`);
    await build(dir);
  });
  return dir;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureCodeServer().then(
    (dir) => {
      process.stdout.write(`${codeServerBin(dir)}\n`);
    },
    (err) => {
      process.stderr.write(`[install] ${err.message}\n`);
      process.exit(1);
    },
  );
}

export const here = dirname(fileURLToPath(import.meta.url));
