/** Spec part 1 §9: a toast stays 5 seconds. */
export const TOAST_DURATION_MS = 5000;

export interface ToastMessage {
  title: string;
  description?: string;
  /** `destructive` for failures (the spec's destructive style). */
  variant?: 'default' | 'success' | 'destructive';
}

/**
 * Shows a toast, replacing any toast on screen: only one toast shows at a time (spec part 1 §8).
 * Use this instead of calling sonner directly.
 */
export function notify({ title, description, variant = 'default' }: ToastMessage): void {
  // sonner is loaded on demand (the shell's <Toaster> loads it too): it stays out of the first load.
  void import('sonner').then(({ toast }) => {
    toast.dismiss();
    const options = { description, duration: TOAST_DURATION_MS };
    if (variant === 'destructive') toast.error(title, options);
    else if (variant === 'success') toast.success(title, options);
    else toast(title, options);
  });
}
