import * as vscode from 'vscode';

export type ReportProgress = (fraction: number) => void;

/** Below this, a request finishes before a notification would be worth showing. */
const SHOW_AFTER_MS = 400;

/**
 * Runs `task` with a cancellable progress notification that appears only if the task takes more
 * than a moment. The CancellationToken becomes an AbortSignal here, at the boundary, so everything
 * below speaks AbortSignal only.
 */
export async function withCancellableProgress<T>(
  title: string,
  task: (signal: AbortSignal, report: ReportProgress) => Promise<T>,
  showAfterMs = SHOW_AFTER_MS,
): Promise<T> {
  const controller = new AbortController();
  let latest = 0;
  let forward: ReportProgress | undefined;
  const running = task(controller.signal, (fraction) => {
    latest = fraction;
    forward?.(fraction);
  });
  const timer = setTimeout(() => {
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      const subscription = token.onCancellationRequested(() => controller.abort());
      forward = percentReporter(progress);
      forward(latest);
      try {
        // The notification closes when the task settles; the caller handles the outcome.
        await running.catch(() => undefined);
      } finally {
        subscription.dispose();
      }
    });
  }, showAfterMs);
  try {
    return await running;
  } finally {
    clearTimeout(timer);
  }
}

function percentReporter(progress: vscode.Progress<{ message?: string; increment?: number }>): ReportProgress {
  let reported = 0;
  return (fraction) => {
    const percent = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
    if (percent <= reported) return;
    progress.report({ increment: percent - reported, message: `${percent}%` });
    reported = percent;
  };
}
