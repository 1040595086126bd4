import * as vscode from 'vscode';

export type ReportProgress = (fraction: number) => void;

/**
 * Runs `task` under a cancellable notification. The CancellationToken becomes an AbortSignal
 * here, at the boundary, so everything below speaks AbortSignal only.
 */
export function withCancellableProgress<T>(
  title: string,
  task: (signal: AbortSignal, report: ReportProgress) => Promise<T>,
): Promise<T> {
  return Promise.resolve(
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        const subscription = token.onCancellationRequested(() => controller.abort());
        let reported = 0;
        const report: ReportProgress = (fraction) => {
          const percent = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
          if (percent <= reported) return;
          progress.report({ increment: percent - reported, message: `${percent}%` });
          reported = percent;
        };
        try {
          return await task(controller.signal, report);
        } finally {
          subscription.dispose();
        }
      },
    ),
  );
}
