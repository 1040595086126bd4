/** Who reviews: `git config user.name` in the folder, read without a shell. */
import { execFile } from 'node:child_process';
import { cleanName } from './provenance.ts';

/** The git user name configured for `folder` (repository, global or system), or undefined when git or the setting is missing. */
export function gitUserName(folder: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['config', 'user.name'], { cwd: folder, timeout: 10_000, windowsHide: true }, (err, stdout) => {
      const name = err === null ? cleanName(String(stdout)) : '';
      resolve(name === '' ? undefined : name);
    });
  });
}
