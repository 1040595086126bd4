// Every long-lived process the harness starts (emulator, code-server, Chromium) runs in its own
// process group so that the whole tree (code-server forks an extension host, a file watcher and a
// pty host) can be ended at once, on every path: success, failure, timeout, Ctrl+C.
import { spawn } from 'node:child_process';
import { createWriteStream, rmSync } from 'node:fs';
import { createServer } from 'node:net';

const groups = new Map(); // pgid -> name
const tempDirs = new Set();

/** A temp folder removed when this process exits, if its owner has not removed it before. */
export function trackTempDir(path) {
  tempDirs.add(path);
  return path;
}

export function removeTempDir(path) {
  tempDirs.delete(path);
  rmSync(path, { recursive: true, force: true });
}

export function trackGroup(pid, name) {
  if (pid) groups.set(pid, name);
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** SIGTERM the group, then SIGKILL what is left after `graceMs`. */
export async function killGroup(pgid, graceMs = 3000) {
  groups.delete(pgid);
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!groupAlive(pgid)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

export async function killAll() {
  await Promise.all([...groups.keys()].map((pgid) => killGroup(pgid)));
}

function killAllSync() {
  for (const pgid of groups.keys()) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  groups.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

let handlersInstalled = false;
/** Ends every tracked group when this process is interrupted or exits. */
export function installCleanupHandlers(onSignal) {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', killAllSync);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      process.stderr.write(`\n[harness] ${sig}: stopping every process started\n`);
      void killAll()
        .then(() => onSignal?.())
        .catch(() => {})
        .finally(() => process.exit(130));
    });
  }
}

/**
 * Spawns `cmd` detached (its own process group), tracked for cleanup. stdout and stderr are
 * appended to `logFile` (if given) and passed to `onLine` line by line.
 */
export function spawnGroup(name, cmd, args, { cwd, env, logFile, onLine } = {}) {
  const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  trackGroup(child.pid, name);
  const log = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream.on('data', (chunk) => {
      log?.write(chunk);
      if (!onLine) return;
      buf += chunk.toString('utf8');
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        onLine(buf.slice(0, nl), stream === child.stderr ? 'stderr' : 'stdout');
        buf = buf.slice(nl + 1);
      }
    });
  }
  child.on('close', () => {
    log?.end();
    groups.delete(child.pid);
  });
  child.on('error', (err) => {
    log?.write(`spawn error: ${err.message}\n`);
  });
  return child;
}

/** Resolves with the first line for which `match` returns a value, or rejects on timeout/exit. */
export function waitForLine(child, match, timeoutMs, what) {
  return new Promise((resolve, reject) => {
    let buf = '';
    const onData = (chunk) => {
      buf += chunk.toString('utf8');
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        const value = match(line);
        if (value !== undefined && value !== null && value !== false) {
          done();
          resolve(value);
          return;
        }
      }
    };
    const onClose = (code) => {
      done();
      reject(new Error(`${what}: process exited with code ${code} before it was ready`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${what}: not ready after ${timeoutMs / 1000} s`));
    }, timeoutMs);
    function done() {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      child.off('close', onClose);
    }
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', onClose);
  });
}

export function freePort(preferred = 0) {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', (err) => {
      if (preferred !== 0) resolve(freePort(0));
      else reject(err);
    });
    srv.listen(preferred, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
