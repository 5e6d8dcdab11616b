/**
 * A module (or any promise) loaded on first use and shared after; a failed load is forgotten, so the next use tries
 * again (the visitor was offline for a moment). For the small pages' code that loads after their first paint.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
